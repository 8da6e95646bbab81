import { randomUUID } from 'node:crypto';
import { messages, type TenantDetails } from '@central/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness, TEST_PASSWORD } from '../../../test/harness.ts';
import { adminSession } from '../../../test/staff.ts';
import { SESSION_COOKIES } from '../../platform/auth.ts';
import { findTenantRecord } from '../../platform/tenant-repository.ts';
import { storedSecrets } from './tenant-form.ts';

// Unique per file: on PostgreSQL (test:pg) every test file shares one database.
const ANA = `ana-${randomUUID().slice(0, 8)}@central.test`;
let h: Harness;
let headers: { cookie: string };
beforeAll(async () => {
  h = await startHarness();
  const { jar } = await adminSession(h, { name: 'Ana Admin', email: ANA });
  headers = { cookie: cookieHeader(jar) };
});
afterAll(() => h.close());

/** A valid new-provider form against a fresh simulated ERP. */
async function newForm(o: Record<string, unknown> = {}) {
  const erp = await h.simInstance('demo');
  return {
    client_id: `p${randomUUID().slice(0, 8)}`,
    alias: 'Nova Fibra',
    vertical_logo_url: 'https://cdn.example.com/nova/vertical.svg',
    ixc_domain: `${h.simUrl}${erp.baseUrl}`,
    ixc_access_token: erp.token,
    primary_color: '#123ABC',
    ...o,
  };
}

const create = (payload: object) =>
  h.app.inject({ method: 'POST', url: '/api/admin/customer/create', headers, payload });
const details = (clientId: string) => h.app.inject({ url: `/api/admin/customer/${clientId}`, headers });
const edit = (clientId: string, payload: object) =>
  h.app.inject({ method: 'PUT', url: `/api/admin/customer/${clientId}/edit`, headers, payload });
const theme = (clientId: string) =>
  h.app.inject({ url: '/api/central/theme', headers: { client_id: clientId } });

/** The whole form as GET answers it, ready to be sent back with some fields changed. */
async function formOf(clientId: string, changes: Record<string, unknown> = {}) {
  const {
    client_id: _c,
    suspended: _s,
    secrets: _x,
    ...form
  } = (await details(clientId)).json() as TenantDetails;
  return { ...form, ...changes };
}

async function secretsOf(clientId: string) {
  const record = await findTenantRecord(h.database.db, { clientId });
  if (!record) throw new Error('no such tenant');
  return storedSecrets(record, h.keys.encryption);
}

async function created(o: Record<string, unknown> = {}) {
  const form = await newForm(o);
  const res = await create(form);
  expect(res.statusCode, res.body).toBe(200);
  return form;
}

