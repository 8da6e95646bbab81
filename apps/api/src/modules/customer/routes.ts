import { customerDetailsSchema, errorBody } from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Sessions } from '../../platform/sessions.ts';
import type { TenantResolver } from '../../platform/tenancy.ts';
import { getCustomerDetails } from './service.ts';

export const customerRoutes: FastifyPluginAsyncZod<{ tenants: TenantResolver; sessions: Sessions }> = async (
  app,
  { tenants, sessions },
) => {
  app.get(
    '/customer/list',
    {
      schema: {
        tags: ['customer'],
        summary: "The signed-in customer's details",
        response: { 200: customerDetailsSchema, 401: errorBody, 404: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      const tenant = await tenants.fromRequest(request);
      const session = await sessions.customer(request, tenant);
      return getCustomerDetails(tenant, session);
    },
  );
};
