import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.ts';
import { createAuth, decorateRequests, SESSION_COOKIES } from './auth.ts';
import { handleError } from './error-handler.ts';
import { STAFF_SESSION_TTL_MS } from './sessions.ts';

const MARIA = '52998224725';

let h: Harness;
let app: FastifyInstance;
let tenantA: Awaited<ReturnType<Harness['tenant']>>;
let tenantB: Awaited<ReturnType<Harness['tenant']>>;

/**
 * A bare Fastify app with one route plugin per role, each declaring its role once with the platform's
 * hooks, as the modules do: what each route answers shows what its hook let through.
 */
beforeAll(async () => {
  h = await startHarness();
  [tenantA, tenantB] = await Promise.all([h.tenant(), h.tenant()]);
  const auth = createAuth({
    tenants: h.services.tenants,
    sessions: h.services.sessions,
    secureCookies: false,
  });
  app = Fastify();
  await app.register(fastifyCookie);
  decorateRequests(app);
  app.setErrorHandler(handleError);
  await app.register(async (scope) => {
    scope.addHook('onRequest', auth.requireTenant);
    scope.get('/public', async (request) => ({ tenant: request.tenant.clientId }));
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', auth.requireCustomer);
    scope.get('/customer', async (request) => ({
      tenant: request.tenant.clientId,
      customer: request.customer.erpCustomerId,
    }));
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', auth.requireAdmin);
    scope.get('/admin', async (request) => ({ admin: request.admin.adminId, name: request.admin.name }));
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', auth.requireProvider);
    scope.get('/provider', async (request) => ({
      tenant: request.tenant.clientId,
      provider: request.provider.clientId,
    }));
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

/** `ownPage`: the request as one of the portal's pages fetches it (Fetch Metadata). */
async function call(
  url: string,
  o: { clientId?: string; cookie?: [string, string]; host?: string; ownPage?: boolean } = {},
) {
  const res = await app.inject({
    url,
    headers: {
      ...(o.host ? { host: o.host } : {}),
      ...(o.ownPage ? { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } : {}),
      ...(o.clientId ? { client_id: o.clientId } : {}),
      ...(o.cookie ? { cookie: `${o.cookie[0]}=${o.cookie[1]}` } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as Record<string, string> };
}

async function tokens() {
  const tenant = await h.services.tenants.byClientId(tenantA.clientId);
  if (!tenant) throw new Error('tenant not found');
  const customer = await h.services.sessions.issueCustomer({
    tenant,
    document: MARIA,
    erpCustomerId: '1',
    name: 'Maria',
  });
  const admin = await h.services.sessions.issueAdmin({ adminId: crypto.randomUUID(), name: 'Ana' });
  const provider = await h.services.sessions.issueProvider({ tenant });
  return { customer, admin, provider };
}

describe('one scoped hook per role (ARCHITECTURE §3)', () => {
  it('resolves the tenant of public routes, and refuses an unknown or missing one', async () => {
    expect(await call('/public', { clientId: tenantA.clientId })).toEqual({
      status: 200,
      body: { tenant: tenantA.clientId },
    });
    expect((await call('/public', { clientId: 'nao-existe' })).status).toBe(404);
    const host = `${tenantB.clientId}.example.com.br`;
    expect((await call('/public', { host })).status).toBe(404);
    // A GET of the portal's own page without the header names its tenant by the host, as the SPA does
    // (the browser's preload of a page's data cannot send it); the header counts when sent.
    expect(await call('/public', { host, ownPage: true })).toEqual({
      status: 200,
      body: { tenant: tenantB.clientId },
    });
    expect((await call('/public', { host: 'nao-existe.example.com.br', ownPage: true })).status).toBe(404);
    expect((await call('/public', { host, ownPage: true, clientId: 'nao-existe' })).status).toBe(404);
  });

  it('lets each role in only with its own session, for its own tenant', async () => {
    const { customer, admin, provider } = await tokens();
    const as = {
      customer: [SESSION_COOKIES.customer, customer.token] as [string, string],
      admin: [SESSION_COOKIES.admin, admin.token] as [string, string],
      provider: [SESSION_COOKIES.provider, provider.token] as [string, string],
    };
    const a = tenantA.clientId;

    expect(await call('/customer', { clientId: a, cookie: as.customer })).toEqual({
      status: 200,
      body: { tenant: a, customer: '1' },
    });
    expect(await call('/admin', { cookie: as.admin })).toEqual({
      status: 200,
      body: { admin: admin.session.adminId, name: 'Ana' },
    });
    expect(await call('/provider', { clientId: a, cookie: as.provider })).toEqual({
      status: 200,
      body: { tenant: a, provider: a },
    });

    // Another tenant's client_id with a valid session: 401, never data.
    expect((await call('/customer', { clientId: tenantB.clientId, cookie: as.customer })).status).toBe(401);
    expect((await call('/provider', { clientId: tenantB.clientId, cookie: as.provider })).status).toBe(401);

    // A token of one role in another role's cookie is refused.
    expect((await call('/admin', { cookie: [SESSION_COOKIES.admin, customer.token] })).status).toBe(401);
    expect((await call('/admin', { cookie: [SESSION_COOKIES.admin, provider.token] })).status).toBe(401);
    expect(
      (await call('/customer', { clientId: a, cookie: [SESSION_COOKIES.customer, provider.token] })).status,
    ).toBe(401);
    expect(
      (await call('/provider', { clientId: a, cookie: [SESSION_COOKIES.provider, customer.token] })).status,
    ).toBe(401);

    // No session at all.
    expect((await call('/customer', { clientId: a })).status).toBe(401);
    expect((await call('/admin')).status).toBe(401);
  });

  it('keeps staff sessions 1 hour (spec §9) and subscribers for the configured lifetime', async () => {
    const { customer, admin, provider } = await tokens();
    const lasts = (s: { expiresAt: Date }) => s.expiresAt.getTime() - Date.now();
    expect(Math.abs(lasts(admin) - STAFF_SESSION_TTL_MS)).toBeLessThan(60_000);
    expect(Math.abs(lasts(provider) - STAFF_SESSION_TTL_MS)).toBeLessThan(60_000);
    expect(lasts(customer)).toBeGreaterThan(24 * STAFF_SESSION_TTL_MS);
  });

  it('ends a session on the server: its token is refused afterwards', async () => {
    const { admin } = await tokens();
    const cookie: [string, string] = [SESSION_COOKIES.admin, admin.token];
    expect((await call('/admin', { cookie })).status).toBe(200);
    await h.services.sessions.end(admin.token);
    expect((await call('/admin', { cookie })).status).toBe(401);
  });
});
