import { customerDetailsSchema, errorBody } from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../app.ts';

export const customerRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);

  app.get(
    '/customer/list',
    {
      schema: {
        tags: ['customer'],
        summary: "The signed-in customer's details",
        response: { 200: customerDetailsSchema, 401: errorBody, 404: errorBody, 502: errorBody },
      },
    },
    async (request) => services.customer.details(request.tenant, request.customer),
  );
};
