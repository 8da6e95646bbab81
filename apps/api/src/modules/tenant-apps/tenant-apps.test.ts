import { randomUUID } from 'node:crypto';
import { messages } from '@central/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  type Harness,
  startHarness,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import { adminSession, setProviderPassword } from '../../../test/staff.ts';
import { adminAudit, tenantApps } from '../../db/schema.ts';

const MARIA = '52998224725';
const PROVIDER_PASSWORD = 'provedor-secreto-1';

// Unique per file: on PostgreSQL (test:pg) every test file shares one database.
const ANA = `ana-${randomUUID().slice(0, 8)}@central.test`;
let h: Harness;
let a: Awaited<ReturnType<Harness['tenant']>>;
let b: Awaited<ReturnType<Harness['tenant']>>;
let admin: Awaited<ReturnType<typeof adminSession>>;

type Jar = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, jar: Jar, payload?: unknown) =>
  h.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie: cookieHeader(jar) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const appsUrl = (clientId: string) => `/customer/${clientId}/customer-apps`;
const appUrl = (clientId: string, id: string) => `/customer/${clientId}/customer-app/${id}`;
const createUrl = (clientId: string) => `/customer/${clientId}/customer-app/create`;

const form = {
  name: 'Watch Brasil',
  image: 'https://cdn.example.com/apps/watch.png',
  pending_text: 'Ative o Watch com o seu e-mail.',
  active_text: 'Seu Watch está ativo.',
  app_store_link: 'https://apps.apple.com/br/app/watch/id1',
  play_store_link: '',
  activation_criteria: 'product_in_contract',
  integration_method: 'watchbr',
  product_ids: [{ id: '12', content: 'Watch Premium' }],
};

async function create(clientId: string, body: Record<string, unknown> = form) {
  const res = await call('POST', createUrl(clientId), admin.jar, body);
  expect(res.statusCode).toBe(201);
  return res.json().app as { id: string };
}

const auditOf = (tenantId: string) =>
  h.database.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.tenantId, tenantId))
    .orderBy(asc(adminAudit.at));

beforeAll(async () => {
  h = await startHarness();
  a = await h.tenant({ credentials: [MARIA] });
  b = await h.tenant({ from: 'outro' });
  admin = await adminSession(h, { name: 'Ana Admin', email: ANA });
});
afterAll(() => h.close());

