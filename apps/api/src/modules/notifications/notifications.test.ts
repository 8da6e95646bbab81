import { addDays, formatDateBR, messages, todayInSaoPaulo } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesFrom, type Harness, startHarness } from '../../../test/harness.ts';
import { setProviderPassword } from '../../../test/staff.ts';
import { pushSubscriptions } from '../../db/schema.ts';

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const FERNANDA = '71460238001';

type Jar = Record<string, string>;
type Tenant = Awaited<ReturnType<Harness['tenant']>>;
interface SimSubscription {
  id: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}
interface Received {
  payload: string;
  topic: string | null;
  ttl: number;
}

let h: Harness;
let a: Tenant;
let b: Tenant;

const session = (t: Tenant, document: string): Promise<Jar> => h.customerSession(t.clientId, document);
const call = (t: Tenant, jar: Jar | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({
    method,
    url: `/api/central${url}`,
    headers: { client_id: t.clientId, ...(jar ? { cookie: cookieHeader(jar) } : {}) },
    ...(payload ? { payload } : {}),
  });
const encoded = (s: SimSubscription['subscription']) => encodeURIComponent(JSON.stringify(s));

/** A browser's subscription at the simulated push service. */
async function browser(): Promise<SimSubscription> {
  const res = await fetch(`${h.simUrl}/__sim/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(201);
  return (await res.json()) as SimSubscription;
}
async function received(s: SimSubscription): Promise<Received[]> {
  const res = await fetch(`${h.simUrl}/__sim/push/subscriptions/${s.id}/messages`);
  expect(res.status).toBe(200);
  return (await res.json()) as Received[];
}

beforeAll(async () => {
  h = await startHarness({ jobs: true, env: { BROADCAST_BATCH_SIZE: '2' } });
  a = await h.tenant({ credentials: [MARIA, PADARIA] });
  b = await h.tenant({ from: 'outro', credentials: [FERNANDA] });
});
afterAll(() => h.close());

describe('push settings (spec §7.7, §5 period)', () => {
  it("gives the portal's VAPID public key to a subscriber only, the same on every call", async () => {
    expect((await call(a, null, 'GET', '/config/push-key')).statusCode).toBe(401);
    const maria = await session(a, MARIA);
    const first = await call(a, maria, 'GET', '/config/push-key');
    expect(first.statusCode).toBe(200);
    // An uncompressed P-256 point, base64url: 65 bytes → 87 characters.
    expect(first.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await call(a, maria, 'GET', '/config/push-key')).json()).toEqual(first.json());
  });

  it('saves a 5-day period and reads it back for the same browser, tenant and customer only', async () => {
    const maria = await session(a, MARIA);
    const phone = await browser();
    const saved = await call(a, maria, 'POST', '/config/push-notification', {
      subscription: phone.subscription,
      invoiceRange: 5,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      notification_config: { invoice_range: 5 },
      message: 'Configurações de notificação atualizadas!',
    });
    const read = await call(a, maria, 'GET', `/config/push-notification/${encoded(phone.subscription)}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().notification_config).toEqual({ invoice_range: 5 });

    // Saved again with another period: one row, updated.
    await call(a, maria, 'POST', '/config/push-notification', {
      subscription: phone.subscription,
      invoiceRange: 15,
    });
    const rows = await h.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenantId: a.row.id,
      erpCustomerId: IXC_DEMO.customers.maria.id,
      invoiceRange: 15,
    });

    // Another customer of the tenant, a customer of another tenant, or the endpoint without its keys: not found.
    const padaria = await session(a, PADARIA);
    const fernanda = await session(b, FERNANDA);
    const path = `/config/push-notification/${encoded(phone.subscription)}`;
    for (const [t, jar] of [
      [a, padaria],
      [b, fernanda],
    ] as const) {
      const res = await call(t, jar, 'GET', path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'PUSH_SUBSCRIPTION_NOT_FOUND',
        message: messages.notificationSubscriptionNotFound,
      });
    }
    const other = await browser();
    const forged = { ...phone.subscription, keys: other.subscription.keys };
    expect((await call(a, maria, 'GET', `/config/push-notification/${encoded(forged)}`)).statusCode).toBe(
      404,
    );
    expect((await call(a, null, 'GET', path)).statusCode).toBe(401);
  });

  it('refuses a period other than 15, 10, 5 or 1 days and a malformed subscription with a 400', async () => {
    const maria = await session(a, MARIA);
    const phone = await browser();
    for (const invoiceRange of [7, 0, -5, 'abc', null]) {
      const res = await call(a, maria, 'POST', '/config/push-notification', {
        subscription: phone.subscription,
        invoiceRange,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Por favor, selecione um período');
    }
    for (const subscription of [
      {},
      { ...phone.subscription, endpoint: 'ftp://push.example/x' },
      { ...phone.subscription, endpoint: 'x'.repeat(5000) },
      { ...phone.subscription, keys: { p256dh: '<script>', auth: phone.subscription.keys.auth } },
      'not an object',
    ]) {
      const res = await call(a, maria, 'POST', '/config/push-notification', {
        subscription,
        invoiceRange: 5,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    for (const garbage of ['%7Bnot-json', encodeURIComponent('{"endpoint":1}'), encodeURIComponent('[]')]) {
      const res = await call(a, maria, 'GET', `/config/push-notification/${garbage}`);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('invoice reminders (issue 12 item 7)', () => {
  it("pushes Padaria's invoice due in 10 days once, in Portuguese with its amount and due date", async () => {
    const padaria = await session(a, PADARIA);
    const phone = await browser();
    await call(a, padaria, 'POST', '/config/push-notification', {
      subscription: phone.subscription,
      invoiceRange: 10,
    });
    const maria = await session(a, MARIA);
    const mariaPhone = await browser();
    // Maria has nothing due in exactly 1 day.
    await call(a, maria, 'POST', '/config/push-notification', {
      subscription: mariaPhone.subscription,
      invoiceRange: 1,
    });

    const dueBr = formatDateBR(addDays(todayInSaoPaulo(), 10));
    const first = await h.services.notifications.remindTenant(a.row.id);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const messagesPadaria = await received(phone);
    expect(messagesPadaria).toHaveLength(1);
    const payload = JSON.parse(messagesPadaria[0]?.payload ?? '{}');
    expect(payload).toEqual({
      title: 'Sua fatura vence em 10 dias',
      body: expect.stringMatching(
        new RegExp(`^.+: fatura de R\\$\\s[\\d.]+,\\d{2} com vencimento em ${dueBr}\\.`),
      ),
      url: `/panel/financial/invoice/${IXC_DEMO.invoices.padaria.dueIn10}`,
      tag: `fatura-${IXC_DEMO.invoices.padaria.dueIn10}`,
    });
    expect(messagesPadaria[0]?.topic).toBe(`fatura-${IXC_DEMO.invoices.padaria.dueIn10}`);
    expect(await received(mariaPhone)).toEqual([]);

    // The same day again (a retried job, a second process): never twice for the same invoice and period.
    const second = await h.services.notifications.remindTenant(a.row.id);
    expect(second.sent).toBe(0);
    expect(await received(phone)).toHaveLength(1);
  });

  it('fails the job when the ERP is down, so that it runs again, and sends then', async () => {
    const t = await h.tenant({ credentials: [PADARIA] });
    const padaria = await session(t, PADARIA);
    const phone = await browser();
    await call(t, padaria, 'POST', '/config/push-notification', {
      subscription: phone.subscription,
      invoiceRange: 10,
    });
    await t.simFaults({ table: 'fn_areceber', mode: 'http500' });
    await expect(h.services.notifications.remindTenant(t.row.id)).rejects.toThrow(/1 customers failed/);
    expect(await received(phone)).toEqual([]);
    await t.simFaults(null);
    expect((await h.services.notifications.remindTenant(t.row.id)).sent).toBe(1);
    expect(await received(phone)).toHaveLength(1);
  });

  it('deletes a subscription the push service reports gone', async () => {
    const padaria = await session(a, PADARIA);
    const phone = await browser();
    await call(a, padaria, 'POST', '/config/push-notification', {
      subscription: phone.subscription,
      invoiceRange: 10,
    });
    await fetch(`${h.simUrl}/__sim/push/subscriptions/${phone.id}`, { method: 'DELETE' });
    await h.services.notifications.remindTenant(a.row.id);
    const left = await h.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint));
    expect(left).toEqual([]);
  });
});

describe('provider broadcast by Web Push (issue 12 item 8)', () => {
  it("reaches every subscription of the provider's tenant, decrypted, and reports the counts when done", async () => {
    const t = await h.tenant({ credentials: [MARIA, PADARIA] });
    const other = await h.tenant({ from: 'outro', credentials: [FERNANDA] });
    const maria = await session(t, MARIA);
    const padaria = await session(t, PADARIA);
    const fernanda = await session(other, FERNANDA);
    const phones = [await browser(), await browser(), await browser()];
    await call(t, maria, 'POST', '/config/push-notification', {
      subscription: phones[0]?.subscription,
      invoiceRange: 5,
    });
    await call(t, maria, 'POST', '/config/push-notification', {
      subscription: phones[1]?.subscription,
      invoiceRange: 5,
    });
    await call(t, padaria, 'POST', '/config/push-notification', {
      subscription: phones[2]?.subscription,
      invoiceRange: 10,
    });
    const gone = await browser();
    await call(t, padaria, 'POST', '/config/push-notification', {
      subscription: gone.subscription,
      invoiceRange: 10,
    });
    await fetch(`${h.simUrl}/__sim/push/subscriptions/${gone.id}`, { method: 'DELETE' });
    const outsider = await browser();
    await call(other, fernanda, 'POST', '/config/push-notification', {
      subscription: outsider.subscription,
      invoiceRange: 5,
    });

    await setProviderPassword(h, t.row.id, 'provedor123');
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-in/provider',
      payload: { client_id: t.clientId, password: 'provedor123' },
    });
    const provider = cookiesFrom(signIn);
    const headers = { client_id: t.clientId, cookie: cookieHeader(provider) };
    const sent = await h.app.inject({
      method: 'POST',
      url: '/api/admin/provider/send/notification',
      headers,
      payload: { title: 'Manutenção programada', message: 'Sem sinal das 3h às 4h de domingo.' },
    });
    expect(sent.statusCode).toBe(200);

    // Delivered by the job workers (batches of 2 here): within the spec's minute.
    let delivery: { status: string } | undefined;
    for (let i = 0; i < 120 && delivery?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const list = await h.app.inject({ method: 'GET', url: '/api/admin/provider/notifications', headers });
      delivery = list.json().notifications[0]?.delivery;
    }
    expect(delivery).toEqual({ status: 'done', subscriptions: 4, delivered: 3, failed: 0, removed: 1 });
    for (const phone of phones) {
      const got = await received(phone);
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]?.payload ?? '{}')).toEqual({
        title: 'Manutenção programada',
        body: 'Sem sinal das 3h às 4h de domingo.',
        url: '/panel',
        tag: `aviso-${sent.json().id}`,
      });
    }
    expect(await received(outsider)).toEqual([]);
    const removed = await h.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, gone.subscription.endpoint));
    expect(removed).toEqual([]);
  });
});
