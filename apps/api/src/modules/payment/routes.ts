import {
  cardIdParams,
  newCardBody,
  payInvoiceBody,
  paymentResultSchema,
  savedCardSchema,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, errorResponses } from '../../platform/route-helpers.ts';
import type { Sessions } from '../../platform/sessions.ts';
import type { TenantResolver } from '../../platform/tenancy.ts';
import type { PaymentService } from './service.ts';

/** The payment service (spec §7.4), mounted at /api/payment. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  tenants: TenantResolver;
  sessions: Sessions;
  payments: PaymentService;
}> = async (app, { tenants, sessions, payments }) => {
  const who = customerOf(tenants, sessions);

  app.get(
    '/card',
    {
      schema: {
        tags: ['payment'],
        summary: 'Saved cards',
        response: { 200: z.array(savedCardSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { tenant, session } = await who(request);
      return payments.listCards(tenant, session);
    },
  );

  app.post(
    '/card',
    {
      schema: {
        tags: ['payment'],
        summary: 'Saves a card at the gateway (only its token is kept)',
        body: newCardBody,
        response: { 201: savedCardSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { tenant, session } = await who(request);
      const card = await payments.addCard(tenant, session, request.body, request.log);
      return reply.code(201).send(card);
    },
  );

  app.delete(
    '/card/:id',
    {
      schema: {
        tags: ['payment'],
        summary: 'Deletes a saved card',
        params: cardIdParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { tenant, session } = await who(request);
      await payments.deleteCard(tenant, session, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/pay/invoice',
    {
      schema: {
        tags: ['payment'],
        summary: 'Pays an open invoice with a saved card, in 1 to 3 installments (idempotent per invoice)',
        body: payInvoiceBody,
        response: { 200: paymentResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { tenant, session } = await who(request);
      return payments.payInvoice(tenant, session, request.body, request.log);
    },
  );
};
