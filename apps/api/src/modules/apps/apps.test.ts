import { type AppDetails, type CustomerAppList, cloudGroupId, errorBody, messages } from '@central/domain';
import { DEMO_NEXTCLOUD, NEXTCLOUD_DEMO, PARTNERS_DEMO } from '@central/sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';
import { appActivations, tenantApps } from '../../db/schema.ts';
import { IxcClient } from '../../integrations/ixc/client.ts';
import { ACTIVATION_CLAIM_MS } from './service.ts';

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const JOAO = '11144477735';
const CARLA = '39053344705';
const FERNANDA = '71460238001';
const MARIA_CONTRACT = '101';
const JOAO_CONTRACT = '104';

type Jar = Record<string, string>;
type Tenant = Awaited<ReturnType<Harness['tenant']>>;

let h: Harness;
let demo: Tenant;
let maria: Jar;

const call = (
  t: Tenant,
  jar: Jar,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  h.app.inject({
    method,
    url: `/api/central${url}`,
    headers: { client_id: t.clientId, cookie: cookieHeader(jar) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (t: Tenant, jar: Jar, url: string) => call(t, jar, 'GET', url);

async function appsOf(t: Tenant, jar: Jar): Promise<CustomerAppList> {
  const res = await get(t, jar, '/customer/apps');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const appNamed = (list: CustomerAppList, name: string) => {
  const item = list.apps.find((a) => a.customer_app.name === name);
  if (!item) throw new Error(`no app ${name} in ${list.apps.map((a) => a.customer_app.name).join(', ')}`);
  return item;
};
async function details(t: Tenant, jar: Jar, appId: string, contractId: string): Promise<AppDetails> {
  const res = await get(t, jar, `/customer/app/${appId}/${contractId}/details`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const partnerSubscribers = async (t: Tenant, partner: 'watch' | 'playhub' | 'oletv' | 'tocalivros') => {
  const instance = t.appInstances?.[partner].instance;
  const res = await fetch(`${h.simUrl}/__sim/${partner}/${instance}/subscribers`);
  return (await res.json()) as unknown[];
};
const partnerFault = (t: Tenant, partner: 'watch' | 'oletv' | 'tocalivros' | 'playhub', body: unknown) =>
  fetch(`${h.simUrl}/__sim/${partner}/${t.appInstances?.[partner].instance}/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  h = await startHarness({ env: { PARTNER_TIMEOUT_MS: '1500' } });
  demo = await h.tenant({ credentials: [MARIA, PADARIA, JOAO, CARLA], apps: true });
  maria = await h.customerSession(demo.clientId, MARIA);
});
afterAll(() => h.close());

describe('GET /customer/apps', () => {
  it("gives Maria the apps of her active contract 101 by product, plan and 'any'", async () => {
    const list = await appsOf(demo, maria);
    const names = list.apps.map((a) => `${a.customer_app.name}@${a.contract.id}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'Watch Brasil@101',
        'Olé TV@101',
        'ATP Box@101',
        'Tocalivros@101',
        'Clube de Vantagens@101',
      ]),
    );
    // her financially pending contract 102 gives nothing
    expect(list.apps.some((a) => a.contract.id !== MARIA_CONTRACT)).toBe(false);
    const watch = appNamed(list, 'Watch Brasil');
    expect(watch.service).toEqual({ id: '219', name: 'Watch Brasil Premium (incluso no plano)' });
    expect(watch.link).toBe(`/panel/app/${watch.customer_app.id}/101/219`);
    expect(watch.active).toBe(false);
    expect(watch.description).toMatch(/^Ative o Watch Brasil/);
    expect(appNamed(list, 'Clube de Vantagens').active).toBe(true);
    expect(list.inactive_apps).toEqual([]);
    expect(list.apps_disabled).toBe(false);
  });

  it('gives Padaria, whose only contract is blocked, no app: every one is listed as inactive', async () => {
    const list = await appsOf(demo, await h.customerSession(demo.clientId, PADARIA));
    expect(list.apps).toEqual([]);
    expect(list.inactive_apps.map((a) => a.customer_app.name).sort()).toEqual([
      'ATP Box',
      'Clube de Vantagens',
      'Olé TV',
      'Tocalivros',
      'Watch Brasil',
    ]);
    expect(list.inactive_apps.every((a) => a.description.length > 0)).toBe(true);
  });

  it('shows João the banner: Watch suspended him for open invoices', async () => {
    const list = await appsOf(demo, await h.customerSession(demo.clientId, JOAO));
    expect(list.apps_disabled).toBe(true);
  });

  it('answers 401 without a session and never another tenant', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/central/customer/apps',
      headers: { client_id: demo.clientId },
    });
    expect(res.statusCode).toBe(401);
    const outro = await h.tenant({ from: 'outro', credentials: [FERNANDA] });
    const other = await call(outro, maria, 'GET', '/customer/apps');
    expect(other.statusCode).toBe(401);
  });

  it("answers the catalogue's message when the ERP is down, never a 500", async () => {
    const t = await h.tenant({ credentials: [MARIA], apps: true });
    const jar = await h.customerSession(t.clientId, MARIA);
    await t.simFaults({ table: 'cliente_contrato', mode: 'error' });
    const res = await get(t, jar, '/customer/apps');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'APPS_FAILED', message: messages.appsLoadFailed });
  });
});

