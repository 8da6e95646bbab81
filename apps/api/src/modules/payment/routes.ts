import {
  cardIdParams,
  newCardBody,
  payInvoiceBody,
  paymentResultSchema,
  savedCardSchema,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/** The payment service (spec §7.4), mounted at /api/payment. */
export const paymentRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { payments } = services;

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
      return payments.listCards(request.tenant, request.customer);
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
      const card = await payments.addCard(request.tenant, request.customer, request.body, request.ip);
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
      await payments.deleteCard(request.tenant, request.customer, request.params.id);
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
      return payments.payInvoice(request.tenant, request.customer, request.body, request.ip);
    },
  );
};
