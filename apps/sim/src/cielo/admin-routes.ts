// Loopback-only switches of the Cielo simulator (no auth): merchants for isolated tests, faults, pending
// answers and their late outcome, and the list of every sale (to assert that nothing was charged twice).

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptRawBodies } from '../ixc/body.ts';
import { cieloDate } from './rules.ts';
import {
  type CieloStore,
  parseCieloFault,
  parseNextSales,
  type SaleRecord,
  SETTLED_STATUSES,
} from './store.ts';

/** `PUT /__sim/cielo/sales/{id}/status`: where a pending sale goes. */
const settleBody = z.object({ status: z.union(SETTLED_STATUSES.map((s) => z.literal(s))) });

export interface CieloAdminOptions {
  store: CieloStore;
  now: () => Date;
}

function readJson(request: FastifyRequest): { ok: true; value: unknown } | { ok: false } {
  const raw = typeof request.body === 'string' ? request.body : '';
  if (raw.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function saleView({ merchantId, requestId, sale }: SaleRecord) {
  return {
    merchantId,
    requestId,
    merchantOrderId: sale.MerchantOrderId,
    paymentId: sale.Payment.PaymentId,
    amount: sale.Payment.Amount,
    installments: sale.Payment.Installments,
    status: sale.Payment.Status,
    returnCode: sale.Payment.ReturnCode ?? null,
    returnMessage: sale.Payment.ReturnMessage ?? null,
    capturedAmount: sale.Payment.CapturedAmount ?? 0,
    voidedAmount: sale.Payment.VoidedAmount ?? 0,
    cardNumber: sale.Payment.CreditCard.CardNumber,
    brand: sale.Payment.CreditCard.Brand,
    receivedDate: sale.Payment.ReceivedDate,
  };
}

export const cieloAdminRoutes: FastifyPluginAsync<CieloAdminOptions> = async (app, { store, now }) => {
  acceptRawBodies(app);

  app.post('/merchants', async (_request, reply) => {
    const merchant = store.createMerchant();
    return reply.code(201).send({ merchantId: merchant.id, merchantKey: merchant.key });
  });

  app.get('/merchants', async () =>
    store
      .all()
      .map((m) => ({ merchantId: m.id, merchantKey: m.key, cards: m.cards.size, sales: m.sales.size })),
  );

  app.get<{ Querystring: { merchantId?: string } }>('/sales', async (request) => {
    const only = request.query.merchantId?.toLowerCase();
    const sales = store
      .all()
      .filter((m) => !only || m.id === only)
      .flatMap((m) => [...m.sales.values()])
      .map(saleView);
    return { sales };
  });

  app.put<{ Params: { paymentId: string } }>('/sales/:paymentId/status', async (request, reply) => {
    const body = readJson(request);
    if (!body.ok) return reply.code(400).send({ ok: false, error: 'body must be JSON' });
    const parsed = settleBody.safeParse(body.value);
    if (!parsed.success)
      return reply
        .code(400)
        .send({ ok: false, error: `status must be one of ${SETTLED_STATUSES.join(', ')}` });
    const { status } = parsed.data;
    const record = store.findSale(request.params.paymentId);
    if (!record) return reply.code(404).send({ ok: false, error: 'no sale has this PaymentId' });
    const refused = store.settle(record, status, cieloDate(now()));
    if (refused) return reply.code(409).send({ ok: false, error: refused });
    return { ok: true, sale: saleView(record) };
  });

  app.get('/next-sales', async () => ({ nextSales: store.nextSales }));

  app.put('/next-sales', async (request, reply) => {
    const body = readJson(request);
    if (!body.ok) return reply.code(400).send({ ok: false, error: 'body must be JSON' });
    const script = parseNextSales(body.value);
    if (typeof script === 'string') return reply.code(400).send({ ok: false, error: script });
    store.nextSales = script;
    return { ok: true, nextSales: script };
  });

  app.delete('/next-sales', async () => {
    store.nextSales = null;
    return { ok: true, nextSales: null };
  });

  app.get('/faults', async () => ({ faults: store.fault ? [store.fault] : [] }));

  app.put('/faults', async (request, reply) => {
    const body = readJson(request);
    if (!body.ok) return reply.code(400).send({ ok: false, error: 'body must be JSON' });
    const fault = parseCieloFault(body.value);
    if (typeof fault === 'string') return reply.code(400).send({ ok: false, error: fault });
    store.fault = fault;
    return { ok: true, faults: [fault] };
  });

  app.delete('/faults', async () => {
    store.fault = null;
    return { ok: true, faults: [] };
  });

  app.post('/reset', async () => {
    store.reset();
    return { ok: true };
  });
};
