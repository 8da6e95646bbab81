import { CLIENT_ID_HEADER, clientIdSchema, type Theme } from '@central/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { CieloClient } from '../integrations/cielo/client.ts';
import { IxcClient } from '../integrations/ixc/client.ts';
import { findTenantByClientId, findTenantById, type TenantRow } from '../modules/tenancy/repository.ts';
import { AppError } from './errors.ts';
import { decryptSecret } from './secrets.ts';

/** A resolved provider, with its ERP client built from its decrypted credentials. */
export interface Tenant {
  id: string;
  clientId: string;
  alias: string;
  theme: Theme;
  ixc: IxcClient;
  /** spec §9: days ahead of today that the to-pay list covers. */
  invoiceWindowDays: number;
  /** The card gateway, when the provider has one: then its subscribers carry the credit_card flag. */
  cielo: CieloClient | null;
  featureFlags: 'credit_card'[];
}

const CACHE_TTL_MS = 5_000;

/**
 * Resolves the tenant named by a request's `client_id` header. Rows are cached for a few seconds
 * per process so that a suspension reaches every process quickly without a query per request.
 */
export function createTenantResolver(deps: { db: Db; encryptionKey: Buffer; ixcTimeoutMs: number }) {
  const cache = new Map<string, { at: number; tenant: Tenant | null }>();

  function toTenant(row: TenantRow): Tenant {
    const cielo =
      row.cieloMerchantId && row.cieloMerchantKeyEnc && row.cieloApiUrl
        ? new CieloClient({
            apiUrl: row.cieloApiUrl,
            queryUrl: row.cieloQueryUrl ?? row.cieloApiUrl,
            merchantId: row.cieloMerchantId,
            merchantKey: decryptSecret(deps.encryptionKey, row.cieloMerchantKeyEnc),
          })
        : null;
    return {
      id: row.id,
      clientId: row.clientId,
      alias: row.alias,
      theme: themeOf(row),
      ixc: new IxcClient({
        domain: row.ixcDomain,
        token: decryptSecret(deps.encryptionKey, row.ixcAccessTokenEnc),
        timeoutMs: deps.ixcTimeoutMs,
        readRetries: 1,
      }),
      invoiceWindowDays: row.invoiceWindowDays,
      cielo,
      featureFlags: cielo ? ['credit_card'] : [],
    };
  }

  async function byClientId(clientId: string): Promise<Tenant | null> {
    const hit = cache.get(clientId);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.tenant;
    const row = await findTenantByClientId(deps.db, clientId);
    const tenant = row && !row.suspendedAt ? toTenant(row) : null;
    cache.set(clientId, { at: Date.now(), tenant });
    return tenant;
  }

  return {
    byClientId,
    async byId(id: string): Promise<Tenant | null> {
      const row = await findTenantById(deps.db, id);
      return row ? byClientId(row.clientId) : null;
    },
    /** The tenant of a request, or a 404 that says so. */
    async fromRequest(request: FastifyRequest): Promise<Tenant> {
      const raw = request.headers[CLIENT_ID_HEADER];
      const parsed = clientIdSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
      if (!parsed.success) throw new AppError(404, 'TENANT_NOT_FOUND');
      const tenant = await byClientId(parsed.data);
      if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND');
      return tenant;
    },
    forget(clientId: string) {
      cache.delete(clientId);
    },
  };
}
export type TenantResolver = ReturnType<typeof createTenantResolver>;

export function themeOf(row: TenantRow): Theme {
  return {
    client_id: row.clientId,
    alias: row.alias,
    vertical_logo_url: row.verticalLogoUrl,
    horizontal_logo_url: row.horizontalLogoUrl,
    app_logo_url: row.appLogoUrl,
    favicon_url: row.faviconUrl,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    whatsapp_number: row.whatsappNumber,
    phone_number: row.phoneNumber,
    contact_email: row.contactEmail,
    faq_url: row.faqUrl,
    support_type: row.supportType,
  };
}
