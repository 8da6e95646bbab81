import { randomUUID } from 'node:crypto';
import { messages } from '@central/domain';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWASP_ARGON2, paramsOf } from '../../../test/argon2-params.ts';
import { cookieHeader, cookiesFrom, type Harness, startHarness } from '../../../test/harness.ts';
import { adminUsers, customerCredentials, providerCredentials } from '../../db/schema.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { saveCredential } from './repository.ts';

const MARIA = '52998224725';
const OLD_PASSWORD = 'senha-antiga';
const NEW_PASSWORD = 'senha-nova-1';

/** A hash as the portal made them before: the argon2 package's defaults (64 MiB, t=3, p=4). */
const oldHash = (password: string) => argon2.hash(password, { type: argon2.argon2id });

let h: Harness;
beforeAll(async () => {
  // One hashing slot and a short queue, so that the tests below can fill it.
  h = await startHarness({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' } });
});
afterAll(() => h.close());

async function subscriberWith(passwordHash: string) {
  const t = await h.tenant({ from: 'demo' });
  await h.database.db
    .insert(customerCredentials)
    .values({ tenantId: t.row.id, document: MARIA, passwordHash });
  return t;
}

async function storedCredential(tenantId: string) {
  const [row] = await h.database.db
    .select()
    .from(customerCredentials)
    .where(and(eq(customerCredentials.tenantId, tenantId), eq(customerCredentials.document, MARIA)));
  if (!row) throw new Error('no credential');
  return row;
}

const signIn = (clientId: string, password: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/central/sign-in',
    headers: { client_id: clientId },
    payload: { cpfOrCnpj: MARIA, password },
  });

/** Resolves once `check` holds, looking again on every turn of the event loop. */
async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

describe('argon2id parameters on sign-in', () => {
  it('signs in with an older hash and replaces it in the same request, keeping the credential version', async () => {
    const t = await subscriberWith(await oldHash(OLD_PASSWORD));
    const before = await storedCredential(t.row.id);

    const res = await signIn(t.clientId, OLD_PASSWORD);
    expect(res.statusCode).toBe(200);
    const after = await storedCredential(t.row.id);
    expect(paramsOf(after.passwordHash)).toEqual(OWASP_ARGON2);
    expect(await argon2.verify(after.passwordHash, OLD_PASSWORD)).toBe(true);
    // Not a new password: the failure counters keyed by the credential's version go on.
    expect(after.updatedAt).toEqual(before.updatedAt);

    expect((await signIn(t.clientId, OLD_PASSWORD)).statusCode).toBe(200);
    expect((await storedCredential(t.row.id)).passwordHash).toBe(after.passwordHash);
  });

  it('leaves an older hash alone on a wrong password', async () => {
    const hash = await oldHash(OLD_PASSWORD);
    const t = await subscriberWith(hash);
    expect((await signIn(t.clientId, 'errada123')).statusCode).toBe(401);
    expect((await storedCredential(t.row.id)).passwordHash).toBe(hash);
  });

  it('never overwrites a password changed while the old one was being verified', async () => {
    const t = await subscriberWith(await oldHash(OLD_PASSWORD));
    const gate = h.services.passwords.gate;
    const pending = signIn(t.clientId, OLD_PASSWORD);
    await until(() => gate.inFlight === 1, 'the sign-in to verify');

    // Queued behind the sign-in's verification, ahead of its re-hash: the password changes in between.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = false;
    const blocker = gate.run(async () => {
      holding = true;
      await held;
    });
    await until(() => holding, 'the verification to end');
    const changed = await hashPassword(NEW_PASSWORD);
    await saveCredential(h.database.db, t.row.id, MARIA, changed);
    await until(() => gate.queued === 1, 'the re-hash to queue');
    release();
    await blocker;

    const res = await pending;
    expect(res.statusCode).toBe(200);
    const stored = await storedCredential(t.row.id);
    expect(stored.passwordHash).toBe(changed);
    expect(await argon2.verify(stored.passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await signIn(t.clientId, OLD_PASSWORD)).statusCode).toBe(401);
  });

  it('hashes a password changed in the panel with m=19456, t=2, p=1', async () => {
    const t = await subscriberWith(await hashPassword(OLD_PASSWORD));
    const jar = cookiesFrom(await signIn(t.clientId, OLD_PASSWORD));
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/central/customer/edit/password',
      headers: { client_id: t.clientId, cookie: cookieHeader(jar) },
      payload: { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(paramsOf((await storedCredential(t.row.id)).passwordHash)).toEqual(OWASP_ARGON2);
  });

  it('re-hashes a staff and a provider password on sign-in', async () => {
    const email = `adm-${randomUUID().slice(0, 8)}@central.test`;
    await h.database.db
      .insert(adminUsers)
      .values({ email, name: 'Staff', passwordHash: await oldHash(OLD_PASSWORD) });
    const admin = await h.app.inject({
      method: 'POST',
      url: '/api/admin/adm/auth/sign-in',
      payload: { email, password: OLD_PASSWORD },
    });
    expect(admin.statusCode).toBe(200);
    const [adminRow] = await h.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(paramsOf(adminRow?.passwordHash ?? '')).toEqual(OWASP_ARGON2);

    const t = await h.tenant({ from: 'demo' });
    await h.database.db
      .insert(providerCredentials)
      .values({ tenantId: t.row.id, passwordHash: await oldHash(OLD_PASSWORD) });
    const provider = await h.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-in/provider',
      payload: { client_id: t.clientId, password: OLD_PASSWORD },
    });
    expect(provider.statusCode).toBe(200);
    const [providerRow] = await h.database.db
      .select()
      .from(providerCredentials)
      .where(eq(providerCredentials.tenantId, t.row.id));
    expect(paramsOf(providerRow?.passwordHash ?? '')).toEqual(OWASP_ARGON2);
  });
});

describe('hashing capacity', () => {
  it('answers 503 in Portuguese at once when the hashing queue is full, and other routes still answer', async () => {
    const t = await subscriberWith(await hashPassword(OLD_PASSWORD));
    const gate = h.services.passwords.gate;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // One running and two waiting: PASSWORD_HASH_CONCURRENCY=1, PASSWORD_HASH_QUEUE=2.
    const holders = [0, 1, 2].map(() => gate.run(() => held));
    expect(gate.inFlight).toBe(1);
    expect(gate.queued).toBe(2);

    const busy = await signIn(t.clientId, OLD_PASSWORD);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.json()).toEqual({ code: 'BUSY', message: messages.busy });

    const theme = await h.app.inject({ url: '/api/central/theme', headers: { client_id: t.clientId } });
    expect(theme.statusCode).toBe(200);

    release();
    await Promise.all(holders);
    expect((await signIn(t.clientId, OLD_PASSWORD)).statusCode).toBe(200);
  });
});