describe('create a provider (spec §5 Tenant form, §8)', () => {
  it('creates it: its portal answers the theme, the form comes back with secrets as flags only', async () => {
    const form = await newForm({ secondary_color: '#FF8800', whatsapp_number: '(48) 99999-0000' });
    const res = await create(form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.tenantCreated });

    const got = await details(form.client_id);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      client_id: form.client_id,
      suspended: false,
      alias: 'Nova Fibra',
      primary_color: '#123ABC',
      secondary_color: '#FF8800',
      whatsapp_number: '48999990000',
      support_type: 'os',
      ixc_domain: form.ixc_domain,
      secrets: {
        ixc_access_token: true,
        ixc_acs_private_key: false,
        cielo_merchant_key: false,
        provider_password: false,
      },
    });
    expect(got.body).not.toContain(form.ixc_access_token);

    const portal = await theme(form.client_id);
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toMatchObject({ alias: 'Nova Fibra', primary_color: '#123ABC' });
  });

  it("refuses a client id that is taken: 409 'Client ID já cadastrado', the stored one unchanged", async () => {
    const form = await created();
    const again = await create({ ...form, alias: 'Outro nome' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'TENANT_CLIENT_ID_TAKEN', message: messages.tenantClientIdTaken });
    expect((await details(form.client_id)).json().alias).toBe('Nova Fibra');
  });

  it('requires client id, alias, IXC domain and token, primary colour and vertical logo, with their texts', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    const issues = Object.fromEntries(
      (res.json().issues as { path: string; message: string }[]).map((i) => [i.path, i.message]),
    );
    expect(issues).toEqual({
      client_id: 'Por favor, informe um client ID',
      alias: 'Por favor, informe um alias',
      ixc_domain: 'Por favor, informe o domínio do IXC',
      ixc_access_token: 'Por favor, informe o token do IXC',
      primary_color: messages.tenantColorInvalid,
      vertical_logo_url: messages.urlInvalid,
    });
    const blank = await create(await newForm({ alias: '  ' }));
    expect(blank.json()).toMatchObject({ code: 'VALIDATION', message: 'Por favor, informe um alias' });
  });

  it('refuses a bad colour, URL, client id, e-mail or CNPJ with the field message, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ primary_color: 'azul' }, messages.tenantColorInvalid],
      [{ secondary_color: '#12345' }, messages.tenantColorInvalid],
      [{ vertical_logo_url: 'javascript:alert(1)' }, messages.urlInvalid],
      [{ faq_url: 'nao e url' }, messages.urlInvalid],
      [{ client_id: 'Com Espaço' }, messages.tenantClientIdInvalid],
      [{ contact_email: 'x@' }, messages.emailInvalid],
      [{ cnpj: '11.111.111/1111-11' }, messages.cnpjInvalid],
      [{ department_id: '01' }, 'ID inválido'],
      [{ subjects: [{ id: 'abc', content: 'x' }] }, 'ID inválido'],
    ];
    for (const [change, message] of cases) {
      const res = await create(await newForm(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toBe(message);
    }
    // the card gateway is all or nothing, its two hosts distinct; the settlement accounts likewise
    const partialCard = await create(await newForm({ cielo_merchant_id: 'abc' }));
    expect(partialCard.json()).toMatchObject({ code: 'VALIDATION', message: messages.cardIncomplete });
    const sameHosts = await create(
      await newForm({
        cielo_merchant_id: 'abc',
        cielo_merchant_key: 'k',
        cielo_api_url: 'https://api.cielo.test',
        cielo_query_url: 'https://api.cielo.test/',
      }),
    );
    expect(sameHosts.json()).toMatchObject({ code: 'VALIDATION', message: messages.cardHostsSame });
    const noKey = await create(
      await newForm({
        cielo_merchant_id: 'abc',
        cielo_api_url: 'https://api.cielo.test',
        cielo_query_url: 'https://query.cielo.test',
      }),
    );
    expect(noKey.json()).toMatchObject({ code: 'VALIDATION', message: messages.cardKeyRequired });
    const settlement = await create(await newForm({ settlement_filial_id: '2' }));
    expect(settlement.json()).toMatchObject({ code: 'VALIDATION', message: messages.settlementIncomplete });
    const notJson = await h.app.inject({
      method: 'POST',
      url: '/api/admin/customer/create',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"client_id":',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await create([])).statusCode).toBe(400);
  });
});

describe('list providers', () => {
  it('finds by client id or alias, in any case, and marks the suspended ones', async () => {
    const marker = randomUUID().slice(0, 6);
    const a = await created({ alias: `Fibra ${marker.toUpperCase()} Sul` });
    const b = await created({ client_id: `x${marker}` });
    await h.app.inject({ method: 'PATCH', url: `/api/admin/customer/${b.client_id}/suspend`, headers });
    const res = await h.app.inject({ url: `/api/admin/customers?search=${marker}`, headers });
    expect(res.statusCode).toBe(200);
    const found = res.json().customers as { client_id: string; suspended: boolean }[];
    expect(found.map((c) => [c.client_id, c.suspended]).sort()).toEqual(
      [
        [a.client_id, false],
        [b.client_id, true],
      ].sort(),
    );
    const all = await h.app.inject({ url: '/api/admin/customers', headers });
    expect(all.json().customers.length).toBeGreaterThanOrEqual(2);
    // LIKE's wildcards are searched for as themselves
    expect(
      (await h.app.inject({ url: '/api/admin/customers?search=%25', headers })).json().customers,
    ).toEqual([]);
  });
});

