// Loopback-only switches of the Cielo simulator (no auth): merchants for isolated tests, faults, and the
// list of every sale (to assert that nothing was charged twice).

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { acceptRawBodies } from '../ixc/body.ts';
import { type CieloStore, parseCieloFault } from './store.ts';

export interface CieloAdminOptions {
  store: CieloStore;
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

export const cieloAdminRoutes: FastifyPluginAsync<CieloAdminOptions> = async (app, { store }) => {
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
      .map(({ merchantId, requestId, sale }) => ({
        merchantId,
        requestId,
        merchantOrderId: sale.MerchantOrderId,
        paymentId: sale.Payment.PaymentId,
        amount: sale.Payment.Amount,
        installments: sale.Payment.Installments,
        status: sale.Payment.Status,
        returnCode: sale.Payment.ReturnCode,
        returnMessage: sale.Payment.ReturnMessage,
        capturedAmount: sale.Payment.CapturedAmount ?? 0,
        voidedAmount: sale.Payment.VoidedAmount ?? 0,
        cardNumber: sale.Payment.CreditCard.CardNumber,
        brand: sale.Payment.CreditCard.Brand,
        receivedDate: sale.Payment.ReceivedDate,
      }));
    return { sales };
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
