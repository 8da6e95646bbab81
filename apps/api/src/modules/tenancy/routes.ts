import { clientIdSchema, errorBody, themeSchema } from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { AppError } from '../../platform/errors.ts';

/** GET /api/central/theme (spec §1): the theme of the tenant named by `client_id`. */
export const themeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { auth }) => {
  app.addHook('onRequest', auth.requireTenant);

  app.get(
    '/theme',
    {
      schema: {
        tags: ['tenancy'],
        summary: "The tenant's theme",
        response: { 200: themeSchema, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return request.tenant.theme;
    },
  );
};

/** GET /pwa/{client}/config.json: the same theme as a static file, used by builds with the local flag. */
export const pwaConfigRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/pwa/:client/config.json',
    {
      schema: {
        tags: ['tenancy'],
        summary: "The tenant's theme as a static file",
        params: z.object({ client: z.string() }),
        response: { 200: themeSchema, 404: errorBody },
      },
    },
    async (request, reply) => {
      const clientId = clientIdSchema.safeParse(request.params.client);
      const tenant = clientId.success ? await services.tenants.byClientId(clientId.data) : null;
      if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND');
      reply.header('cache-control', 'public, max-age=60');
      return tenant.theme;
    },
  );
};
