import {
  type AppIconFile,
  appIconFiles,
  CLIENT_ID_HEADER,
  errorBody,
  themeSchema,
  webAppManifestSchema,
} from '@central/domain';
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

const iconFiles = Object.keys(appIconFiles) as [AppIconFile, ...AppIconFile[]];

/**
 * The installable app of the host's tenant: GET /manifest.webmanifest (index.html links it, so each host
 * gets its own provider's) and GET /pwa/{client}/icons/{file}, the PNG icons drawn from its app logo.
 */
export const webAppRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags: ['tenancy'],
        summary: "The web app manifest of the host's tenant",
        response: { 200: webAppManifestSchema, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const manifest = await services.tenancy.manifest(request.hostname, request.ip);
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=300');
      return manifest;
    },
  );

  const pngBody = z.instanceof(Buffer).meta({ type: 'string', format: 'binary', description: 'image/png' });
  app.get(
    '/pwa/:client/icons/:file',
    {
      schema: {
        tags: ['tenancy'],
        summary: "An icon of the tenant's web app (PNG), drawn from its app logo",
        params: z.object({ client: z.string(), file: z.enum(iconFiles) }),
        // The PNG's bytes go out as they are (a Buffer is never serialized); OpenAPI's binary string.
        response: { 200: pngBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const icon = await services.tenancy.icon(request.params.client, request.params.file, request.ip);
      // Each icon URL carries the version of its logo and colour; a stand-in icon is kept only briefly.
      return reply
        .type('image/png')
        .header('cache-control', icon.lasting ? 'public, max-age=86400' : 'public, max-age=300')
        .send(icon.png);
    },
  );
};
