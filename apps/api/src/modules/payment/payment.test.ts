import { messages, todayInSaoPaulo } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  type Harness,
  startHarness,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import { cieloHolder } from '../../integrations/cielo/client.ts';
import { IxcClient } from '../../integrations/ixc/client.ts';
import { settleInvoice } from '../../integrations/ixc/financial.ts';
import { RECONCILE_MAX_CHECKS } from './service.ts';

const MARIA = '52998224725';
const PADARIA = '11222333000181';

let h: Harness;

async function setup(o: { cards?: boolean } = { cards: true }) {
  const t = await h.tenant({ credentials: [MARIA, PADARIA], cards: o.cards });
  const signIn = async (document: string) =>
    cookiesFrom(
      await h.app.inject({
        method: 'POST',
        url: '/api/central/sign-in',
        headers: { client_id: t.clientId },
        payload: { cpfOrCnpj: document, password: TEST_PASSWORD },
      }),
    );
  const jar = await signIn(MARIA);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, who = jar) =>
    h.app.inject({
      method,
      url,
      headers: { client_id: t.clientId, cookie: cookieHeader(who) },
      ...(payload ? { payload } : {}),
    });
  return { t, jar, call, signIn };
}

const card = (number: string, extra: object = {}) => ({
  CardNumber: number,
  Holder: 'Maria A Souza',
  ExpirationDate: '12/30',
  SecurityCode: '123',
  ...extra,
});

async function gatewaySales(merchantId: string) {
  const res = await fetch(`${h.simUrl}/__sim/cielo/sales?merchantId=${merchantId}`);
  return ((await res.json()) as { sales: { amount: number; installments: number; status: number }[] }).sales;
}

beforeAll(async () => {
  // A short gateway timeout, so that the sim's latency can outlast it (issue 8 item 1).
  h = await startHarness({ cieloTimeoutMs: 1000 });
});
afterAll(() => h.close());

