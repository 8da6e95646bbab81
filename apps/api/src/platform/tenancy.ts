import { CLIENT_ID_HEADER, clientIdSchema, type Theme } from '@central/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { IxcClient } from '../integrations/ixc/client.ts';
import { findTenantByClientId, type TenantRow } from '../modules/tenancy/repository.ts';
import { AppError } from './errors.ts';
import { decryptSecret } from './secrets.ts';

/** A resolved provider, with its ERP client built from its decrypted credentials. */
export interface Tenant {
  id: string;
  clientId: string;
  alias: string;
  theme: Theme;
  ixc: IxcClient;
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
      featureFlags: [],
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
