import { CLIENT_ID_HEADER, errorBody, themeSchema } from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * GET /api/central/theme (spec §1): the theme of the tenant named by `client_id`. Public and limited per
 * IP before the tenant is looked up, so it takes no `requireTenant` hook.
 */
export const themeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/theme',
    {
      schema: {
        tags: ['tenancy'],
        summary: "The tenant's theme",
        response: { 200: themeSchema, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const theme = await services.tenancy.theme(firstOf(request.headers[CLIENT_ID_HEADER]), request.ip);
      reply.header('cache-control', 'no-cache');
      return theme;
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
        response: { 200: themeSchema, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const theme = await services.tenancy.theme(request.params.client, request.ip);
      reply.header('cache-control', 'public, max-age=60');
      return theme;
    },
  );
};