describe('saved cards (spec §3, §5, §8 Cards)', () => {
  it('carries the credit_card flag only for a provider with a gateway', async () => {
    const withCards = await setup();
    const flags = (await withCards.call('GET', '/api/central/auth/valid-token')).json().featureFlag;
    expect(flags).toEqual(['credit_card']);
    const without = await setup({ cards: false });
    expect((await without.call('GET', '/api/central/auth/valid-token')).json().featureFlag).toEqual([]);
    const list = await without.call('GET', '/api/payment/card');
    expect(list.statusCode).toBe(404);
    expect(list.json().code).toBe('CARD_PAYMENT_UNAVAILABLE');
  });

  it('saves a card with its gateway token only, named Recorrente by default', async () => {
    const { call } = await setup();
    expect((await call('GET', '/api/payment/card')).json()).toEqual([]);
    const created = await call('POST', '/api/payment/card', card('4111 1111 1111 1111'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      alias: 'Recorrente',
      CardNumber: '**** **** **** 1111',
      ExpirationDate: '12/2030',
      brand: 'Visa',
    });
    const rows = (await h.database.db.execute(sql`SELECT * FROM saved_cards`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const stored = JSON.stringify(rows.rows);
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('"123"');
    const logs = h.logLines.join('');
    expect(logs).not.toContain('4111111111111111');
    expect(logs).not.toContain('4111 1111 1111 1111');
  });

  it('answers every card error with its spec §8 text', async () => {
    const { call } = await setup();
    const cases: [object, string][] = [
      [card('4111 1111 1111 111'), 'Cartão de crédito inválido'],
      [card('6011 1111 1111 1117'), 'Cartão de crédito inválido'],
      [card('4111 1111 1111 1111', { Holder: ' ' }), 'O nome do titular é obrigatório.'],
      [card('4111 1111 1111 1111', { ExpirationDate: '13/30' }), 'Mês inválido.'],
      [card('4111 1111 1111 1111', { ExpirationDate: '1230' }), 'Formato da data de expiração inválido.'],
      [card('4111 1111 1111 1111', { ExpirationDate: '01/2020' }), 'Cartão expirado.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/payment/card', body);
      expect(res.statusCode, message).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toBe(message);
    }
    await call('POST', '/api/payment/card', card('5555 5555 5555 4444'));
    const twice = await call('POST', '/api/payment/card', card('5555555555554444', { CardAlias: 'Outro' }));
    expect(twice.json()).toEqual({
      code: 'CARD_ALREADY_REGISTERED',
      message: 'Você já cadastrou este cartão',
    });
  });

  it("deletes only the customer's own cards", async () => {
    const { call, signIn } = await setup();
    const id = (await call('POST', '/api/payment/card', card('4111 1111 1111 1111'))).json().uuid;
    const padaria = await signIn(PADARIA);
    const theirs = await call('DELETE', `/api/payment/card/${id}`, undefined, padaria);
    expect(theirs.statusCode).toBe(404);
    expect((await call('DELETE', `/api/payment/card/${id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/payment/card')).json()).toEqual([]);
  });
});

describe('card payment (spec §4 Card payment, §9 installments)', () => {
  it('pays an open invoice in 2 installments with interest; the ERP then reports it paid by card', async () => {
    const { t, call } = await setup();
    const cardId = (await call('POST', '/api/payment/card', card('4111 1111 1111 1111'))).json().uuid;
    const res = await call('POST', '/api/payment/pay/invoice', {
      cardId,
      invoiceId: '1019',
      installments: 2,
      securityCode: '123',
    });
    expect(res.statusCode).toBe(200);
    const before = (await call('GET', '/api/central/customer/list/invoices?invoice_id=1019')).json()
      .invoices[0];
    expect(before.type).toBe('received');
    expect(before.paymentType).toBe('credit_card');
    const paid = res.json();
    expect(paid.status).toBe('paid');
    expect(paid.installments).toBe(2);
    const sales = await gatewaySales(t.merchant?.merchantId ?? '');
    // 1019 is R$ 89,90 or so: whatever its value, 2 installments cost (1.0235)^2 of it.
    expect(sales).toHaveLength(1);
    expect(sales[0]?.installments).toBe(2);
    expect(sales[0]?.amount).toBe(Math.round(before.value * 100 * 1.0235 ** 2));
    expect(paid.amount).toBe((sales[0]?.amount ?? 0) / 100);
  });

  it('never charges twice: a second click answers the payment already made', async () => {
    const { t, call } = await setup();
    const cardId = (await call('POST', '/api/payment/card', card('5555 5555 5555 4444'))).json().uuid;
    const body = { cardId, invoiceId: '1017', installments: 1, securityCode: '321' };
    const [a, b] = await Promise.all([
      call('POST', '/api/payment/pay/invoice', body),
      call('POST', '/api/payment/pay/invoice', body),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const again = await call('POST', '/api/payment/pay/invoice', body);
    expect(again.statusCode).toBe(200);
    expect(await gatewaySales(t.merchant?.merchantId ?? '')).toHaveLength(1);
  });

  it('reports a declined card and charges nothing', async () => {
    const { call } = await setup();
    const cardId = (await call('POST', '/api/payment/card', card('4000 0000 0000 0002'))).json().uuid;
    const res = await call('POST', '/api/payment/pay/invoice', {
      cardId,
      invoiceId: '1019',
      installments: 1,
      securityCode: '123',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'PAYMENT_DECLINED', message: messages.paymentDeclined });
    const invoice = (await call('GET', '/api/central/customer/list/invoices?invoice_id=1019')).json()
      .invoices[0];
    expect(invoice.type).toBe('to_receive');
  });

  it("refuses another customer's invoice, a paid invoice, bad installments and another customer's card", async () => {
    const { call, signIn } = await setup();
    const cardId = (await call('POST', '/api/payment/card', card('4111 1111 1111 1111'))).json().uuid;
    const pay = (o: object, who?: Record<string, string>) =>
      call(
        'POST',
        '/api/payment/pay/invoice',
        { cardId, invoiceId: '1019', installments: 1, securityCode: '123', ...o },
        who,
      );
    expect((await pay({ invoiceId: '1022' })).json()).toEqual({
      code: 'INVOICE_NOT_FOUND',
      message: 'Fatura não encontrada.',
    });
    expect((await pay({ invoiceId: '1014' })).statusCode).toBe(409);
    expect((await pay({ installments: 4 })).json().message).toBe(
      'Número de parcelas inválido. Deve ser um número inteiro entre 1 e 3.',
    );
    const padaria = await signIn(PADARIA);
    expect((await pay({ invoiceId: '1023' }, padaria)).json().code).toBe('CARD_NOT_FOUND');
  });
});

describe('settlement in the ERP (issue 8 item 2)', () => {
  const RECEIPTS = 'fn_areceber_recebimentos_baixas_novo';

  async function pay(
    invoiceId: string,
    beforePaying?: (s: Awaited<ReturnType<typeof setup>>) => Promise<void>,
  ) {
    const s = await setup();
    await beforePaying?.(s);
    const cardId = (await s.call('POST', '/api/payment/card', card('4111 1111 1111 1111'))).json().uuid;
    const res = await s.call('POST', '/api/payment/pay/invoice', {
      cardId,
      invoiceId,
      installments: 1,
      securityCode: '123',
    });
    expect(res.statusCode).toBe(200);
    return s;
  }
  async function receiptPosts(instance: string) {
    const calls = (await (await fetch(`${h.simUrl}/__sim/ixc/${instance}/calls`)).json()) as Record<
      string,
      number
    >;
    return calls[RECEIPTS] ?? 0;
  }
  async function payment(tenantId: string) {
    const rows = (await h.database.db.execute(
      sql`SELECT settled_at, settle_attempts, attention_at, attention_reason FROM payments WHERE tenant_id = ${tenantId}`,
    )) as unknown as {
      rows: {
        settled_at: string | null;
        settle_attempts: number;
        attention_at: string | null;
        attention_reason: string | null;
      }[];
    };
    return rows.rows[0];
  }
  /** The job only retries payments left alone for 30 s: make this one look that old. */
  const age = (tenantId: string) =>
    h.database.db.execute(
      sql`UPDATE payments SET updated_at = now() - interval '1 minute' WHERE tenant_id = ${tenantId}`,
    );

  it('reads the title before posting again: a receipt the ERP already took counts as settled', async () => {
    const { t } = await pay('1019');
    expect((await payment(t.row.id))?.settled_at).not.toBeNull();
    // The ERP took the receipt but the portal never recorded it (a crash, an answer lost on the way).
    await h.database.db.execute(sql`UPDATE payments SET settled_at = NULL WHERE tenant_id = ${t.row.id}`);
    await age(t.row.id);
    const posted = await receiptPosts(t.erp.instance);
    expect(posted).toBe(1);
    await h.services.payments.settlePending();
    expect(await receiptPosts(t.erp.instance)).toBe(1);
    expect((await payment(t.row.id))?.settled_at).not.toBeNull();
  });

  it('stops after 5 failed tries and leaves the payment for staff, with an error log', async () => {
    let tenant: Awaited<ReturnType<typeof setup>>['t'] | undefined;
    try {
      const { t } = await pay('1017', async ({ t }) => {
        tenant = t;
        await t.simFaults({ table: RECEIPTS, mode: 'error' });
      });
      // Paid at the gateway, refused by the ERP at once: try 1. The job makes tries 2 to 5, then stops.
      for (let run = 0; run < 6; run++) {
        await age(t.row.id);
        await h.services.payments.settlePending();
      }
      expect(await receiptPosts(t.erp.instance)).toBe(5);
      expect(await payment(t.row.id)).toMatchObject({
        settled_at: null,
        settle_attempts: 5,
        attention_reason: 'settlement_failed',
      });
      expect((await payment(t.row.id))?.attention_at).not.toBeNull();
      const errors = h.logLines.filter((line) => line.includes('left for staff'));
      expect(errors.some((line) => JSON.parse(line).level === 50)).toBe(true);
    } finally {
      await tenant?.simFaults(null);
    }
  });
});

describe('a lost gateway answer (issue 8 item 1)', () => {
  async function cieloFaults(body: object | null) {
    const res = await fetch(`${h.simUrl}/__sim/cielo/faults`, {
      method: body ? 'PUT' : 'DELETE',
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    expect(res.ok).toBe(true);
  }
  /** The job looks a payment up when its back-off ends: end it now. */
  const due = (tenantId: string) =>
    h.database.db.execute(sql`UPDATE payments SET next_check_at = now() WHERE tenant_id = ${tenantId}`);
  async function statusOf(tenantId: string) {
    const rows = (await h.database.db.execute(
      sql`SELECT status FROM payments WHERE tenant_id = ${tenantId} ORDER BY created_at`,
    )) as unknown as { rows: { status: string }[] };
    return rows.rows.map((r) => r.status);
  }

  /** A subscriber with a saved Visa, ready to pay `invoiceId` in one installment. */
  async function payer(invoiceId: string) {
    const s = await setup();
    const cardId = (await s.call('POST', '/api/payment/card', card('4111 1111 1111 1111'))).json().uuid;
    return {
      ...s,
      merchant: s.t.merchant?.merchantId ?? '',
      body: { cardId, invoiceId, installments: 1, securityCode: '123' },
    };
  }
  /** Pays while the gateway misbehaves (`fault`): the subscriber reads that the payment is being confirmed. */
  async function payUnanswered(p: Awaited<ReturnType<typeof payer>>, fault: object) {
    await cieloFaults(fault);
    try {
      expect((await p.call('POST', '/api/payment/pay/invoice', p.body)).json().code).toBe(
        'PAYMENT_CONFIRMING',
      );
    } finally {
      await cieloFaults(null);
    }
  }
  /** The slow sale goes through at the gateway after all. */
  async function saleArrives(merchant: string) {
    for (let i = 0; i < 50 && (await gatewaySales(merchant)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
  }

  it('keeps the invoice while the sale is confirmed, and reconciliation records the one sale made', async () => {
    const { t, call } = await setup();
    const merchant = t.merchant?.merchantId ?? '';
    const cardId = (await call('POST', '/api/payment/card', card('4111 1111 1111 1111'))).json().uuid;
    const body = { cardId, invoiceId: '1019', installments: 1, securityCode: '123' };
    await cieloFaults({ latencyMs: 1500 });
    try {
      const first = await call('POST', '/api/payment/pay/invoice', body);
      expect(first.statusCode).toBe(409);
      expect(first.json()).toEqual({ code: 'PAYMENT_CONFIRMING', message: messages.paymentConfirming });
      // The subscriber tries again, as people do: no second sale.
      const retry = await call('POST', '/api/payment/pay/invoice', body);
      expect(retry.json().code).toBe('PAYMENT_CONFIRMING');
    } finally {
      await cieloFaults(null);
    }
    await saleArrives(merchant);
    expect(await statusOf(t.row.id)).toEqual(['unknown']);

    await due(t.row.id);
    await h.services.payments.reconcilePending();
    expect(await statusOf(t.row.id)).toEqual(['paid']);
    const paid = await call('POST', '/api/payment/pay/invoice', body);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('paid');
    const invoice = (await call('GET', '/api/central/customer/list/invoices?invoice_id=1019')).json()
      .invoices[0];
    expect(invoice.type).toBe('received');
    const sales = await gatewaySales(merchant);
    expect(sales).toHaveLength(1);
    expect(sales[0]?.status).toBe(2);
  });

  it('voids a sale approved after the invoice was paid otherwise while its answer was lost', async () => {
    const p = await payer('1019');
    const { t, merchant } = p;
    const open = (await p.call('GET', '/api/central/customer/list/invoices?invoice_id=1019')).json()
      .invoices[0];
    await payUnanswered(p, { latencyMs: 1500 });
    await saleArrives(merchant);
    // Meanwhile the subscriber paid by PIX: the ERP receives the title.
    const ixc = new IxcClient({ domain: `${h.simUrl}${t.erp.baseUrl}`, token: t.erp.token });
    await settleInvoice(ixc, IXC_DEMO.settlement, {
      invoiceId: '1019',
      cents: Math.round(open.openValue * 100),
      day: todayInSaoPaulo(),
      history: 'PIX',
    });

    await due(t.row.id);
    await h.services.payments.reconcilePending();
    expect(await statusOf(t.row.id)).toEqual(['voided']);
    const sales = await gatewaySales(merchant);
    expect(sales).toHaveLength(1);
    expect(sales[0]?.status).toBe(10);
  });

  it('frees the invoice when lookups find that the sale never reached the gateway', async () => {
    const p = await payer('1017');
    const { t, call, merchant, body } = p;
    await payUnanswered(p, { mode: 'http500', count: 1 });
    for (let check = 1; check < RECONCILE_MAX_CHECKS; check++) {
      await due(t.row.id);
      await h.services.payments.reconcilePending();
      expect(await statusOf(t.row.id)).toEqual(['unknown']);
    }
    await due(t.row.id);
    await h.services.payments.reconcilePending();
    expect(await statusOf(t.row.id)).toEqual(['failed']);

    const again = await call('POST', '/api/payment/pay/invoice', body);
    expect(again.statusCode).toBe(200);
    expect(await gatewaySales(merchant)).toHaveLength(1);
  });
});

describe('card testing (issue 8 item 4)', () => {
  /** A Visa number that passes Luhn and ends in `last` (the sim's sandbox answers by the last digit). */
  function visaEndingIn(last: string, seed: number): string {
    for (let n = seed * 100; ; n++) {
      const body = `4${String(n).padStart(14, '0')}`;
      const sum = [...body].reverse().reduce((acc, ch, i) => {
        const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
        return acc + (d > 9 ? d - 9 : d);
      }, 0);
      const check = String((10 - (sum % 10)) % 10);
      if (check === last) return body + check;
    }
  }

  it('saves at most 5 new cards a day for a subscriber', async () => {
    const { call } = await setup();
    for (let i = 1; i <= 5; i++) {
      expect((await call('POST', '/api/payment/card', card(visaEndingIn('1', i)))).statusCode).toBe(201);
    }
    const sixth = await call('POST', '/api/payment/card', card(visaEndingIn('1', 6)));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'CARD_VELOCITY', message: messages.cardVelocity });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rests a card declined 3 times, and stops a subscriber after 10 payment attempts an hour', async () => {
    const { t, call } = await setup();
    const merchant = t.merchant?.merchantId ?? '';
    const cards: string[] = [];
    for (let i = 1; i <= 4; i++)
      cards.push((await call('POST', '/api/payment/card', card(visaEndingIn('2', i)))).json().uuid);
    const pay = (cardId: string | undefined) =>
      call('POST', '/api/payment/pay/invoice', {
        cardId,
        invoiceId: '1019',
        installments: 1,
        securityCode: '123',
      });

    for (let i = 0; i < 3; i++) expect((await pay(cards[0])).statusCode).toBe(402);
    const rested = await pay(cards[0]);
    expect(rested.statusCode).toBe(429);
    expect(rested.json().code).toBe('CARD_VELOCITY');
    expect(await gatewaySales(merchant)).toHaveLength(3);

    // Attempts 5 to 10 with the other cards are declined by the gateway; the 11th is not sent at all.
    for (const cardId of [cards[1], cards[1], cards[1], cards[2], cards[2], cards[2]])
      expect((await pay(cardId)).statusCode).toBe(402);
    const eleventh = await pay(cards[3]);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('CARD_VELOCITY');
    expect(await gatewaySales(merchant)).toHaveLength(9);
  });
});

describe('Cielo as it answers (issue 9)', () => {
  async function simCall(method: 'PUT' | 'DELETE', path: string, body?: object) {
    const res = await fetch(`${h.simUrl}/__sim/cielo${path}`, {
      method,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    expect(res.ok).toBe(true);
  }
  const due = (tenantId: string) =>
    h.database.db.execute(sql`UPDATE payments SET next_check_at = now() WHERE tenant_id = ${tenantId}`);
  async function payments(tenantId: string) {
    const rows = (await h.database.db.execute(
      sql`SELECT status, settled_at FROM payments WHERE tenant_id = ${tenantId} ORDER BY created_at`,
    )) as unknown as { rows: { status: string; settled_at: unknown }[] };
    return rows.rows;
  }
  async function salesOf(merchantId: string) {
    const res = await fetch(`${h.simUrl}/__sim/cielo/sales?merchantId=${merchantId}`);
    return ((await res.json()) as { sales: { paymentId: string; status: number; brand: string }[] }).sales;
  }
  /** Pays 1019 with a new card while Cielo answers `status` (0 NotFinished or 12 Pending). */
  async function payPending(status: 0 | 12) {
    const s = await setup();
    const merchant = s.t.merchant?.merchantId ?? '';
    const cardId = (await s.call('POST', '/api/payment/card', card('4111 1111 1111 1111'))).json().uuid;
    const body = { cardId, invoiceId: '1019', installments: 1, securityCode: '123' };
    await simCall('PUT', '/next-sales', { status, count: 1 });
    try {
      const res = await s.call('POST', '/api/payment/pay/invoice', body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'PAYMENT_CONFIRMING', message: messages.paymentConfirming });
    } finally {
      await simCall('DELETE', '/next-sales');
    }
    const [sale] = await salesOf(merchant);
    expect(sale?.status).toBe(status);
    return { ...s, merchant, body, paymentId: sale?.paymentId ?? '' };
  }

  it('keeps a pending sale (12) live, never charges again, and records it once Cielo captures it', async () => {
    const p = await payPending(12);
    expect((await payments(p.t.row.id)).map((r) => r.status)).toEqual(['unknown']);
    // The subscriber tries again while Cielo has not decided: no second sale.
    expect((await p.call('POST', '/api/payment/pay/invoice', p.body)).json().code).toBe('PAYMENT_CONFIRMING');
    await due(p.t.row.id);
    await h.services.payments.reconcilePending();
    expect((await payments(p.t.row.id)).map((r) => r.status)).toEqual(['unknown']);

    await simCall('PUT', `/sales/${p.paymentId}/status`, { status: 2 });
    await due(p.t.row.id);
    await h.services.payments.reconcilePending();
    const [payment] = await payments(p.t.row.id);
    expect(payment?.status).toBe('paid');
    expect(payment?.settled_at).not.toBeNull();
    expect(await salesOf(p.merchant)).toHaveLength(1);
    const invoice = (await p.call('GET', '/api/central/customer/list/invoices?invoice_id=1019')).json()
      .invoices[0];
    expect(invoice.type).toBe('received');
  });

  it('frees the invoice when a sale that was not finished (0) is denied, or aborted (13)', async () => {
    for (const [final, stored] of [
      [3, 'declined'],
      [13, 'failed'],
    ] as const) {
      const p = await payPending(0);
      await simCall('PUT', `/sales/${p.paymentId}/status`, { status: final });
      await due(p.t.row.id);
      await h.services.payments.reconcilePending();
      expect((await payments(p.t.row.id)).map((r) => r.status)).toEqual([stored]);
      // The invoice can be paid again.
      const again = await p.call('POST', '/api/payment/pay/invoice', p.body);
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe('paid');
    }
  });

  it("sends the holder's name as Cielo takes it: no accents or punctuation, at most 25 letters", async () => {
    expect(cieloHolder("José D'Ávila Conceição-Júnior")).toBe('Jose DAvila ConceicaoJuni');
    expect(cieloHolder('  Ana   M. Souza ')).toBe('Ana M Souza');
    const { call } = await setup();
    for (const [holder, number] of [
      ["Zé D'Ávila-Conceição", '4111 1111 1111 1111'],
      ['Ana Conceição Aparecida Sá', '5555 5555 5555 4444'],
    ] as const) {
      const res = await call('POST', '/api/payment/card', card(number, { Holder: holder }));
      expect(res.statusCode).toBe(201);
    }
  });

  it('pays with a stored Mastercard as a cardholder-initiated card-on-file sale', async () => {
    const { t, call } = await setup();
    const cardId = (await call('POST', '/api/payment/card', card('5555 5555 5555 4444'))).json().uuid;
    const res = await call('POST', '/api/payment/pay/invoice', {
      cardId,
      invoiceId: '1019',
      installments: 1,
      securityCode: '123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('paid');
    const sales = await salesOf(t.merchant?.merchantId ?? '');
    expect(sales.map((s) => [s.brand, s.status])).toEqual([['Master', 2]]);
  });

  it('offers card payment only once the ERP settlement accounts are set', async () => {
    const t = await h.tenant({ credentials: [MARIA], cards: true, settlement: false });
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: t.clientId },
      payload: { cpfOrCnpj: MARIA, password: TEST_PASSWORD },
    });
    const call = (url: string) =>
      h.app.inject({
        method: 'GET',
        url,
        headers: { client_id: t.clientId, cookie: cookieHeader(cookiesFrom(signIn)) },
      });
    expect((await call('/api/central/auth/valid-token')).json().featureFlag).toEqual([]);
    const list = await call('/api/payment/card');
    expect(list.statusCode).toBe(404);
    expect(list.json().code).toBe('CARD_PAYMENT_UNAVAILABLE');
  });
});
