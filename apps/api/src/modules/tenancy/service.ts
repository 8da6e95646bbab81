import {
  APP_BACKGROUND_COLOR,
  type AppIconFile,
  appIconFiles,
  clientIdSchema,
  FALLBACK_PRIMARY_COLOR,
  type Theme,
  tenantColor,
  type WebAppManifest,
} from '@central/domain';
import { AppError, rateLimited } from '../../platform/errors.ts';
import { clientBucket, type RateLimiter } from '../../platform/rate-limit.ts';
import type { Tenant, TenantResolver } from '../../platform/tenancy.ts';
import { type AppIcon, type AppIcons, type IconSource, iconVersion } from './app-icons.ts';

/**
 * The theme routes are public and each one resolves a tenant, so they are limited per IP bucket before
 * any lookup (issue #8 item 7); generous, since a whole CGNAT may share one address. The web app manifest
 * and its icons count apart, with the same numbers.
 */
export const THEME_LIMIT = { limit: 600, windowMs: 60_000 };

export function createTenancyService(deps: {
  tenants: TenantResolver;
  limiter: RateLimiter;
  appIcons: AppIcons;
}) {
  async function limited(bucket: 'theme' | 'pwa', ip: string) {
    const r = await deps.limiter.hit(
      `${bucket}:ip:${clientBucket(ip)}`,
      THEME_LIMIT.limit,
      THEME_LIMIT.windowMs,
    );
    if (!r.allowed) throw rateLimited(r.retryAfterSeconds);
  }

  async function tenantNamed(clientId: unknown): Promise<Tenant> {
    const parsed = clientIdSchema.safeParse(clientId);
    const tenant = parsed.success ? await deps.tenants.byClientId(parsed.data) : null;
    if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND');
    return tenant;
  }

  const iconSource = (tenant: Tenant): IconSource => ({
    clientId: tenant.clientId,
    logoUrl: tenant.theme.app_logo_url,
    color: tenantColor(tenant.theme.primary_color) ?? FALLBACK_PRIMARY_COLOR,
  });

  return {
    /** The theme of `clientId` (raw, as the request named it), for a client at `ip`. */
    async theme(clientId: unknown, ip: string): Promise<Theme> {
      await limited('theme', ip);
      return (await tenantNamed(clientId)).theme;
    },

    /** The web app manifest of the tenant of `hostname` (the host the browser asked), as the SPA names it. */
    async manifest(hostname: string, ip: string): Promise<WebAppManifest> {
      await limited('pwa', ip);
      const tenant = await deps.tenants.byHost(hostname);
      if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND');
      const source = iconSource(tenant);
      const version = iconVersion(source);
      return {
        // One app per host: the id is resolved against the host the manifest came from.
        id: '/',
        name: tenant.alias,
        short_name: tenant.alias,
        description: `Central do Assinante ${tenant.alias}: faturas, pagamentos e atendimento.`,
        lang: 'pt-BR',
        dir: 'ltr',
        // '/' leads to the sign-in, or on to the panel when signed in, and opens offline too.
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: source.color,
        background_color: APP_BACKGROUND_COLOR,
        icons: Object.entries(appIconFiles).map(([file, { size, purpose }]) => ({
          src: `/pwa/${tenant.clientId}/icons/${file}?v=${version}`,
          sizes: `${size}x${size}`,
          type: 'image/png' as const,
          purpose,
        })),
      };
    },

    /** One icon of a tenant's manifest, from its app logo. */
    async icon(clientId: unknown, file: AppIconFile, ip: string): Promise<AppIcon> {
      await limited('pwa', ip);
      return deps.appIcons.icon(iconSource(await tenantNamed(clientId)), file);
    },
  };
}
export type TenancyService = ReturnType<typeof createTenancyService>;