describe('tenant apps CRUD (spec §2.4 Aplicativos, §3 Tenant app, §7.9)', () => {
  it('creates, reads, lists, edits and removes an app, with the spec texts', async () => {
    const t = await h.tenant();
    expect((await call('GET', appsUrl(t.clientId), admin.jar)).json()).toEqual({ apps: [] });

    const created = await call('POST', createUrl(t.clientId), admin.jar, form);
    expect(created.statusCode).toBe(201);
    const { message, app } = created.json();
    expect(message).toBe('Aplicativo criado com sucesso');
    expect(app).toEqual({
      id: expect.any(String),
      client_id: t.clientId,
      name: 'Watch Brasil',
      image: form.image,
      pending_text: form.pending_text,
      active_text: form.active_text,
      app_store_link: form.app_store_link,
      play_store_link: null,
      activation_criteria: 'product_in_contract',
      integration_method: 'watchbr',
      product_ids: [{ id: '12', content: 'Watch Premium' }],
      plan_ids: [],
      integration_method_product_ids: [],
    });

    const one = await call('GET', appUrl(t.clientId, app.id), admin.jar);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(app);
    const second = await create(t.clientId, {
      ...form,
      name: 'Toca Livros',
      activation_criteria: 'any',
      integration_method: 'api_toca_livros',
      product_ids: [],
    });
    const list = await call('GET', appsUrl(t.clientId), admin.jar);
    expect(list.json().apps.map((x: { id: string }) => x.id)).toEqual([app.id, second.id]);

    const edited = await call('PUT', `${appUrl(t.clientId, app.id)}/edit`, admin.jar, {
      ...form,
      name: 'Watch',
      activation_criteria: 'plan_in_contract',
      product_ids: [],
      plan_ids: [{ id: '3', content: 'FIBRA 500 MEGA' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Aplicativo editado com sucesso',
      app: { id: app.id, name: 'Watch', activation_criteria: 'plan_in_contract', product_ids: [] },
    });
    expect((await call('GET', appUrl(t.clientId, app.id), admin.jar)).json().plan_ids).toEqual([
      { id: '3', content: 'FIBRA 500 MEGA' },
    ]);

    const removed = await call('DELETE', `${appUrl(t.clientId, app.id)}/remove`, admin.jar);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Aplicativo removido com sucesso' });
    const gone = await call('GET', appUrl(t.clientId, app.id), admin.jar);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'APP_NOT_FOUND', message: messages.appNotFound });
    expect((await call('DELETE', `${appUrl(t.clientId, app.id)}/remove`, admin.jar)).statusCode).toBe(404);
    expect((await call('GET', appsUrl(t.clientId), admin.jar)).json().apps).toHaveLength(1);
  });

  it('writes who changed what to the audit trail: the admin and the names of the fields', async () => {
    const t = await h.tenant();
    const app = await create(t.clientId);
    await call('PUT', `${appUrl(t.clientId, app.id)}/edit`, admin.jar, {
      ...form,
      name: 'Watch',
      play_store_link: 'https://play.google.com/store/apps/details?id=watch',
    });
    await call('PUT', `${appUrl(t.clientId, app.id)}/edit`, admin.jar, { ...form, name: 'Watch' });
    await call('DELETE', `${appUrl(t.clientId, app.id)}/remove`, admin.jar);
    const entries = (await auditOf(t.row.id)).map((e) => ({
      adminId: e.adminId,
      adminLabel: e.adminLabel,
      action: e.action,
      fields: e.fields,
    }));
    const by = { adminId: admin.user.id, adminLabel: `Ana Admin <${ANA}>` };
    expect(entries).toEqual([
      {
        ...by,
        action: 'app_create',
        fields: [
          'name',
          'image',
          'pending_text',
          'active_text',
          'app_store_link',
          'activation_criteria',
          'integration_method',
          'product_ids',
        ],
      },
      { ...by, action: 'app_edit', fields: ['name', 'play_store_link'] },
      { ...by, action: 'app_edit', fields: ['play_store_link'] },
      { ...by, action: 'app_remove', fields: [] },
    ]);
  });

  it('lets the back office configure a suspended provider', async () => {
    const t = await h.tenant({ suspended: true });
    await create(t.clientId);
    expect((await call('GET', appsUrl(t.clientId), admin.jar)).json().apps).toHaveLength(1);
  });

  it('answers 404 for an unknown provider', async () => {
    for (const res of [
      await call('GET', appsUrl('nao-existe'), admin.jar),
      await call('POST', createUrl('nao-existe'), admin.jar, form),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'TENANT_NOT_FOUND', message: messages.tenantNotFound });
    }
  });
});

