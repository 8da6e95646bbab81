import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  AdminSession,
  CustomerSession,
  IssuedSession,
  ProviderSession,
  Role,
  Sessions,
} from './sessions.ts';
import type { Tenant, TenantResolver } from './tenancy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireTenant`, `requireCustomer` and `requireProvider`; read it only under them. */
    tenant: Tenant;
    /** Set by `requireCustomer`. */
    customer: CustomerSession;
    /** Set by `requireAdmin`. */
    admin: AdminSession;
    /** Set by `requireProvider`. */
    provider: ProviderSession;
  }
}

/** Each role has its own cookie, so a staff member can be signed in to the back office and the panel at once. */
export const SESSION_COOKIES: Record<Role, string> = {
  customer: 'central_session',
  admin: 'central_admin',
  provider: 'central_provider',
};

type Hook = (request: FastifyRequest) => Promise<void>;

/**
 * Who may call a route, declared once per route plugin (`app.addHook('onRequest', auth.requireCustomer)`):
 * each hook resolves the tenant first, then the role's session for that tenant, and sets them on the
 * request. Handlers read `request.tenant` and the actor; they never look them up.
 */
export function createAuth(deps: { tenants: TenantResolver; sessions: Sessions; secureCookies: boolean }) {
  const { tenants, sessions } = deps;
  const cookieOf = (request: FastifyRequest, role: Role) => request.cookies[SESSION_COOKIES[role]];
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: deps.secureCookies };

  const requireTenant: Hook = async (request) => {
    request.tenant = await tenants.fromRequest(request);
  };
  const requireCustomer: Hook = async (request) => {
    const tenant = await tenants.fromRequest(request);
    request.tenant = tenant;
    request.customer = await sessions.customer(cookieOf(request, 'customer'), tenant);
  };

  return {
    secureCookies: deps.secureCookies,
    /** Public routes of a provider (theme, sign-in, recovery): the tenant only. */
    requireTenant,
    /** A subscriber of the request's provider. */
    requireCustomer,
    /** Staff: every provider; no client_id is needed. */
    requireAdmin: (async (request) => {
      request.admin = await sessions.admin(cookieOf(request, 'admin'));
    }) satisfies Hook,
    /** A provider's own staff, for the request's provider only. */
    requireProvider: (async (request) => {
      const tenant = await tenants.fromRequest(request);
      request.tenant = tenant;
      request.provider = await sessions.provider(cookieOf(request, 'provider'), tenant);
    }) satisfies Hook,
    /**
     * For one route that serves both a public flow and a signed-in one (spec §7.1's password change):
     * the tenant always, the subscriber's session when `signedIn(request)` says the call needs one.
     */
    requireCustomerWhen:
      (signedIn: (request: FastifyRequest) => boolean): Hook =>
      async (request) => {
        if (signedIn(request)) await requireCustomer(request);
        else await requireTenant(request);
      },

    sessionCookie: (request: FastifyRequest, role: Role) => cookieOf(request, role),
    setSessionCookie(reply: FastifyReply, issued: IssuedSession<unknown>) {
      reply.setCookie(SESSION_COOKIES[issued.role], issued.token, {
        ...cookieOptions,
        expires: issued.expiresAt,
      });
    },
    clearSessionCookie(reply: FastifyReply, role: Role) {
      reply.clearCookie(SESSION_COOKIES[role], cookieOptions);
    },
  };
}
export type Auth = ReturnType<typeof createAuth>;

/** Declares the request's tenant and actors, so that the hooks above can set them. */
export function decorateRequests(app: FastifyInstance) {
  app.decorateRequest('tenant', null as unknown as Tenant);
  app.decorateRequest('customer', null as unknown as CustomerSession);
  app.decorateRequest('admin', null as unknown as AdminSession);
  app.decorateRequest('provider', null as unknown as ProviderSession);
}
