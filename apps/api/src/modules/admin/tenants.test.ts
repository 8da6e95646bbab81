import { randomUUID } from 'node:crypto';
import { messages, type TenantDetails } from '@central/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';
import { adminSession } from '../../../test/staff.ts';
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
    expect(await secretsOf(form.client_id)).toEqual({
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
