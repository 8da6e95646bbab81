import { messages } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';

// Issue 15 item 4: a page that shows an open invoice learns that it was paid without a reload. The API
// reads the invoice from the ERP every PAYMENT_POLL_MS, once for all the pages that follow it, and
// pushes `event: payment` over Server-Sent Events.

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const { maria, padaria } = IXC_DEMO.invoices;
const POLL_MS = 200;

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;
let mariaJar: Record<string, string>;
let padariaJar: Record<string, string>;

beforeAll(async () => {
  h = await startHarness({ env: { PAYMENT_POLL_MS: String(POLL_MS), PAYMENT_EVENTS_MAX_MS: '4000' } });
  t = await h.tenant({ credentials: [MARIA, PADARIA] });
  mariaJar = await h.customerSession(t.clientId, MARIA);
  padariaJar = await h.customerSession(t.clientId, PADARIA);
});
afterAll(() => h.close());

const events = (invoiceId: string, jar: Record<string, string> | null = mariaJar) =>
  h.app.inject({
    method: 'GET',
    url: `/api/central/customer/invoice/${invoiceId}/payment-events`,
    headers: { client_id: t.clientId, ...(jar ? { cookie: cookieHeader(jar) } : {}) },
  });

/** The `event: payment` data of a stream, in order. */
function paymentEvents(body: string) {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: payment\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as unknown);
}

const payByPix = (invoiceId: string) =>
  fetch(`${h.simUrl}/__sim/ixc/${t.erp.instance}/invoices/${invoiceId}/pix-paid`, { method: 'POST' });

async function invoiceReads(): Promise<number> {
  const counts = (await (await fetch(`${h.simUrl}/__sim/ixc/${t.erp.instance}/calls`)).json()) as Record<
    string,
    number
  >;
  return counts.fn_areceber ?? 0;
}

describe('payment events (Server-Sent Events)', () => {
  it('says the invoice is open, then that it was paid once the bank settles the PIX, and ends', async () => {
    const stream = events(maria.dueIn7);
    await new Promise((r) => setTimeout(r, POLL_MS * 2));
    expect((await payByPix(maria.dueIn7)).status).toBe(200);
    const res = await stream;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(paymentEvents(res.body)).toEqual([
      { invoiceId: maria.dueIn7, paid: false },
      { invoiceId: maria.dueIn7, paid: true },
    ]);

    // The lists show it paid at once (the cached open list was dropped).
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/central/customer/list/invoices?status=to_pay',
      headers: { client_id: t.clientId, cookie: cookieHeader(mariaJar) },
    });
    expect(list.json().invoices.map((i: { id: string }) => i.id)).not.toContain(maria.dueIn7);
  });

  it('answers a paid invoice at once and ends', async () => {
    const res = await events(maria.received[0] ?? '');
    expect(paymentEvents(res.body)).toEqual([{ invoiceId: maria.received[0], paid: true }]);
  });

  it('ends an unpaid stream after PAYMENT_EVENTS_MAX_MS, and the page may open another', async () => {
    const res = await events(maria.dueIn25);
    expect(res.statusCode).toBe(200);
    expect(paymentEvents(res.body)).toEqual([{ invoiceId: maria.dueIn25, paid: false }]);
  });

  it('reads the ERP once per interval for all the pages that follow one invoice', async () => {
    const before = await invoiceReads();
    const streams = [events(maria.overdue10), events(maria.overdue10), events(maria.overdue10)];
    const results = await Promise.all(streams);
    const reads = (await invoiceReads()) - before;
    // Each stream reads the invoice once to check that it is Maria's; the polls over the 4 s that the
    // streams stay open are shared: about 4000 / 200 of them, where three pages alone would make 60.
    expect(reads).toBeLessThan(3 + 4000 / POLL_MS + 5);
    expect(reads).toBeGreaterThan(3 + 4000 / POLL_MS / 2);
    for (const res of results) expect(paymentEvents(res.body)).toHaveLength(1);
  });

  it("refuses another customer's invoice, a bad id and an anonymous caller without streaming", async () => {
    const other = await events(padaria.dueIn10);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'INVOICE_NOT_FOUND', message: messages.invoiceNotFound });
    const otherWay = await events(maria.dueIn25, padariaJar);
    expect(otherWay.statusCode).toBe(404);
    const bad = await events('1019; drop');
    expect(bad.statusCode).toBe(400);
    const anonymous = await events(maria.dueIn25, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('holds at most four open streams per subscriber', async () => {
    const open = Array.from({ length: 4 }, () => events(padaria.dueIn10, padariaJar));
    await new Promise((r) => setTimeout(r, 300));
    const fifth = await events(padaria.dueIn10, padariaJar);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe(messages.tooManyAttempts);
    for (const res of await Promise.all(open)) expect(res.statusCode).toBe(200);
  });
});