describe('edit a provider', () => {
  it('keeps every stored secret left empty, and changes the ones given', async () => {
    const erp = await h.simInstance('demo');
    const merchant = { id: randomUUID(), key: 'CHAVE-CIELO-ORIGINAL' };
    const form = await created({
      ixc_domain: `${h.simUrl}${erp.baseUrl}`,
      ixc_access_token: erp.token,
      cielo_merchant_id: merchant.id,
      cielo_merchant_key: merchant.key,
      cielo_api_url: `${h.simUrl}/cielo/api`,
      cielo_query_url: `${h.simUrl}/cielo/query`,
      ixc_acs_issuer: 'central',
      ixc_acs_url: 'https://acs.example.com:7557',
      ixc_acs_private_key: 'chave-acs-original',
    });
    const before = await secretsOf(form.client_id);

    const kept = await edit(form.client_id, await formOf(form.client_id, { alias: 'Nome Novo' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ message: messages.tenantEdited });
    expect(await secretsOf(form.client_id)).toEqual(before);
    expect((await details(form.client_id)).json().secrets).toMatchObject({
      ixc_access_token: true,
      ixc_acs_private_key: true,
      cielo_merchant_key: true,
    });

    const changed = await edit(
      form.client_id,
      await formOf(form.client_id, {
        ixc_access_token: '1:token-novo',
        cielo_merchant_key: 'CHAVE-CIELO-NOVA',
        ixc_acs_private_key: 'chave-acs-nova',
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect(await secretsOf(form.client_id)).toMatchObject({
      ixc_access_token: '1:token-novo',
      cielo_merchant_key: 'CHAVE-CIELO-NOVA',
      ixc_acs_private_key: 'chave-acs-nova',
    });

    // a card gateway emptied is removed, and its key with it
    const noCard = await edit(
      form.client_id,
      await formOf(form.client_id, { cielo_merchant_id: '', cielo_api_url: '', cielo_query_url: '' }),
    );
    expect(noCard.statusCode).toBe(200);
    expect((await secretsOf(form.client_id)).cielo_merchant_key).toBeNull();
  });

  it('shows a new alias and colour on the portal at once', async () => {
    const form = await created();
    expect((await theme(form.client_id)).json().alias).toBe('Nova Fibra');
    const res = await edit(
      form.client_id,
      await formOf(form.client_id, { alias: 'Fibra Renovada', primary_color: '#00AA55' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await theme(form.client_id)).json()).toMatchObject({
      alias: 'Fibra Renovada',
      primary_color: '#00AA55',
    });
  });

  it('sets how old a status may be for a sign-in while the ERP is down (issue 15): 7 days, 0 to 30', async () => {
    const form = await created();
    expect((await details(form.client_id)).json().offline_sign_in_days).toBe(7);
    expect(
      (await edit(form.client_id, await formOf(form.client_id, { offline_sign_in_days: 0 }))).statusCode,
    ).toBe(200);
    expect((await details(form.client_id)).json().offline_sign_in_days).toBe(0);
    const record = await findTenantRecord(h.database.db, { clientId: form.client_id });
    expect(record?.tenant.offlineSignInDays).toBe(0);
    for (const bad of [-1, 31, 2.5, 'sete']) {
      const res = await edit(form.client_id, await formOf(form.client_id, { offline_sign_in_days: bad }));
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('keeps the suspension of a suspended provider it edits', async () => {
    const form = await created();
    await h.app.inject({ method: 'PATCH', url: `/api/admin/customer/${form.client_id}/suspend`, headers });
    expect(
      (await edit(form.client_id, await formOf(form.client_id, { alias: 'Ainda suspenso' }))).statusCode,
    ).toBe(200);
    expect((await details(form.client_id)).json()).toMatchObject({
      alias: 'Ainda suspenso',
      suspended: true,
    });
    expect((await theme(form.client_id)).statusCode).toBe(404);
  });

  it('answers 404 for a provider that does not exist and 400 for a bad client id', async () => {
    const form = await newForm();
    const { client_id: _c, ...body } = form;
    const missing = await edit('nao-existe', body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('TENANT_NOT_FOUND');
    expect((await details('nao-existe')).statusCode).toBe(404);
    expect((await details('%00')).statusCode).toBe(400);
  });
});

describe('ACS (spec §4)', () => {
  const acs = { ixc_acs_issuer: 'central', ixc_acs_url: 'https://acs.example.com:7557' };

  it('creates it when the three fields are filled, updates it, keeps the key left empty, deletes it with three -', async () => {
    const form = await created();
    expect((await details(form.client_id)).json().secrets.ixc_acs_private_key).toBe(false);

    const added = await edit(
      form.client_id,
      await formOf(form.client_id, { ...acs, ixc_acs_private_key: 'k1' }),
    );
    expect(added.statusCode).toBe(200);
    expect((await details(form.client_id)).json()).toMatchObject({
      ...acs,
      secrets: { ixc_acs_private_key: true },
    });

    const moved = await edit(
      form.client_id,
      await formOf(form.client_id, { ixc_acs_url: 'https://acs2.example.com', ixc_acs_private_key: '' }),
    );
    expect(moved.statusCode).toBe(200);
    expect((await details(form.client_id)).json().ixc_acs_url).toBe('https://acs2.example.com');
    expect((await secretsOf(form.client_id)).ixc_acs_private_key).toBe('k1');

    // all three empty: left as it is
    const left = await edit(
      form.client_id,
      await formOf(form.client_id, { ixc_acs_issuer: '', ixc_acs_url: '', ixc_acs_private_key: '' }),
    );
    expect(left.statusCode).toBe(200);
    expect((await details(form.client_id)).json().ixc_acs_url).toBe('https://acs2.example.com');

    const removed = await edit(
      form.client_id,
      await formOf(form.client_id, { ixc_acs_issuer: '-', ixc_acs_url: '-', ixc_acs_private_key: '-' }),
    );
    expect(removed.statusCode).toBe(200);
    expect((await details(form.client_id)).json()).toMatchObject({
      ixc_acs_issuer: null,
      ixc_acs_url: null,
      secrets: { ixc_acs_private_key: false },
    });
  });

  it("answers 'Dados ACS inválidos' to any other mix, and to a new ACS without a key", async () => {
    const form = await created();
    for (const change of [
      { ixc_acs_issuer: 'central', ixc_acs_url: '', ixc_acs_private_key: 'k' },
      { ixc_acs_issuer: '-', ixc_acs_url: '-', ixc_acs_private_key: '' },
      { ixc_acs_issuer: '', ixc_acs_url: '', ixc_acs_private_key: 'k' },
      { ...acs, ixc_acs_private_key: '' },
      { ...acs, ixc_acs_url: 'nao-e-url', ixc_acs_private_key: 'k' },
    ]) {
      const res = await edit(form.client_id, await formOf(form.client_id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toBe(messages.acsInvalid);
    }
    const onCreate = await create(await newForm({ ...acs }));
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json()).toEqual({ code: 'ACS_INVALID', message: messages.acsInvalid });
  });
});

describe('value-added apps (partners, Nextcloud, cloud quota)', () => {
  const WATCH = { url: 'https://api.watch.example/v1', token: 'segredo-watch-1' };
  const appsOf = async (clientId: string) => {
    await h.services.tenants.forget(clientId);
    const tenant = await h.services.tenants.byClientId(clientId);
    if (!tenant) throw new Error('no such tenant');
    return tenant.apps;
  };

  it('saves a partner URL and token; GET answers the URL and only that a token is stored', async () => {
    const form = await created();
    const res = await edit(
      form.client_id,
      await formOf(form.client_id, { watch_url: WATCH.url, watch_token: WATCH.token }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await appsOf(form.client_id)).partner('watch')).toEqual(WATCH);
    expect((await appsOf(form.client_id)).partner('playhub')).toBeNull();

    const got = await details(form.client_id);
    expect(got.json()).toMatchObject({
      watch_url: WATCH.url,
      playhub_url: null,
      apps_static_catalogue: false,
      cloud_quota_gb: null,
      secrets: { watch_token: true, playhub_token: false, nextcloud_app_password: false },
    });
    expect(got.body).not.toContain(WATCH.token);
    expect(got.json()).not.toHaveProperty('watch_token');
  });

  it('keeps the stored token when the field is left blank, also with a new URL', async () => {
    const form = await created({ watch_url: WATCH.url, watch_token: WATCH.token });
    expect((await appsOf(form.client_id)).partner('watch')).toEqual(WATCH);

    const blank = await edit(form.client_id, await formOf(form.client_id, { watch_token: '' }));
    expect(blank.statusCode, blank.body).toBe(200);
    expect((await appsOf(form.client_id)).partner('watch')).toEqual(WATCH);

    const moved = await edit(
      form.client_id,
      await formOf(form.client_id, { watch_url: 'https://api2.watch.example' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appsOf(form.client_id)).partner('watch')).toEqual({
      url: 'https://api2.watch.example',
      token: WATCH.token,
    });

    const replaced = await edit(form.client_id, await formOf(form.client_id, { watch_token: 'novo' }));
    expect(replaced.statusCode).toBe(200);
    expect((await secretsOf(form.client_id)).watch_token).toBe('novo');
  });

  it('removes a partner whose URL is emptied, together with its token', async () => {
    const form = await created({
      watch_url: WATCH.url,
      watch_token: WATCH.token,
      oletv_url: 'https://api.oletv.example',
      oletv_token: 'segredo-ole',
    });
    const res = await edit(form.client_id, await formOf(form.client_id, { watch_url: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await appsOf(form.client_id)).partner('watch')).toBeNull();
    expect(await secretsOf(form.client_id)).toMatchObject({ watch_token: null, oletv_token: 'segredo-ole' });
    expect((await details(form.client_id)).json()).toMatchObject({
      watch_url: null,
      secrets: { watch_token: false, oletv_token: true },
    });
    // given back, the URL alone is not enough: the token went with it
    const again = await edit(form.client_id, await formOf(form.client_id, { watch_url: WATCH.url }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'VALIDATION',
      message: `${messages.appsTokenRequired} de Watch Brasil`,
    });
  });

  it('saves the Nextcloud, the cloud quota and the static catalogue, the app password write-only', async () => {
    const form = await created();
    const nextcloud = { url: 'https://cloud.example.com', user: 'admin', appPassword: 'senha-de-app-nc' };
    const res = await edit(
      form.client_id,
      await formOf(form.client_id, {
        apps_static_catalogue: true,
        nextcloud_url: nextcloud.url,
        nextcloud_user: nextcloud.user,
        nextcloud_app_password: nextcloud.appPassword,
        cloud_quota_gb: '25',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const apps = await appsOf(form.client_id);
    expect(apps.nextcloud()).toEqual(nextcloud);
    expect(apps.cloudQuotaGb).toBe(25);
    expect(apps.staticCatalogue).toBe(true);
    const got = await details(form.client_id);
    expect(got.json()).toMatchObject({
      apps_static_catalogue: true,
      nextcloud_url: nextcloud.url,
      nextcloud_user: 'admin',
      cloud_quota_gb: 25,
      secrets: { nextcloud_app_password: true },
    });
    expect(got.body).not.toContain(nextcloud.appPassword);

    const cleared = await edit(
      form.client_id,
      await formOf(form.client_id, { nextcloud_url: '', nextcloud_user: '', cloud_quota_gb: '' }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await appsOf(form.client_id)).nextcloud()).toBeNull();
    expect((await appsOf(form.client_id)).cloudQuotaGb).toBeNull();
    expect((await secretsOf(form.client_id)).nextcloud_app_password).toBeNull();
  });

  it('refuses a bad URL, a token without its URL and a bad quota with the field message', async () => {
    const form = await created();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ watch_url: 'nao e url', watch_token: 't' }, 'watch_url', messages.urlInvalid],
      [{ playhub_url: 'javascript:alert(1)' }, 'playhub_url', messages.urlInvalid],
      [{ tocalivros_url: '', tocalivros_token: 't' }, 'tocalivros_url', messages.appsUrlRequired],
      [{ nextcloud_user: 'admin' }, 'nextcloud_url', messages.nextcloudUrlRequired],
      [{ nextcloud_url: 'https://cloud.example.com' }, 'nextcloud_user', messages.nextcloudUserRequired],
      [{ cloud_quota_gb: '0' }, 'cloud_quota_gb', messages.cloudQuotaInvalid],
      [{ cloud_quota_gb: '2.5' }, 'cloud_quota_gb', messages.cloudQuotaInvalid],
      [{ cloud_quota_gb: 'muito' }, 'cloud_quota_gb', messages.cloudQuotaInvalid],
    ];
    for (const [change, path, message] of cases) {
      const res = await edit(form.client_id, await formOf(form.client_id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({
        code: 'VALIDATION',
        message,
        issues: [{ path, message }],
      });
    }
    // a new partner needs its token; on creation the form says which field
    const noToken = await edit(
      form.client_id,
      await formOf(form.client_id, { playhub_url: 'https://api.playhub.example' }),
    );
    expect(noToken.json()).toEqual({
      code: 'VALIDATION',
      message: `${messages.appsTokenRequired} de Playhub`,
    });
    const onCreate = await create(await newForm({ watch_url: WATCH.url }));
    expect(onCreate.json()).toMatchObject({
      message: messages.appsTokenRequired,
      issues: [{ path: 'watch_token', message: messages.appsTokenRequired }],
    });
    expect((await appsOf(form.client_id)).partner('playhub')).toBeNull();
  });

  it('leaves the apps as stored when a form has none of their fields (a page older than them)', async () => {
    const t = await h.tenant({
      apps: { watch: { url: WATCH.url }, cloudQuotaGb: 5, secrets: { watch: WATCH.token } },
    });
    const {
      apps_static_catalogue: _a,
      watch_url: _w,
      cloud_quota_gb: _q,
      ...older
    } = await formOf(t.clientId);
    const withoutApps = Object.fromEntries(
      Object.entries(older).filter(([field]) => !/^(playhub|oletv|tocalivros|nextcloud)_/.test(field)),
    );
    const res = await edit(t.clientId, { ...withoutApps, alias: 'Outro nome' });
    expect(res.statusCode, res.body).toBe(200);
    const apps = await appsOf(t.clientId);
    expect(apps.partner('watch')).toEqual(WATCH);
    expect(apps.cloudQuotaGb).toBe(5);
  });

  it('names the changed fields in the audit trail, never a token', async () => {
    const form = await created();
    await edit(
      form.client_id,
      await formOf(form.client_id, { watch_url: WATCH.url, watch_token: WATCH.token }),
    );
    await edit(form.client_id, await formOf(form.client_id, { watch_token: '' }));
    await edit(form.client_id, await formOf(form.client_id, { watch_token: 'segredo-watch-2' }));
    const res = await h.app.inject({ url: `/api/admin/customer/${form.client_id}/audit`, headers });
    const entries = res.json().entries as { action: string; fields: string[] }[];
    expect(entries.slice(0, 3).map((e) => [e.action, e.fields])).toEqual([
      ['edit', ['watch_token']],
      ['edit', []],
      ['edit', ['watch_url', 'watch_token']],
    ]);
    expect(res.body).not.toContain(WATCH.token);
    expect(res.body).not.toContain('segredo-watch-2');
  });

  it('cannot be changed by a provider or a subscriber', async () => {
    const t = await h.tenant({
      credentials: ['52998224725'],
      apps: { watch: { url: WATCH.url }, secrets: { watch: WATCH.token } },
    });
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: t.clientId },
      payload: { cpfOrCnpj: '52998224725', password: TEST_PASSWORD },
    });
    const subscriber = signIn.cookies.find((c) => c.name === SESSION_COOKIES.customer)?.value ?? '';
    expect(subscriber).not.toBe('');
    const tenant = await h.services.tenants.byClientId(t.clientId);
    if (!tenant) throw new Error('no tenant');
    const provider = await h.services.sessions.issueProvider({ tenant });
    const body = await formOf(t.clientId, { watch_url: 'https://evil.example', watch_token: 'roubado' });
    for (const cookie of [
      `${SESSION_COOKIES.customer}=${subscriber}`,
      `${SESSION_COOKIES.provider}=${provider.token}`,
      `${SESSION_COOKIES.admin}=${provider.token}`,
    ]) {
      const res = await h.app.inject({
        method: 'PUT',
        url: `/api/admin/customer/${t.clientId}/edit`,
        headers: { cookie, client_id: t.clientId },
        payload: body,
      });
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json().code).toBe('NOT_AUTHENTICATED');
    }
    const read = await h.app.inject({
      url: `/api/admin/customer/${t.clientId}`,
      headers: { cookie: `${SESSION_COOKIES.provider}=${provider.token}`, client_id: t.clientId },
    });
    expect(read.statusCode).toBe(401);
    expect((await appsOf(t.clientId)).partner('watch')).toEqual(WATCH);
  });
});

describe('suspend (spec §4: delete is a suspension)', () => {
  it("turns the provider's portal into a 404 at once, and back on reactivation", async () => {
    const form = await created();
    expect((await theme(form.client_id)).statusCode).toBe(200);
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/customer/${form.client_id}/suspend`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.tenantSuspended });
    const gone = await theme(form.client_id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('TENANT_NOT_FOUND');
    expect((await details(form.client_id)).json().suspended).toBe(true);

    const back = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/customer/${form.client_id}/suspend`,
      headers,
      payload: { suspended: false },
    });
    expect(back.json()).toEqual({ message: messages.tenantReactivated });
    expect((await theme(form.client_id)).statusCode).toBe(200);

    const bad = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/customer/${form.client_id}/suspend`,
      headers,
      payload: { suspended: 'talvez' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the provider's password", () => {
  it('stores an argon2id hash, flags it on the form, and refuses a short one', async () => {
    const form = await created();
    const url = `/api/admin/customer/${form.client_id}/provider-password`;
    const short = await h.app.inject({ method: 'PUT', url, headers, payload: { password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Por favor informe uma senha com no mínimo 8 caracteres');
    const res = await h.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { password: 'provedor-secreto' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.providerPasswordSet });
    expect((await details(form.client_id)).json().secrets.provider_password).toBe(true);
    const rows = (await h.database.db.execute(
      `SELECT password_hash FROM provider_credentials pc JOIN tenants t ON t.id = pc.tenant_id WHERE t.client_id = '${form.client_id}'`,
    )) as unknown as { rows: { password_hash: string }[] };
    expect(rows.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('audit trail (issue 11 item 7)', () => {
  it('lists who did what and which fields, newest first, secrets by name only', async () => {
    const form = await created({
      ixc_acs_issuer: 'central',
      ixc_acs_url: 'https://acs.example.com',
      ixc_acs_private_key: 'segredo-acs-1',
    });
    await edit(
      form.client_id,
      await formOf(form.client_id, { alias: 'Outro Alias', ixc_access_token: '9:segredo-token-novo' }),
    );
    await edit(form.client_id, await formOf(form.client_id));
    await h.app.inject({ method: 'PATCH', url: `/api/admin/customer/${form.client_id}/suspend`, headers });
    await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/customer/${form.client_id}/suspend`,
      headers,
      payload: { suspended: false },
    });
    await h.app.inject({
      method: 'PUT',
      url: `/api/admin/customer/${form.client_id}/provider-password`,
      headers,
      payload: { password: 'senha-do-provedor-secreta' },
    });

    const res = await h.app.inject({ url: `/api/admin/customer/${form.client_id}/audit`, headers });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as { at: string; admin: string; action: string; fields: string[] }[];
    expect(entries.map((e) => [e.action, e.fields])).toEqual([
      ['provider_password', ['provider_password']],
      ['reactivate', ['suspended']],
      ['suspend', ['suspended']],
      ['edit', []],
      ['edit', ['alias', 'ixc_access_token']],
      [
        'create',
        expect.arrayContaining([
          'alias',
          'ixc_domain',
          'ixc_acs_url',
          'ixc_access_token',
          'ixc_acs_private_key',
        ]),
      ],
    ]);
    expect(entries.every((e) => e.admin === `Ana Admin <${ANA}>`)).toBe(true);
    for (const secret of [
      form.ixc_access_token,
      'segredo-acs-1',
      '9:segredo-token-novo',
      'senha-do-provedor',
    ])
      expect(res.body).not.toContain(secret);
    expect((await h.app.inject({ url: '/api/admin/customer/nao-existe/audit', headers })).statusCode).toBe(
      404,
    );
  });
});
