import { messages } from '@central/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../../test/harness.ts';
import { createTenantResolver } from '../../platform/tenancy.ts';
import { findTenantRecord, saveTenant, type TenantInput } from '../../platform/tenant-repository.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('theme, spec §1', () => {
  it('answers the theme fields for the client_id header, and the same as a static config.json', async () => {
    const t = await h.tenant();
    const res = await h.app.inject({ url: '/api/central/theme', headers: { client_id: t.clientId } });
    expect(res.statusCode).toBe(200);
    const theme = res.json();
    expect(Object.keys(theme).sort()).toEqual(
      [
        'client_id',
        'alias',
        'vertical_logo_url',
        'horizontal_logo_url',
        'app_logo_url',
        'favicon_url',
        'primary_color',
        'secondary_color',
        'whatsapp_number',
        'phone_number',
        'contact_email',
        'faq_url',
        'support_type',
        'support_chat',
        'show_contract_download',
        'show_annual_statement',
        'legal_name',
        'cnpj',
        'address',
      ].sort(),
    );
    expect(theme).toMatchObject({ client_id: t.clientId, primary_color: '#0B5CAD', support_type: 'os' });
    expect(JSON.stringify(theme)).not.toContain('ixc');
    const file = await h.app.inject({ url: `/pwa/${t.clientId}/config.json` });
    expect(file.statusCode).toBe(200);
    expect(file.json()).toEqual(theme);
    expect((await h.app.inject({ url: '/pwa/nao-existe/config.json' })).statusCode).toBe(404);
  });

  it('keeps the ERP token encrypted at rest', async () => {
    const t = await h.tenant();
    const rows = (await h.database.db.execute(
      sql`SELECT secret_enc FROM tenant_settings WHERE tenant_id = ${t.row.id} AND kind = 'erp'`,
    )) as unknown as { rows: { secret_enc: string }[] };
    const stored = rows.rows[0]?.secret_enc ?? '';
    expect(stored).toMatch(/^v2:/);
    expect(stored).not.toContain(t.erp.token.split(':')[1]);
  });
});

describe('tenant settings', () => {
  it('decrypts a setting group only when a request uses it: a broken card key leaves theme and sign-in working', async () => {
    const t = await h.tenant({ cards: true, credentials: ['52998224725'] });
    await h.database.db.execute(
      sql`UPDATE tenant_settings SET secret_enc = 'v1:AAAA:AAAA:AAAA' WHERE tenant_id = ${t.row.id} AND kind = 'card'`,
    );
    const theme = await h.app.inject({ url: '/api/central/theme', headers: { client_id: t.clientId } });
    expect(theme.statusCode).toBe(200);
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: t.clientId },
      payload: { cpfOrCnpj: '52998224725', password: 'senha123' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().session.featureFlag).toEqual(['credit_card']);
  });

  it("requires Cielo's two hosts, never one for the other, and settlement accounts as IXC ids (issue 9)", async () => {
    const base = {
      clientId: 'hosts',
      alias: 'Hosts',
      branding: { verticalLogoUrl: '/v.svg', primaryColor: '#0B5CAD' },
      erp: { domain: 'erp.example.com.br', token: '1:x' },
    };
    const card = {
      gateway: 'cielo' as const,
      merchantId: 'a1b2c3d4-0000-4000-8000-00000000c1e0',
      merchantKey: 'k',
      apiUrl: 'https://api.cieloecommerce.cielo.com.br',
      queryUrl: 'https://apiquery.cieloecommerce.cielo.com.br',
    };
    const save = (input: object) =>
      saveTenant(h.database.db, h.keys.encryption, { ...base, ...input } as TenantInput);
    await expect(save({ card: { ...card, queryUrl: '' } })).rejects.toThrow();
    await expect(save({ card: { ...card, queryUrl: `${card.apiUrl}/` } })).rejects.toThrow(/query host/);
    await expect(
      save({ erp: { ...base.erp, settlement: { filialId: '1', accountId: 'x', planningId: '3' } } }),
    ).rejects.toThrow();
    expect(await findTenantRecord(h.database.db, { clientId: 'hosts' })).toBeUndefined();
    await save({
      card,
      erp: { ...base.erp, settlement: { filialId: '1', accountId: '7', planningId: '33' } },
    });
    expect(await findTenantRecord(h.database.db, { clientId: 'hosts' })).toBeDefined();
  });
});

