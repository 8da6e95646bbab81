import { messages } from '@central/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  type Harness,
  startHarness,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import { adminSession, setProviderPassword } from '../../../test/staff.ts';
import { providerNotifications } from '../../db/schema.ts';

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const CARLOS = '39053344705';
const FERNANDA = '71460238001';
const PASSWORD = 'provedor123';

let h: Harness;
let a: Awaited<ReturnType<Harness['tenant']>>;
let b: Awaited<ReturnType<Harness['tenant']>>;
let providerA: Record<string, string>;
let providerB: Record<string, string>;

type Jar = Record<string, string>;
const signIn = (body: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/api/admin/auth/sign-in/provider',
    remoteAddress,
    headers,
    payload: body as Record<string, unknown>,
  });
const get = (url: string, jar: Jar, clientId?: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/admin${url}`,
    headers: { cookie: cookieHeader(jar), ...(clientId ? { client_id: clientId } : {}) },
  });
const send = (jar: Jar, clientId: string, body: unknown) =>
  h.app.inject({
    method: 'POST',
    url: '/api/admin/provider/send/notification',
    headers: { cookie: cookieHeader(jar), client_id: clientId },
    payload: body as Record<string, unknown>,
  });

async function providerSession(clientId: string, password = PASSWORD) {
  const res = await signIn({ client_id: clientId, password });
  expect(res.statusCode).toBe(200);
  return cookiesFrom(res);
}
const recorded = (tenantId: string) =>
  h.database.db.select().from(providerNotifications).where(eq(providerNotifications.tenantId, tenantId));

beforeAll(async () => {
  h = await startHarness();
  a = await h.tenant({ credentials: [MARIA, PADARIA, CARLOS] });
  b = await h.tenant({ from: 'outro', credentials: [FERNANDA] });
  await setProviderPassword(h, a.row.id, PASSWORD);
  await setProviderPassword(h, b.row.id, 'outra-senha-123');
  providerA = await providerSession(a.clientId);
  providerB = await providerSession(b.clientId, 'outra-senha-123');
});
afterAll(() => h.close());

describe('provider sign-in (spec §2.4 /admin, §7.9, §8)', () => {
  it('signs in with the client id and password of the body, whatever the header says', async () => {
    const res = await signIn(
      { client_id: ` ${a.clientId.toUpperCase()} `, password: PASSWORD },
      '127.0.0.1',
      {
        client_id: b.clientId,
      },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      provider: { client_id: a.clientId, alias: `Provedor ${a.clientId}` },
      expiresAt: expect.any(String),
    });
    // spec §9: the staff token is kept 1 hour.
    const ttl = new Date(body.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
    const cookie = res.cookies.find((c) => c.name === 'central_provider');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const session = await get('/auth/provider', cookiesFrom(res), a.clientId);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(body);
  });

  it("answers 'Usuário ou senha não informados' to a missing field", async () => {
    for (const body of [
      {},
      { client_id: a.clientId },
      { password: PASSWORD },
      { client_id: '  ', password: PASSWORD },
      { client_id: a.clientId, password: '' },
    ]) {
      const res = await signIn(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Usuário ou senha não informados' });
    }
  });

  it("answers 401 'Credenciais inválidas' alike to a wrong password, an unknown, suspended or password-less provider", async () => {
    const suspended = await h.tenant({ suspended: true });
    await setProviderPassword(h, suspended.row.id, PASSWORD);
    const noPassword = await h.tenant();
    const attempts = [
      { client_id: a.clientId, password: 'errada-123' },
      { client_id: 'nao-existe', password: PASSWORD },
      { client_id: 'Não é um client id!', password: PASSWORD },
      { client_id: suspended.clientId, password: PASSWORD },
      { client_id: noPassword.clientId, password: PASSWORD },
      // The subscriber's password is not the provider's.
      { client_id: a.clientId, password: TEST_PASSWORD },
    ];
    for (const body of attempts) {
      const res = await signIn(body, '198.51.100.20');
      expect(res.statusCode, body.client_id).toBe(401);
      expect(res.json()).toEqual({ code: 'PROVIDER_INVALID_CREDENTIALS', message: 'Credenciais inválidas' });
      expect(res.cookies.find((c) => c.name === 'central_provider')).toBeUndefined();
    }
  });

  it('locks one IP out of a client id after 10 wrong passwords, with Retry-After, not the provider', async () => {
    const t = await h.tenant();
    await setProviderPassword(h, t.row.id, PASSWORD);
    for (let i = 0; i < 10; i++)
      expect(
        (await signIn({ client_id: t.clientId, password: `errada${i}` }, '198.51.100.7')).statusCode,
      ).toBe(401);
    const locked = await signIn({ client_id: t.clientId, password: PASSWORD }, '198.51.100.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same IP may still sign in to another provider, and the provider from another IP.
    expect((await signIn({ client_id: a.clientId, password: PASSWORD }, '198.51.100.7')).statusCode).toBe(
      200,
    );
    expect((await signIn({ client_id: t.clientId, password: PASSWORD }, '198.51.100.8')).statusCode).toBe(
      200,
    );
  });

  it('counts only failures: signing in resets the count of that IP', async () => {
    const t = await h.tenant();
    await setProviderPassword(h, t.row.id, PASSWORD);
    for (let i = 0; i < 9; i++)
      await signIn({ client_id: t.clientId, password: `errada${i}` }, '198.51.100.9');
    expect((await signIn({ client_id: t.clientId, password: PASSWORD }, '198.51.100.9')).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 9; i++)
      expect(
        (await signIn({ client_id: t.clientId, password: `errada${i}` }, '198.51.100.9')).statusCode,
      ).toBe(401);
    expect((await signIn({ client_id: t.clientId, password: PASSWORD }, '198.51.100.9')).statusCode).toBe(
      200,
    );
  });

  it('signs out: the cookie is cleared and the token is dead on the server', async () => {
    const jar = await providerSession(a.clientId);
    const stolen = { ...jar };
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/admin/auth/provider/sign-out',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'central_provider')?.value).toBe('');
    const again = await get('/auth/provider', stolen, a.clientId);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 'NOT_AUTHENTICATED', message: messages.notAuthenticated });
    // Signing out without a session is harmless.
    const twice = await h.app.inject({ method: 'POST', url: '/api/admin/auth/provider/sign-out' });
    expect(twice.statusCode).toBe(204);
  });

  it('answers 400, never 500, to a body that is not JSON', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-in/provider',
      headers: { 'content-type': 'application/json' },
      payload: '{"client_id":',
    });
    expect(res.statusCode).toBe(400);
    expect((await signIn({ client_id: 42, password: ['x'] })).statusCode).toBe(400);
  });
});

describe('general notification (spec §3 Provider notification, §5, §8)', () => {
  it('is recorded for the provider signed in, counting its subscribers registered in the portal', async () => {
    const res = await send(providerA, a.clientId, {
      title: '  Manutenção programada ',
      message: 'Sem sinal às 3h.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      recipients: 3,
      message: 'Notificação enviada para 3 assinantes',
    });
    const rows = await recorded(a.row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.json().id, title: 'Manutenção programada', recipients: 3 });
    expect(await recorded(b.row.id)).toEqual([]);

    const list = await get('/provider/notifications', providerA, a.clientId);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      notifications: [
        {
          id: res.json().id,
          title: 'Manutenção programada',
          message: 'Sem sinal às 3h.',
          recipients: 3,
          created_at: expect.any(String),
          // Nobody turned notifications on in this tenant: nothing to deliver, done at once.
          delivery: { status: 'done', subscriptions: 0, delivered: 0, failed: 0, removed: 0 },
        },
      ],
    });
    expect((await get('/provider/notifications', providerB, b.clientId)).json()).toEqual({
      notifications: [],
    });
  });

  it('says 1 assinante in the singular, and 0 when nobody is registered yet', async () => {
    expect((await send(providerB, b.clientId, { title: 'Oi', message: 'Olá' })).json().message).toBe(
      'Notificação enviada para 1 assinante',
    );
    const empty = await h.tenant();
    await setProviderPassword(h, empty.row.id, PASSWORD);
    const jar = await providerSession(empty.clientId);
    expect((await send(jar, empty.clientId, { title: 'Oi', message: 'Olá' })).json()).toMatchObject({
      recipients: 0,
      message: 'Notificação enviada para 0 assinantes',
    });
  });

  it('answers each bad field with the spec text and records nothing', async () => {
    const t = await h.tenant({ credentials: [MARIA] });
    await setProviderPassword(h, t.row.id, PASSWORD);
    const jar = await providerSession(t.clientId);
    const cases: [unknown, string][] = [
      [{ message: 'm' }, 'Título não informado'],
      [{ title: '   ', message: 'm' }, 'Título não informado'],
      [{ title: 7, message: 'm' }, 'Título inválido'],
      [{ title: 't' }, 'Mensagem não informada'],
      [{ title: 't', message: '' }, 'Mensagem não informada'],
      [{ title: 't', message: { text: 'm' } }, 'Mensagem inválida'],
      [{ title: 'x'.repeat(300), message: 'm' }, 'O título precisa ser menor que 300 caracteres'],
      [{ title: 't', message: 'x'.repeat(1400) }, 'A mensagem precisa ser menor que 1400 caracteres'],
    ];
    for (const [body, message] of cases) {
      const res = await send(jar, t.clientId, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
    }
    const raw = await h.app.inject({
      method: 'POST',
      url: '/api/admin/provider/send/notification',
      headers: { cookie: cookieHeader(jar), client_id: t.clientId, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(raw.statusCode).toBe(400);
    expect(await recorded(t.row.id)).toEqual([]);
    const longest = await send(jar, t.clientId, { title: 'x'.repeat(299), message: 'y'.repeat(1399) });
    expect(longest.statusCode).toBe(200);
  });

  it('allows 10 sends per hour per provider, then 429 with Retry-After; other providers go on', async () => {
    const t = await h.tenant();
    await setProviderPassword(h, t.row.id, PASSWORD);
    const jar = await providerSession(t.clientId);
    for (let i = 0; i < 10; i++)
      expect((await send(jar, t.clientId, { title: `Aviso ${i}`, message: 'm' })).statusCode).toBe(200);
    const limited = await send(jar, t.clientId, { title: 'Mais um', message: 'm' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'NOTIFICATION_LIMIT', message: messages.notificationLimit });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await recorded(t.row.id)).toHaveLength(10);
    expect((await send(providerB, b.clientId, { title: 'Oi', message: 'm' })).statusCode).toBe(200);
  });

  it('lists the last 20, newest first', async () => {
    const t = await h.tenant();
    await setProviderPassword(h, t.row.id, PASSWORD);
    const jar = await providerSession(t.clientId);
    const start = Date.now() - 60 * 60_000;
    await h.database.db.insert(providerNotifications).values(
      Array.from({ length: 25 }, (_, i) => ({
        tenantId: t.row.id,
        title: `Aviso ${i}`,
        message: 'm',
        recipients: i,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const { notifications } = (await get('/provider/notifications', jar, t.clientId)).json();
    expect(notifications.map((n: { title: string }) => n.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Aviso ${24 - i}`),
    );
  });
});

