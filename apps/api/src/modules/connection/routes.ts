import { connectionResponse } from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/** 'Meu Consumo' (issue 15): the subscriber's connection history. */
export const connectionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);

  app.get(
    '/customer/connection',
    {
      config: { erpError: 'CONNECTION_FAILED' },
      schema: {
        tags: ['connection'],
        summary:
          "The last 30 days of the customer's connections: traffic per day, state now, latest sessions",
        response: { 200: connectionResponse, ...errorResponses },
      },
    },
    async (request) => services.connection.history(request.tenant, request.customer),
  );
};