describe('app form rules (spec §5), answered as 400 with the spec texts', () => {
  const refuse = async (body: unknown, message: unknown) => {
    const res = await call('POST', createUrl(a.clientId), admin.jar, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
  };

  it("refuses watchbr, ole_tv and playhub with the criterion 'any'", async () => {
    for (const integration_method of ['watchbr', 'ole_tv', 'playhub'])
      await refuse(
        { ...form, activation_criteria: 'any', integration_method },
        'Opção não permitida para o critério de ativação selecionado',
      );
  });

  it('asks for each required field', async () => {
    await refuse({ ...form, name: '  ' }, 'Por favor, informe um nome');
    await refuse({ ...form, pending_text: '' }, 'Por favor, informe um texto pendente');
    await refuse({ ...form, active_text: '' }, 'Por favor, informe um texto ativo');
    const { activation_criteria: _c, ...noCriterion } = form;
    await refuse(noCriterion, 'Por favor, selecione um critério de ativação');
    await refuse({ ...form, integration_method: 'fax' }, 'Por favor, selecione um método de integração');
  });

  it('checks the image, the links, the lengths and the id lists', async () => {
    await refuse({ ...form, image: 'https://cdn.example.com/watch.html' }, 'URL da imagem não é válida');
    await refuse({ ...form, image: 'não é uma url' }, 'Por favor, informe uma URL válida');
    await refuse(
      { ...form, app_store_link: 'ftp://apps.example.com/x' },
      'Por favor, informe uma URL válida',
    );
    await refuse({ ...form, name: 'x'.repeat(101) }, 'menor que 100 caracteres');
    await refuse({ ...form, product_ids: [] }, 'Adicione ao menos um produto');
    await refuse({ ...form, activation_criteria: 'plan_in_contract' }, 'Adicione ao menos um plano');
    await refuse(
      { ...form, product_ids: [form.product_ids[0], form.product_ids[0]] },
      'Produto já adicionado',
    );
    await refuse({ ...form, product_ids: [{ id: 'abc', content: 'x' }] }, 'ID inválido');
  });

  it('answers 400, never 500, to bodies that are not the form', async () => {
    for (const payload of ['{"name":', '[]', 'null', '"texto"']) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/admin${createUrl(a.clientId)}`,
        headers: { cookie: cookieHeader(admin.jar), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    await refuse({ ...form, product_ids: 'x' }, expect.any(String));
    const badId = await call('GET', appUrl(a.clientId, 'nao-e-uuid'), admin.jar);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(messages.appNotFound);
    expect(await h.database.db.select().from(tenantApps).where(eq(tenantApps.tenantId, a.row.id))).toEqual(
      [],
    );
  });
});

describe('tenant first: an app of another provider', () => {
  it('is not found through this provider: read, edit and remove answer 404 and change nothing', async () => {
    const other = await create(b.clientId);
    const read = await call('GET', appUrl(a.clientId, other.id), admin.jar);
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe('APP_NOT_FOUND');
    const edit = await call('PUT', `${appUrl(a.clientId, other.id)}/edit`, admin.jar, {
      ...form,
      name: 'Outro',
    });
    expect(edit.statusCode).toBe(404);
    expect((await call('DELETE', `${appUrl(a.clientId, other.id)}/remove`, admin.jar)).statusCode).toBe(404);
    const still = await call('GET', appUrl(b.clientId, other.id), admin.jar);
    expect(still.json().name).toBe('Watch Brasil');
    expect((await call('GET', appsUrl(a.clientId), admin.jar)).json().apps).toEqual([]);
    expect((await auditOf(a.row.id)).length).toBe(0);
  });
});

describe('who may call (spec §6): staff only', () => {
  const routes = (id: string): ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] => [
    ['GET', appsUrl(a.clientId)],
    ['GET', appUrl(a.clientId, id)],
    ['POST', createUrl(a.clientId), form],
    ['PUT', `${appUrl(a.clientId, id)}/edit`, form],
    ['DELETE', `${appUrl(a.clientId, id)}/remove`],
  ];

  async function expectRefused(jar: Jar, headers: Record<string, string> = {}) {
    const app = await create(a.clientId);
    for (const [method, url, payload] of routes(app.id)) {
      const res = await h.app.inject({
        method,
        url: `/api/admin${url}`,
        headers: { cookie: cookieHeader(jar), ...headers },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ code: 'NOT_AUTHENTICATED', message: messages.notAuthenticated });
    }
    expect((await call('GET', appUrl(a.clientId, app.id), admin.jar)).json().name).toBe('Watch Brasil');
    await call('DELETE', `${appUrl(a.clientId, app.id)}/remove`, admin.jar);
  }

  it('refuses anonymous calls, even with a bad body', async () => {
    await expectRefused({});
    const res = await call('POST', createUrl(a.clientId), {}, { name: '' });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a subscriber's session, in its own cookie or in the admin's", async () => {
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: a.clientId },
      payload: { cpfOrCnpj: MARIA, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const jar = cookiesFrom(signIn);
    await expectRefused(jar, { client_id: a.clientId });
    await expectRefused({ central_admin: jar.central_session ?? '' });
  });

  it("refuses the provider's own session, in its own cookie or in the admin's", async () => {
    await setProviderPassword(h, a.row.id, PROVIDER_PASSWORD);
    const signIn = await call(
      'POST',
      '/auth/sign-in/provider',
      {},
      {
        client_id: a.clientId,
        password: PROVIDER_PASSWORD,
      },
    );
    expect(signIn.statusCode).toBe(200);
    const jar = cookiesFrom(signIn);
    await expectRefused(jar, { client_id: a.clientId });
    await expectRefused({ central_admin: jar.central_provider ?? '' });
  });

  it("refuses an admin's session once it has signed out", async () => {
    const other = await adminSession(h);
    expect((await call('GET', appsUrl(a.clientId), other.jar)).statusCode).toBe(200);
    await h.services.sessions.end(other.jar.central_admin);
    await expectRefused(other.jar);
  });
});

describe('OpenAPI document', () => {
  it('lists the app routes', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/admin/customer/{clientId}/customer-apps',
      '/api/admin/customer/{clientId}/customer-app/{appId}',
      '/api/admin/customer/{clientId}/customer-app/create',
      '/api/admin/customer/{clientId}/customer-app/{appId}/edit',
      '/api/admin/customer/{clientId}/customer-app/{appId}/remove',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });
});