describe('platform', () => {
  it('answers health and readiness', async () => {
    expect((await h.app.inject({ url: '/healthz' })).json()).toEqual({ ok: true });
    expect((await h.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('publishes OpenAPI generated from the domain contracts', async () => {
    const res = await h.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/central/sign-in',
        '/api/central/sign-in/password',
        '/api/central/auth/valid-token',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/central/sign-in'].post.requestBody)).toContain('cpfOrCnpj');
    // Money is cents inside, R$ on the wire: the document describes the wire.
    expect(doc.components.schemas.Invoice.properties.value).toMatchObject({ type: 'number' });
  });

  it('sends security headers', async () => {
    const res = await h.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers unknown API paths with a JSON 404 and client paths with the SPA', async () => {
    const api = await h.app.inject({ url: '/api/central/nao-existe', headers: { client_id: 'x' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const page = await h.app.inject({ url: '/panel/qualquer' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('a provider changed by one API process', () => {
  it('is seen at once by another process that had it cached (LISTEN/NOTIFY)', async () => {
    // Two resolvers on one database stand for two API processes.
    const resolver = () =>
      createTenantResolver({
        db: h.database.db,
        encryptionKey: h.keys.encryption,
        ixcTimeoutMs: 1000,
        bus: h.database,
      });
    const [saving, other] = [resolver(), resolver()];
    try {
      const t = await h.tenant();
      expect(await other.byClientId(t.clientId)).toMatchObject({ alias: t.row.alias });
      await h.database.db.execute(sql`UPDATE tenants SET alias = 'Novo Nome' WHERE id = ${t.row.id}`);
      // still cached: without a word from the saving process it would wait for the cache to expire
      expect(await other.byClientId(t.clientId)).toMatchObject({ alias: t.row.alias });
      await saving.forget(t.clientId);
      await expect.poll(async () => (await other.byClientId(t.clientId))?.alias).toBe('Novo Nome');
      await h.database.db.execute(sql`UPDATE tenants SET suspended_at = now() WHERE id = ${t.row.id}`);
      await saving.forget(t.clientId);
      await expect.poll(() => other.byClientId(t.clientId)).toBeNull();
    } finally {
      await saving.close();
      await other.close();
    }
  });
});

describe('tenant resolution under abuse', () => {
  it('keeps a bounded cache however many unknown client_ids are asked for', async () => {
    const tenants = createTenantResolver({
      db: h.database.db,
      encryptionKey: h.keys.encryption,
      ixcTimeoutMs: 1000,
      cacheLimits: { known: 20, unknown: 10 },
    });
    const known = await h.tenant();
    expect(await tenants.byClientId(known.clientId)).toMatchObject({ clientId: known.clientId });
    for (let i = 0; i < 200; i++) expect(await tenants.byClientId(`nao-existe-${i}`)).toBeNull();
    expect(tenants.cacheSize()).toBe(11);
    // The flood evicted no provider: a suspension made now is seen only when its entry expires.
    await h.database.db.execute(sql`UPDATE tenants SET suspended_at = now() WHERE id = ${known.row.id}`);
    expect(await tenants.byClientId(known.clientId)).toMatchObject({ clientId: known.clientId });

    for (let i = 0; i < 50; i++) {
      const res = await h.app.inject({
        url: `/pwa/nao-existe-${i}/config.json`,
        remoteAddress: '192.0.2.77',
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('limits the theme routes per IP: 600 a minute, then 429 with Retry-After', async () => {
    const t = await h.tenant();
    const theme = (remoteAddress: string) =>
      h.app.inject({ url: '/api/central/theme', headers: { client_id: t.clientId }, remoteAddress });
    for (let i = 0; i < 600; i++) {
      const res = await (i % 2 === 0
        ? theme('198.51.100.77')
        : h.app.inject({ url: `/pwa/${t.clientId}/config.json`, remoteAddress: '198.51.100.77' }));
      expect(res.statusCode).toBe(200);
    }
    const limited = await theme('198.51.100.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await h.app.inject({ url: `/pwa/${t.clientId}/config.json`, remoteAddress: '198.51.100.77' }))
        .statusCode,
    ).toBe(429);
    expect((await theme('198.51.100.78')).statusCode).toBe(200);
  });
});
