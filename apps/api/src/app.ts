import { CLIENT_ID_HEADER, messages } from '@central/domain';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type onSendHookHandler,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { adminAuthRoutes, adminTenantRoutes } from './modules/admin/routes.ts';
import { appRoutes } from './modules/apps/routes.ts';
import { sessionRoutes, signInRoutes, signOutRoutes } from './modules/auth/routes.ts';
import { connectionRoutes } from './modules/connection/routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { customerRoutes } from './modules/customer/routes.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { financialRoutes } from './modules/financial/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { paymentRoutes } from './modules/payment/routes.ts';
import { providerRoutes, providerSignInRoutes } from './modules/provider/routes.ts';
import { recoveryRoutes } from './modules/recovery/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { createFirstLoad } from './modules/tenancy/first-load.ts';
import { pwaConfigRoutes, themeRoutes, webAppRoutes } from './modules/tenancy/routes.ts';
import { tenantAppRoutes } from './modules/tenant-apps/routes.ts';
import { type Auth, createAuth, decorateRequests } from './platform/auth.ts';
import { handleError } from './platform/error-handler.ts';
import { AppError } from './platform/errors.ts';
import { lazyChildLogger } from './platform/logger.ts';
import { addSecurityHeaders, securityHeaderOptions } from './platform/security-headers.ts';
import { registerSpa } from './platform/static-spa.ts';
import { validatorCompiler } from './platform/validation.ts';
import type { Services } from './services.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Built once by `createServices`, shared with the job workers. */
  services: Services;
  logger: Logger;
  /** Answers whether the job queue is running, for /readyz. */
  jobsReady?: () => boolean;
}

// The default texts of zod's checks that the domain does not word itself reach people: in Portuguese.
z.config(z.locales.ptBR());

export async function buildApp(deps: AppDeps) {
  const { config, database, services } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // GET /config/push-notification/{encoded subscription} carries a whole PushSubscription (spec §7.7).
    routerOptions: { maxParamLength: 3000 },
    return503OnClosing: true,
    // A bad URL escape is answered in the catalogue's shape, without echoing the URL.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      reply.code(400).send({ code: 'VALIDATION', message: messages.invalidRequest });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  decorateRequests(app as unknown as FastifyInstance);

  addSecurityHeaders(app as unknown as FastifyInstance, securityHeaderOptions(config.secureCookies));
  // API answers carry personal data: no browser or proxy keeps them, unless a route says otherwise.
  // Decided once per route as it is added (request.routeOptions builds an object on every read).
  const noStore: onSendHookHandler = (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    route.onSend = [...(route.onSend === undefined ? [] : [route.onSend].flat()), noStore];
  });
  await app.register(fastifyCookie);
  // Answers over 1 KB go out compressed (br, gzip) when the client accepts it: the SPA's built assets
  // already are (static-spa serves their .br/.gz), PDFs and images are not compressible types, and
  // `text/event-stream` is left alone by the plugin's defaults. Request bodies are taken as they are
  // today (no client of ours compresses them): no inflating of uploads.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  // The OpenAPI document and its UI only where they are wanted (API_DOCS): they map every route.
  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Central API',
          version: '1.0.0',
          description: 'Self-service portal for ISP subscribers',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'central_session' },
            clientId: { type: 'apiKey', in: 'header', name: CLIENT_ID_HEADER },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  }

  // CSRF (ARCHITECTURE §3): cookies are SameSite=Lax, state changes need the custom client_id header
  // (which forces a CORS preflight) and, when the browser sends one, a same-origin Origin. Decided on
  // the route the router matched, never on the raw URL: `/%61pi/...` is `/api/...` to the router.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== request.host) throw new AppError(403, 'FORBIDDEN');
    }
    if (!request.headers[CLIENT_ID_HEADER] && !route.startsWith('/api/admin')) {
      throw new AppError(400, 'VALIDATION', 'Cabeçalho client_id ausente');
    }
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.db.execute('SELECT 1');
    } catch {
      return reply.code(503).send({ ok: false, database: false });
    }
    const jobs = deps.jobsReady?.() ?? true;
    return reply.code(jobs ? 200 : 503).send({ ok: jobs, database: true, jobs });
  });

  const auth = createAuth({
    tenants: services.tenants,
    sessions: services.sessions,
    secureCookies: config.secureCookies,
  });
  const routeDeps: RouteDeps = { services, auth };
  await app.register(
    async (central) => {
      await central.register(themeRoutes, routeDeps);
      await central.register(signInRoutes, routeDeps);
      await central.register(sessionRoutes, routeDeps);
      await central.register(signOutRoutes, routeDeps);
      await central.register(customerRoutes, routeDeps);
      await central.register(recoveryRoutes, routeDeps);
      await central.register(financialRoutes, routeDeps);
      await central.register(supportRoutes, routeDeps);
      await central.register(contractRoutes, routeDeps);
      await central.register(notificationRoutes, routeDeps);
      await central.register(appRoutes, routeDeps);
      await central.register(connectionRoutes, routeDeps);
    },
    { prefix: '/api/central' },
  );
  await app.register(paymentRoutes, { prefix: '/api/payment', ...routeDeps });
  await app.register(deviceRoutes, { prefix: '/api/acs', ...routeDeps });
  await app.register(adminAuthRoutes, { prefix: '/api/admin', ...routeDeps });
  await app.register(adminTenantRoutes, { prefix: '/api/admin', ...routeDeps });
  await app.register(tenantAppRoutes, { prefix: '/api/admin', ...routeDeps });
  await app.register(providerSignInRoutes, { prefix: '/api/admin', ...routeDeps });
  await app.register(providerRoutes, { prefix: '/api/admin', ...routeDeps });
  await app.register(pwaConfigRoutes, routeDeps);
  await app.register(webAppRoutes, routeDeps);
  await registerSpa(app as unknown as FastifyInstance, {
    webDist: config.webDist,
    defaultClientId: config.defaultClientId,
    firstLoad: createFirstLoad({
      tenants: services.tenants,
      sessions: services.sessions,
      log: deps.logger,
    }),
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** What every route plugin is given: the services, and the role hooks and cookies of `platform/auth`. */
export interface RouteDeps {
  services: Services;
  auth: Auth;
}
