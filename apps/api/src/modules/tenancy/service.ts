import { clientIdSchema, type Theme } from '@central/domain';
import { AppError, rateLimited } from '../../platform/errors.ts';
import { clientBucket, type RateLimiter } from '../../platform/rate-limit.ts';
import type { TenantResolver } from '../../platform/tenancy.ts';

/**
 * The theme routes are public and each one resolves a tenant, so they are limited per IP bucket before
 * any lookup (issue #8 item 7); generous, since a whole CGNAT may share one address.
 */
export const THEME_LIMIT = { limit: 600, windowMs: 60_000 };

export function createTenancyService(deps: { tenants: TenantResolver; limiter: RateLimiter }) {
  return {
    /** The theme of `clientId` (raw, as the request named it), for a client at `ip`. */
    async theme(clientId: unknown, ip: string): Promise<Theme> {
      const r = await deps.limiter.hit(
        `theme:ip:${clientBucket(ip)}`,
        THEME_LIMIT.limit,
        THEME_LIMIT.windowMs,
      );
      if (!r.allowed) throw rateLimited(r.retryAfterSeconds);
      const parsed = clientIdSchema.safeParse(clientId);
      const tenant = parsed.success ? await deps.tenants.byClientId(parsed.data) : null;
      if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND');
      return tenant.theme;
    },
  };
}
export type TenancyService = ReturnType<typeof createTenancyService>;