describe('who may call the provider area (spec §6)', () => {
  const providerRoutes = [
    ['GET', '/auth/provider'],
    ['GET', '/provider/notifications'],
    ['POST', '/provider/send/notification'],
  ] as const;

  async function expectRefused(jar: Jar, clientId: string, status = 401) {
    const before = (await recorded(a.row.id)).length + (await recorded(b.row.id)).length;
    for (const [method, url] of providerRoutes) {
      const res = await h.app.inject({
        method,
        url: `/api/admin${url}`,
        headers: { cookie: cookieHeader(jar), client_id: clientId },
        ...(method === 'POST' ? { payload: { title: 'Invasão', message: 'm' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.body).not.toContain('Manutenção');
    }
    expect((await recorded(a.row.id)).length + (await recorded(b.row.id)).length).toBe(before);
  }

  it('refuses anonymous calls', async () => {
    await expectRefused({}, a.clientId);
  });

  it("refuses a subscriber's session, in its own cookie or the provider's", async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: a.clientId },
      payload: { cpfOrCnpj: MARIA, password: TEST_PASSWORD },
    });
    const jar = cookiesFrom(res);
    await expectRefused(jar, a.clientId);
    await expectRefused({ central_provider: jar.central_session ?? '' }, a.clientId);
  });

  it("refuses an admin's session: it is not a provider's", async () => {
    const admin = await adminSession(h);
    await expectRefused(admin.jar, a.clientId);
    await expectRefused({ central_provider: admin.jar.central_admin ?? '' }, a.clientId);
  });

  it("refuses provider A on provider B's routes", async () => {
    await expectRefused(providerA, b.clientId);
    expect((await get('/provider/notifications', providerB, a.clientId)).statusCode).toBe(401);
  });

  it('answers 404 without a known client_id header', async () => {
    expect((await get('/auth/provider', providerA)).statusCode).toBe(404);
    expect((await get('/auth/provider', providerA, 'nao-existe')).json().code).toBe('TENANT_NOT_FOUND');
  });

  it('refuses a send from another origin', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/provider/send/notification',
      headers: {
        cookie: cookieHeader(providerA),
        client_id: a.clientId,
        origin: 'https://evil.example',
        host: 'central.com.br',
      },
      payload: { title: 't', message: 'm' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('never logs the password or the session token', async () => {
    const logs = h.logLines.join('\n');
    expect(logs).not.toContain(PASSWORD);
    expect(logs).not.toContain(providerA.central_provider);
  });
});

describe('OpenAPI document', () => {
  it('lists the provider routes', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/admin/auth/sign-in/provider',
      '/api/admin/auth/provider',
      '/api/admin/auth/provider/sign-out',
      '/api/admin/provider/send/notification',
      '/api/admin/provider/notifications',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });
});
