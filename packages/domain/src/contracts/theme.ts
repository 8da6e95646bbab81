import { z } from '../zod.ts';

export const supportTypes = ['os', 'customer_service'] as const;

/** spec §1: the theme a tenant's SPA loads at start-up. */
export const themeSchema = z
  .object({
    client_id: z.string(),
    alias: z.string(),
    vertical_logo_url: z.string(),
    horizontal_logo_url: z.string().nullable(),
    app_logo_url: z.string().nullable(),
    favicon_url: z.string().nullable(),
    primary_color: z.string(),
    secondary_color: z.string().nullable(),
    whatsapp_number: z.string().nullable(),
    phone_number: z.string().nullable(),
    contact_email: z.string().nullable(),
    faq_url: z.string().nullable(),
    support_type: z.enum(supportTypes),
    /** spec §2.5: 'Solicitar Atendimento' opens the provider's WhatsApp chat instead of the request form. */
    support_chat: z.boolean(),
    /** spec §6: the contract download button (the provider's print model is set and the download is on). */
    show_contract_download: z.boolean(),
    /** spec §6: the annual debt-settlement statement block (Lei 12.007/2009). */
    show_annual_statement: z.boolean(),
    /** The provider's legal name (razão social) and CNPJ, for the terms page; null when not configured. */
    legal_name: z.string().nullable(),
    cnpj: z.string().nullable(),
    /** The provider's address as one line. */
    address: z.string().nullable(),
  })
  .meta({ id: 'Theme' });
export type Theme = z.infer<typeof themeSchema>;

/** Every API call names its tenant in this header (ARCHITECTURE §3). */
export const CLIENT_ID_HEADER = 'client_id';
export const clientIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Identificador de provedor inválido');

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * ARCHITECTURE §3: the tenant of a host name is its first label (`acme.example.com` → `acme`); a bare
 * host, an IPv4 or an IPv6 address gets `fallback`. The SPA names its tenant so, and the server does the
 * same for what the browser fetches without a client_id header (the web app manifest).
 */
export function clientIdFromHost(hostname: string, fallback: string): string {
  const host = hostname.toLowerCase();
  if (IPV4.test(host) || host.includes(':') || host.startsWith('[')) return fallback;
  const labels = host.split('.').filter(Boolean);
  return labels.length > 1 && labels[0] ? labels[0] : fallback;
}

/** The primary colour of a tenant whose own is no colour (MUI's blue). */
export const FALLBACK_PRIMARY_COLOR = '#1976d2';

/** Tenants type colours by hand: `0B5CAD` is taken as `#0B5CAD`; anything that is no CSS colour is undefined. */
export function tenantColor(value: string | null | undefined): string | undefined {
  const color = value?.trim();
  if (!color) return undefined;
  if (/^[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color)) return `#${color}`;
  if (/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color) || /^(rgb|hsl)a?\(.+\)$/i.test(color)) return color;
  return undefined;
}
