import type { FirstLoad, Session } from '@central/domain';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { SESSION_COOKIES } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { Sessions } from '../../platform/sessions.ts';
import type { Tenant, TenantResolver } from '../../platform/tenancy.ts';
import { toSessionView } from '../auth/service.ts';

/**
 * The data a browser's navigation gets in its HTML (issue 14 item 3): the host's theme and the
 * subscriber's session, as GET /theme and GET /auth/valid-token answer them. Without them the SPA asks
 * for both, one after the other, before it draws the first page: two round trips on a phone's network.
 * An unknown host gets nothing (the SPA's own call shows the provider-not-found page).
 */
export function createFirstLoad(deps: { tenants: TenantResolver; sessions: Sessions; log: Logger }) {
  async function sessionOf(request: FastifyRequest, tenant: Tenant): Promise<Session | null | undefined> {
    const token = request.cookies[SESSION_COOKIES.customer];
    if (!token) return null;
    try {
      return toSessionView(await deps.sessions.customer(token, tenant));
    } catch (error) {
      if (error instanceof AppError && error.status === 401) return null;
      // The SPA checks the session itself; the page is not refused for it.
      deps.log.warn({ err: error }, 'first load: the session could not be checked');
      return undefined;
    }
  }

  return async (request: FastifyRequest): Promise<FirstLoad | undefined> => {
    const tenant = await deps.tenants.byHost(request.hostname);
    if (!tenant) return undefined;
    return { theme: tenant.theme, session: await sessionOf(request, tenant) };
  };
}