describe('details and activation', () => {
  it('shows the activation form state, then activates Watch Brasil with an e-mail, twice harmlessly', async () => {
    const list = await appsOf(demo, maria);
    const watch = appNamed(list, 'Watch Brasil');
    const before = await details(demo, maria, watch.customer_app.id, MARIA_CONTRACT);
    expect(before).toMatchObject({
      is_online: true,
      is_active: false,
      integration_method: 'watchbr',
      platform: { name: 'watchbr', login: null },
      static_catalogue: false,
      atp_box_group: null,
    });
    expect(before.contract_product_ids).toEqual(expect.arrayContaining(['5', '8']));
    expect(before.customer.cpf_cnpj).toBe('529.982.247-25');

    const body = {
      contractId: MARIA_CONTRACT,
      customerAppId: watch.customer_app.id,
      appId: '219',
      platform: 'watchbr',
      customerEmail: 'maria.watch@exemplo.com.br',
    };
    const res = await call(demo, maria, 'POST', '/customer/create/content-app', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: true, login: null });
    const after = await details(demo, maria, watch.customer_app.id, MARIA_CONTRACT);
    expect(after.is_active).toBe(true);
    expect(after.description).toBe(after.active_text);
    expect(appNamed(await appsOf(demo, maria), 'Watch Brasil').active).toBe(true);

    const again = await call(demo, maria, 'POST', '/customer/create/content-app', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().active).toBe(true);
    const subscribers = await partnerSubscribers(demo, 'watch');
    expect(JSON.stringify(subscribers).match(new RegExp(MARIA, 'g'))?.length).toBe(1);
  });

  it("refuses an e-mail another subscriber uses, with the spec's text", async () => {
    const t = await h.tenant({ credentials: [MARIA], apps: true });
    const jar = await h.customerSession(t.clientId, MARIA);
    const watch = appNamed(await appsOf(t, jar), 'Watch Brasil');
    const res = await call(t, jar, 'POST', '/customer/create/content-app', {
      contractId: MARIA_CONTRACT,
      customerAppId: watch.customer_app.id,
      platform: 'watchbr',
      customerEmail: PARTNERS_DEMO.busy.email,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'APP_EMAIL_IN_USE', message: messages.appEmailInUse });
  });

  it("asks for the e-mail ('E-mail não informado.') by the app's method, whatever the body says", async () => {
    const watch = appNamed(await appsOf(demo, maria), 'Watch Brasil');
    const res = await call(demo, maria, 'POST', '/customer/create/content-app', {
      contractId: MARIA_CONTRACT,
      customerAppId: watch.customer_app.id,
      platform: 'watchbr',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.appEmailMissing);
  });

  it('answers a slow partner with the failure text within the timeout, and the next try reconciles', async () => {
    const t = await h.tenant({ credentials: [MARIA], apps: true });
    const jar = await h.customerSession(t.clientId, MARIA);
    const watch = appNamed(await appsOf(t, jar), 'Watch Brasil');
    await partnerFault(t, 'watch', { mode: 'error', status: 503 });
    const started = Date.now();
    const res = await call(t, jar, 'POST', '/customer/create/content-app', {
      contractId: MARIA_CONTRACT,
      customerAppId: watch.customer_app.id,
      platform: 'watchbr',
      customerEmail: 'maria@exemplo.com.br',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'APP_ACTIVATION_FAILED',
      message: messages.appActivationFailed,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    await partnerFault(t, 'watch', { mode: 'none' });
    const retry = await call(t, jar, 'POST', '/customer/create/content-app', {
      contractId: MARIA_CONTRACT,
      customerAppId: watch.customer_app.id,
      platform: 'watchbr',
      customerEmail: 'maria@exemplo.com.br',
    });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it("keeps another customer's contract, another tenant's app and bad ids as not found or 400", async () => {
    const list = await appsOf(demo, maria);
    const watch = appNamed(list, 'Watch Brasil');
    expect(
      (await get(demo, maria, `/customer/app/${watch.customer_app.id}/${JOAO_CONTRACT}/details`)).statusCode,
    ).toBe(404);
    expect((await get(demo, maria, `/customer/app/${watch.customer_app.id}/102/details`)).statusCode).toBe(
      404,
    );
    const padaria = await h.customerSession(demo.clientId, PADARIA);
    const res = await get(demo, padaria, `/customer/app/${watch.customer_app.id}/${MARIA_CONTRACT}/details`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.appUnavailable);
    const other = await h.tenant({ credentials: [MARIA], apps: true });
    const otherJar = await h.customerSession(other.clientId, MARIA);
    expect(
      (await get(other, otherJar, `/customer/app/${watch.customer_app.id}/${MARIA_CONTRACT}/details`))
        .statusCode,
    ).toBe(404);
    for (const bad of [
      '/customer/app/nope/101/details',
      `/customer/app/${watch.customer_app.id}/1x/details`,
    ]) {
      const r = await get(demo, maria, bad);
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
      expect(errorBody.safeParse(r.json()).success).toBe(true);
    }
  });

  it('activates the display-only app without a call and answers the Olé TV check', async () => {
    const list = await appsOf(demo, maria);
    const club = appNamed(list, 'Clube de Vantagens');
    const res = await call(demo, maria, 'POST', '/customer/create/content-app', {
      contractId: MARIA_CONTRACT,
      customerAppId: club.customer_app.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const check = await get(demo, maria, '/atplus/oletv/check');
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ hasOletv: false, contractId: MARIA_CONTRACT, oletvAmount: 0 });
  });
});

describe('Olé TV', () => {
  it('activates, then says it is active, then sends the password recovery only to its e-mail', async () => {
    const t = await h.tenant({ credentials: [MARIA], apps: true });
    const jar = await h.customerSession(t.clientId, MARIA);
    const res = await call(t, jar, 'POST', '/atplus/oletv/active', { contractId: MARIA_CONTRACT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.oleTvActivated);
    const check = (await get(t, jar, '/atplus/oletv/check')).json();
    expect(check).toMatchObject({ hasOletv: true, contractId: MARIA_CONTRACT, oletvAmount: 1 });
    expect(check.customerEmail).toBeTruthy();
    const wrong = await call(t, jar, 'POST', '/atplus/oletv/recovery-password', {
      email: 'outra.pessoa@exemplo.com.br',
      contractId: MARIA_CONTRACT,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(messages.oleTvRecoveryNotFound);
    const sent = await call(t, jar, 'POST', '/atplus/oletv/recovery-password', {
      email: check.customerEmail,
      contractId: MARIA_CONTRACT,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toContain(check.customerEmail);
  });
});

describe('Toca Livros', () => {
  it('prefills the form, activates, then answers 204', async () => {
    const t = await h.tenant({ credentials: [MARIA], apps: true });
    const jar = await h.customerSession(t.clientId, MARIA);
    const prefill = await get(t, jar, `/customer/app/tocalivros?contract_id=${MARIA_CONTRACT}`);
    expect(prefill.statusCode, prefill.body).toBe(200);
    const form = prefill.json();
    expect(form).toMatchObject({ cpf_cnpj: '529.982.247-25', contract_id: MARIA_CONTRACT });
    const body = {
      name: form.name,
      user: 'maria.souza',
      password: 'livros2026',
      email: form.email ?? 'maria@exemplo.com.br',
      cpf_cnpj: form.cpf_cnpj,
      ddd: form.ddd ?? '48',
      telefone: form.telefone ?? '999990000',
      internal_id: form.internal_id,
      contract_id: MARIA_CONTRACT,
    };
    const forged = await call(t, jar, 'POST', '/customer/app/tocalivros', { ...body, internal_id: '999' });
    expect(forged.statusCode).toBe(404);
    const res = await call(t, jar, 'POST', '/customer/app/tocalivros', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.tocaLivrosActivated);
    expect((await get(t, jar, `/customer/app/tocalivros?contract_id=${MARIA_CONTRACT}`)).statusCode).toBe(
      204,
    );
    expect(JSON.stringify(await partnerSubscribers(t, 'tocalivros'))).toContain('maria.souza');
  });
});

describe('cloud box', () => {
  const group = cloudGroupId('Maria Aparecida Souza', MARIA, MARIA_CONTRACT);

  it('derives the group on the server and lists its users in bytes', async () => {
    expect(group).toBe(NEXTCLOUD_DEMO.groups.maria101);
    const box = appNamed(await appsOf(demo, maria), 'ATP Box');
    expect((await details(demo, maria, box.customer_app.id, MARIA_CONTRACT)).atp_box_group).toBe(group);
    const found = await get(demo, maria, `/customer/find/cloud-group/${group}`);
    expect(found.statusCode, found.body).toBe(200);
    const users = await get(demo, maria, `/customer/list/cloud-group-users/${group}`);
    expect(users.statusCode).toBe(200);
    expect(users.json().users).toEqual([
      expect.objectContaining({ id: 'maria.fotos', quota: { used: 1.25 * 1024 ** 3, total: 5 * 1024 ** 3 } }),
    ]);
    expect(users.json().group).toMatchObject({ quota_limit: 10 * 1024 ** 3, quota_allocated: 5 * 1024 ** 3 });
  });

  it("never reaches another customer's group, whatever id the browser sends", async () => {
    const joaoGroup = NEXTCLOUD_DEMO.groups.joao104;
    for (const id of [joaoGroup, `maria-aparecida-souza-${MARIA}-104`, `x-${MARIA}-101`]) {
      const res = await get(demo, maria, `/customer/list/cloud-group-users/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
    const remove = await call(
      demo,
      maria,
      'DELETE',
      `/customer/delete/cloud-user/joao.backup?contractId=${MARIA_CONTRACT}`,
    );
    expect(remove.statusCode).toBe(404);
  });

  it('adds a user with 2 GB, edits its quota, refuses beyond the limit, removes it', async () => {
    const created = await call(demo, maria, 'POST', '/customer/create/cloud-user', {
      contractId: MARIA_CONTRACT,
      displayName: 'Pedro Souza',
      email: 'pedro.souza@exemplo.com.br',
      password: 'nuvem-segura-1',
      quota: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().user.id;
    expect(created.json().user.quota.total).toBe(2 * 1024 ** 3);
    const edit = (value: unknown) =>
      call(demo, maria, 'PUT', '/customer/edit/cloud-user', {
        userId: id,
        contractId: MARIA_CONTRACT,
        key: 'quota',
        value,
      });
    const three = await edit(3);
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json()).toMatchObject({
      message: messages.cloudUserUpdated,
      user: { quota: { total: 3 * 1024 ** 3 } },
    });
    const beyond = await edit(6);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe(messages.cloudQuotaExceeded);
    const badPassword = await call(demo, maria, 'PUT', '/customer/edit/cloud-user', {
      userId: id,
      contractId: MARIA_CONTRACT,
      key: 'password',
      value: 'curta',
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().message).toBe(messages.cloudUserPasswordLength);
    const removed = await call(
      demo,
      maria,
      'DELETE',
      `/customer/delete/cloud-user/${id}?contractId=${MARIA_CONTRACT}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const users = (await get(demo, maria, `/customer/list/cloud-group-users/${group}`)).json().users;
    expect(users.map((u: { id: string }) => u.id)).toEqual(['maria.fotos']);
  });

  it('creates the group of a contract that has none yet (404 first)', async () => {
    const t = await h.tenant({ credentials: [MARIA], apps: true });
    const jar = await h.customerSession(t.clientId, MARIA);
    const nextcloud = t.appInstances!.nextcloud;
    const admin = Buffer.from(`${DEMO_NEXTCLOUD.user}:${nextcloud.appPassword}`).toString('base64');
    const deleted = await fetch(
      `${h.simUrl}${nextcloud.baseUrl}/ocs/v1.php/cloud/groups/${group}?format=json`,
      {
        method: 'DELETE',
        headers: { authorization: `Basic ${admin}`, 'OCS-APIRequest': 'true' },
      },
    );
    const answer = (await deleted.json()) as { ocs: { meta: { statuscode: number } } };
    expect(answer.ocs.meta.statuscode).toBe(100);
    expect((await get(t, jar, `/customer/find/cloud-group/${group}`)).statusCode).toBe(404);
    const created = await call(t, jar, 'POST', '/customer/create/cloud-group', {
      contractId: MARIA_CONTRACT,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().group).toMatchObject({ id: group, contractId: MARIA_CONTRACT, quota_allocated: 0 });
    expect((await get(t, jar, `/customer/find/cloud-group/${group}`)).statusCode).toBe(200);
    // creating it again is harmless
    expect(
      (await call(t, jar, 'POST', '/customer/create/cloud-group', { contractId: MARIA_CONTRACT })).statusCode,
    ).toBe(201);
  });
});

describe('methods without a partner', () => {
  async function withApp(values: Partial<typeof tenantApps.$inferInsert>) {
    const t = await h.tenant({ credentials: [MARIA], apps: true });
    const [row] = await h.database.db
      .insert(tenantApps)
      .values({
        tenantId: t.row.id,
        name: 'Extra',
        image: '/apps/clube.svg',
        pendingText: 'Ative o extra.',
        activeText: 'Extra ativo.',
        activationCriteria: 'any',
        integrationMethod: 'login_sva',
        ...values,
      })
      .returning();
    return { t, jar: await h.customerSession(t.clientId, MARIA), appId: row!.id };
  }
  const ixcOf = (t: Tenant) => new IxcClient({ domain: `${h.simUrl}${t.erp.baseUrl}`, token: t.erp.token });
  const productRows = async (t: Tenant, productId: string) =>
    (
      await ixcOf(t).listAll('vd_contratos_produtos', {
        where: { field: 'vd_contratos_produtos.id_contrato', value: MARIA_CONTRACT },
      })
    ).filter((r) => r.id_produto === productId);

  it('login_sva: shows a login and password once, then only the login', async () => {
    const { t, jar, appId } = await withApp({ integrationMethod: 'login_sva' });
    const res = await call(t, jar, 'POST', '/customer/create/content-app', {
      contractId: MARIA_CONTRACT,
      customerAppId: appId,
      platform: 'login_sva',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { login } = res.json();
    expect(login.login).toMatch(/\S+/);
    expect(login.password.length).toBeGreaterThanOrEqual(10);
    const shown = await details(t, jar, appId, MARIA_CONTRACT);
    expect(shown).toMatchObject({ is_active: true, integration: { login: login.login } });
    expect(JSON.stringify(shown)).not.toContain(login.password);
    const again = await call(t, jar, 'POST', '/customer/create/content-app', {
      contractId: MARIA_CONTRACT,
      customerAppId: appId,
      platform: 'login_sva',
    });
    expect(again.json()).toMatchObject({ active: true, login: null, message: messages.appExistingLogin });
    expect(h.logLines.join('\n')).not.toContain(login.password);
  });

  it('add_product_in_contract: adds the product to the contract in IXC once, however often it is asked', async () => {
    const { t, jar, appId } = await withApp({
      integrationMethod: 'add_product_in_contract',
      integrationMethodProductIds: [{ id: '9', content: 'BACKUP EM NUVEM 50 GB' }],
    });
    expect(appNamed(await appsOf(t, jar), 'Extra').active).toBe(false);
    const activate = () =>
      call(t, jar, 'POST', '/customer/create/content-app', {
        contractId: MARIA_CONTRACT,
        customerAppId: appId,
        platform: 'add_product_in_contract',
      });
    const res = await activate();
    expect(res.statusCode, res.body).toBe(200);
    const rows = await productRows(t, '9');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ descricao: 'BACKUP EM NUVEM 50 GB', valor_unit: '9.900000000' });
    expect(appNamed(await appsOf(t, jar), 'Extra').active).toBe(true);
    expect((await activate()).statusCode).toBe(200);
    expect(await productRows(t, '9')).toHaveLength(1);
  });

  it('add_product_in_contract: a timed-out insert is an unknown outcome, not retried at once', async () => {
    const { t, jar, appId } = await withApp({
      integrationMethod: 'add_product_in_contract',
      integrationMethodProductIds: [{ id: '9', content: 'BACKUP EM NUVEM 50 GB' }],
    });
    await t.simFaults({ table: 'vd_contratos_produtos', mode: 'timeout', writesOnly: true, count: 1 });
    const body = { contractId: MARIA_CONTRACT, customerAppId: appId, platform: 'add_product_in_contract' };
    const res = await call(t, jar, 'POST', '/customer/create/content-app', body);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(messages.appActivationFailed);
    // the claim stays while the outcome is unknown: no second insert at once
    const retry = await call(t, jar, 'POST', '/customer/create/content-app', body);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(messages.appActivationInProgress);
    // a minute on, the next attempt reads the contract first, then adds the product once
    await h.database.db
      .update(appActivations)
      .set({ claimedAt: new Date(Date.now() - ACTIVATION_CLAIM_MS - 1000) })
      .where(eq(appActivations.appId, appId));
    const later = await call(t, jar, 'POST', '/customer/create/content-app', body);
    expect(later.statusCode, later.body).toBe(200);
    expect(await productRows(t, '9')).toHaveLength(1);
  });

  it('refuses to activate the cloud box or the book app through the form', async () => {
    const box = appNamed(await appsOf(demo, maria), 'ATP Box');
    const res = await call(demo, maria, 'POST', '/customer/create/content-app', {
      contractId: MARIA_CONTRACT,
      customerAppId: box.customer_app.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('APP_NOT_ACTIVATABLE');
  });
});
