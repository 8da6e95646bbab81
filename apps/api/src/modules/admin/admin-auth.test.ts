import { randomUUID } from 'node:crypto';
import { messages } from '@central/domain';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesFrom, type Harness, startHarness } from '../../../test/harness.ts';
import { adminUsers, providerCredentials, tenants } from '../../db/schema.ts';
import { SESSION_COOKIES } from '../../platform/auth.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { STAFF_SESSION_TTL_MS } from '../../platform/sessions.ts';
import { DEMO_ADMIN, DEMO_PROVIDER_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { ADMIN_SIGN_IN_LIMITS } from './service.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const PASSWORD = 'uma-senha-de-admin';

async function anAdmin(name = 'Beatriz Staff') {
  const email = `adm-${randomUUID().slice(0, 8)}@central.test`;
  await h.database.db.insert(adminUsers).values({ email, name, passwordHash: await hashPassword(PASSWORD) });
  return email;
}

const signIn = (payload: object, ip = '203.0.113.10') =>
  h.app.inject({ method: 'POST', url: '/api/admin/adm/auth/sign-in', payload, remoteAddress: ip });

describe('admin sign-in (spec §7.9, §8)', () => {
  it('signs in with e-mail and password: the admin cookie for 1 hour, the session answered', async () => {
    const email = await anAdmin();
    const res = await signIn({ email: email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ admin: { name: 'Beatriz Staff', email } });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIES.admin);
    expect(cookie?.httpOnly).toBe(true);
    const lifetime = new Date(res.json().expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(STAFF_SESSION_TTL_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(STAFF_SESSION_TTL_MS);

    const jar = cookiesFrom(res);
    const session = await h.app.inject({
      url: '/api/admin/adm/auth',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(res.json());

    const out = await h.app.inject({
      method: 'POST',
      url: '/api/admin/adm/auth/sign-out',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(out.statusCode).toBe(204);
    // the token is dead on the server, not only cleared in the browser
    const after = await h.app.inject({ url: '/api/admin/adm/auth', headers: { cookie: cookieHeader(jar) } });
    expect(after.statusCode).toBe(401);
  });

  it("answers 401 'Credenciais inválidas' alike for a wrong password and an unknown e-mail", async () => {
    const email = await anAdmin();
    const wrong = await signIn({ email, password: 'errada' });
    const unknown = await signIn({ email: 'ninguem@central.test', password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'ADMIN_INVALID_CREDENTIALS',
        message: messages.adminInvalidCredentials,
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('answers 400 with the field message for a bad body', async () => {
    const noEmail = await signIn({ email: 'nao-e-email', password: 'x' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'VALIDATION', message: messages.emailInvalid });
    const noPassword = await signIn({ email: 'a@b.co', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe(messages.passwordRequired);
    const notJson = await h.app.inject({
      method: 'POST',
      url: '/api/admin/adm/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await signIn([])).statusCode).toBe(400);
  });

  it('throttles failures per e-mail and IP (429, Retry-After); the admin still signs in from elsewhere', async () => {
    const email = await anAdmin();
    const { limit } = ADMIN_SIGN_IN_LIMITS.failuresPerEmailAndIp;
    for (let i = 0; i < limit; i++)
      expect((await signIn({ email, password: `errada-${i}` }, '198.51.100.7')).statusCode).toBe(401);
    const locked = await signIn({ email, password: PASSWORD }, '198.51.100.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.tooManyAttempts);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn({ email, password: PASSWORD }, '198.51.100.8')).statusCode).toBe(200);
  });

  it('answers 401 without a session, and for a broken cookie', async () => {
    expect((await h.app.inject({ url: '/api/admin/adm/auth' })).statusCode).toBe(401);
    const broken = await h.app.inject({
      url: '/api/admin/adm/auth',
      headers: { cookie: `${SESSION_COOKIES.admin}=abc.def.ghi` },
    });
    expect(broken.statusCode).toBe(401);
  });
});

describe('demo seed', () => {
  it("signs the seeded admin in, and gives provider 'demo' its password", async () => {
    await seedDemo(h.database.db, { encryptionKey: h.keys.encryption, simUrl: h.simUrl });
    const res = await signIn({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }, '192.0.2.50');
    expect(res.statusCode).toBe(200);
    const [row] = await h.database.db
      .select({ hash: providerCredentials.passwordHash })
      .from(providerCredentials)
      .innerJoin(tenants, eq(tenants.id, providerCredentials.tenantId))
      .where(eq(tenants.clientId, 'demo'));
    expect(await argon2.verify(row?.hash ?? '', DEMO_PROVIDER_PASSWORD)).toBe(true);
  });
});
