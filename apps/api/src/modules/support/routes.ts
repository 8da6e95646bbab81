import {
  createSupportBody,
  createSupportMessageBody,
  listSupportsQuery,
  supportCreatedResponse,
  supportDetailsResponse,
  supportIdParams,
  supportListResponse,
  supportMessageCreatedResponse,
  supportSubjectsResponse,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/** Support requests and their messages (spec §7.5), as tickets or service orders in the provider's ERP. */
export const supportRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { support } = services;

  app.post(
    '/customer/create/support',
    {
      config: { erpError: 'SUPPORT_REQUEST_FAILED' },
      schema: {
        tags: ['support'],
        summary: "Opens a request in the provider's ERP (a ticket or a service order, by support_type)",
        body: createSupportBody,
        response: { 200: supportCreatedResponse, ...errorResponses },
      },
    },
    async (request) => support.create(request.tenant, request.customer, request.body),
  );

  app.get(
    '/customer/list/supports',
    {
      config: { erpError: 'SUPPORTS_FAILED' },
      schema: {
        tags: ['support'],
        summary: 'Requests in progress (all), or closed (paged: `page`, `hasMore`), newest first',
        querystring: listSupportsQuery,
        response: { 200: supportListResponse, ...errorResponses },
      },
    },
    async (request) => support.list(request.tenant, request.customer, request.query),
  );

  app.get(
    '/customer/support/subjects',
    {
      config: { erpError: 'SUPPORT_SUBJECTS_FAILED' },
      schema: {
        tags: ['support'],
        summary: 'The subjects a subscriber may choose for a request',
        response: { 200: supportSubjectsResponse, ...errorResponses },
      },
    },
    async (request) => ({ subjects: await support.subjects(request.tenant) }),
  );

  app.get(
    '/customer/list/support/messages/:supportId',
    {
      config: { erpError: 'SUPPORTS_FAILED' },
      schema: {
        tags: ['support'],
        summary: 'A request with its public messages, oldest first',
        params: supportIdParams,
        response: { 200: supportDetailsResponse, ...errorResponses },
      },
    },
    async (request) => support.details(request.tenant, request.customer, request.params.supportId),
  );

  app.post(
    '/customer/create/support/message',
    {
      config: { erpError: 'SUPPORT_MESSAGE_FAILED' },
      schema: {
        tags: ['support'],
        summary: 'Adds a message to a request that is still in progress',
        body: createSupportMessageBody,
        response: { 200: supportMessageCreatedResponse, ...errorResponses },
      },
    },
    async (request) => support.addMessage(request.tenant, request.customer, request.body),
  );
};
