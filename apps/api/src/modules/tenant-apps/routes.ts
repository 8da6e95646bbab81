import {
  adminMessageResponse,
  clientIdParams,
  tenantAppBody,
  tenantAppListResponse,
  tenantAppParams,
  tenantAppSavedResponse,
  tenantAppSchema,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/** The Aplicativos tab of a provider in the back office (spec §2.4, §3 Tenant app, §5, §7.9): staff only. */
export const tenantAppRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireAdmin);
  const { tenantApps } = services;

  app.get(
    '/customer/:clientId/customer-apps',
    {
      schema: {
        tags: ['admin'],
        summary: "A provider's apps, in the order they were added",
        params: clientIdParams,
        response: { 200: tenantAppListResponse, ...errorResponses },
      },
    },
    async (request) => ({ apps: await tenantApps.list(request.params.clientId) }),
  );

  app.get(
    '/customer/:clientId/customer-app/:appId',
    {
      schema: {
        tags: ['admin'],
        summary: "One of a provider's apps, for the edit form; another provider's app is not found",
        params: tenantAppParams,
        response: { 200: tenantAppSchema, ...errorResponses },
      },
    },
    async (request) => tenantApps.get(request.params.clientId, request.params.appId),
  );

  app.post(
    '/customer/:clientId/customer-app/create',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adds an app to a provider (Novo Aplicativo)',
        description:
          "watchbr, ole_tv and playhub need a product or plan criterion: with 'any' they are refused " +
          "('Opção não permitida para o critério de ativação selecionado'). Written to the audit trail.",
        params: clientIdParams,
        body: tenantAppBody,
        response: { 201: tenantAppSavedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const saved = await tenantApps.create(request.admin, request.params.clientId, request.body);
      return reply.code(201).send(saved);
    },
  );

  app.put(
    '/customer/:clientId/customer-app/:appId/edit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replaces an app with the whole form (Editar Aplicativo)',
        description: 'The same rules as creation. The audit trail names the fields that changed.',
        params: tenantAppParams,
        body: tenantAppBody,
        response: { 200: tenantAppSavedResponse, ...errorResponses },
      },
    },
    async (request) =>
      tenantApps.edit(request.admin, request.params.clientId, request.params.appId, request.body),
  );

  app.delete(
    '/customer/:clientId/customer-app/:appId/remove',
    {
      schema: {
        tags: ['admin'],
        summary: "Removes one of a provider's apps",
        params: tenantAppParams,
        response: { 200: adminMessageResponse, ...errorResponses },
      },
    },
    async (request) => tenantApps.remove(request.admin, request.params.clientId, request.params.appId),
  );
};
