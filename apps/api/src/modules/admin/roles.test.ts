import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness, TEST_PASSWORD } from '../../../test/harness.ts';
import { adminSession } from '../../../test/staff.ts';
import { SESSION_COOKIES } from '../../platform/auth.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Every admin route of this module, with a body that would be valid. */
function routes(clientId: string) {
  return [
    { method: 'GET', url: '/api/admin/adm/auth' },
    { method: 'GET', url: '/api/admin/customers' },
    { method: 'GET', url: `/api/admin/customer/${clientId}` },
    { method: 'GET', url: `/api/admin/customer/${clientId}/audit` },
    { method: 'POST', url: '/api/admin/customer/create', payload: { client_id: 'novo' } },
    { method: 'PUT', url: `/api/admin/customer/${clientId}/edit`, payload: { alias: 'x' } },
    { method: 'PATCH', url: `/api/admin/customer/${clientId}/suspend` },
    { method: 'PUT', url: `/api/admin/customer/${clientId}/provider-password`, payload: { password: 'x' } },
    { method: 'POST', url: '/api/admin/customer/connection-check', payload: { kind: 'erp' } },
    { method: 'GET', url: `/api/admin/provider/support/external-subject/1?client_id=${clientId}` },
    { method: 'GET', url: `/api/admin/product/1?client_id=${clientId}` },
    { method: 'GET', url: `/api/admin/plan/11?client_id=${clientId}` },
  ] as const;
}

describe('who may call the admin routes (spec §6)', () => {
  it('refuses anonymous callers, subscribers and providers with 401, before reading the body', async () => {
    const t = await h.tenant({ credentials: ['52998224725'] });
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: t.clientId },
      payload: { cpfOrCnpj: '52998224725', password: TEST_PASSWORD },
    });
    const subscriberToken = signIn.cookies.find((c) => c.name === SESSION_COOKIES.customer)?.value ?? '';
    expect(subscriberToken).not.toBe('');
    const tenant = await h.services.tenants.byClientId(t.clientId);
    if (!tenant) throw new Error('no tenant');
    const provider = await h.services.sessions.issueProvider({ tenant });

    const callers: [string, Record<string, string>][] = [
      ['anonymous', {}],
      ['subscriber', { cookie: `${SESSION_COOKIES.customer}=${subscriberToken}`, client_id: t.clientId }],
      // a token of another role is refused even in the admin cookie
      ['subscriber token as admin', { cookie: `${SESSION_COOKIES.admin}=${subscriberToken}` }],
      ['provider', { cookie: `${SESSION_COOKIES.provider}=${provider.token}`, client_id: t.clientId }],
      ['provider token as admin', { cookie: `${SESSION_COOKIES.admin}=${provider.token}` }],
    ];
    for (const route of routes(t.clientId)) {
      for (const [who, headers] of callers) {
        const res = await h.app.inject({ ...route, headers });
        expect(res.statusCode, `${who} ${route.method} ${route.url}`).toBe(401);
        expect(res.json().code).toBe('NOT_AUTHENTICATED');
      }
    }
  });

  it('lets an admin in, without a client_id header', async () => {
    const t = await h.tenant();
    const { jar } = await adminSession(h);
    const headers = { cookie: cookieHeader(jar) };
    for (const url of [
      '/api/admin/adm/auth',
      '/api/admin/customers',
      `/api/admin/customer/${t.clientId}`,
      `/api/admin/customer/${t.clientId}/audit`,
      `/api/admin/plan/11?client_id=${t.clientId}`,
    ]) {
      const res = await h.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('refuses a state change from another origin (CSRF)', async () => {
    const { jar } = await adminSession(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/customer/connection-check',
      headers: { cookie: cookieHeader(jar), origin: 'https://evil.example' },
      payload: { kind: 'erp', ixc_domain: 'example.com', ixc_access_token: 't' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('publishes every admin route in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/admin/adm/auth/sign-in',
      '/api/admin/adm/auth',
      '/api/admin/adm/auth/sign-out',
      '/api/admin/customers',
      '/api/admin/customer/{clientId}',
      '/api/admin/customer/create',
      '/api/admin/customer/{clientId}/edit',
      '/api/admin/customer/{clientId}/suspend',
      '/api/admin/customer/{clientId}/provider-password',
      '/api/admin/customer/{clientId}/audit',
      '/api/admin/customer/connection-check',
      '/api/admin/provider/support/external-subject/{id}',
      '/api/admin/product/{id}',
      '/api/admin/plan/{id}',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });
});
