import { CLIENT_ID_HEADER, messages } from '@central/domain';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { IxcError } from './integrations/ixc/client.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { customerRoutes } from './modules/customer/routes.ts';
import { financialRoutes } from './modules/financial/routes.ts';
import { createFinancialService } from './modules/financial/service.ts';
import { paymentRoutes } from './modules/payment/routes.ts';
import { createPaymentService } from './modules/payment/service.ts';
import { recoveryRoutes } from './modules/recovery/routes.ts';
import { createRecoveryService } from './modules/recovery/service.ts';
import { pwaConfigRoutes, themeRoutes } from './modules/tenancy/routes.ts';
import { AppError } from './platform/errors.ts';
import { createLogger } from './platform/logger.ts';
import type { RateLimiter } from './platform/rate-limit.ts';
import type { Keys } from './platform/secrets.ts';
import { createSessions, createStepTokens } from './platform/sessions.ts';
import { registerSpa } from './platform/static-spa.ts';
import { createTenantResolver } from './platform/tenancy.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  keys: Keys;
  limiter: RateLimiter;
  mailer: Mailer;
  logger?: Logger;
  /** Answers whether the job queue is running, for /readyz. */
  jobsReady?: () => boolean;
}

export async function buildApp(deps: AppDeps) {
  const { config, database, keys, limiter, mailer } = deps;
  const app = Fastify({
    loggerInstance: (deps.logger ?? createLogger(config.logLevel)) as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // One place maps errors to answers: AppErrors as they are, bad input 400, the ERP 502, the rest 500.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, ''),
        message: v.message,
      }));
      return reply
        .code(400)
        .send({ code: 'VALIDATION', message: issues[0]?.message ?? messages.invalidRequest, issues });
    }
    if (error instanceof IxcError) {
      request.log.warn({ err: error }, 'ERP call failed');
      return reply.code(502).send({ code: 'ERP_UNAVAILABLE', message: messages.erpUnavailable });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: 'VALIDATION', message: messages.invalidRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 'INTERNAL', message: messages.generic });
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
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

  // CSRF (ARCHITECTURE §3): cookies are SameSite=Lax, state changes need the custom client_id header
  // (which forces a CORS preflight) and, when the browser sends one, a same-origin Origin.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!request.url.startsWith('/api/')) return;
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
    if (!request.headers[CLIENT_ID_HEADER] && !request.url.startsWith('/api/admin')) {
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

  const tenants = createTenantResolver({
    db: database.db,
    encryptionKey: keys.encryption,
    ixcTimeoutMs: config.ixcTimeoutMs,
  });
  const sessions = createSessions({
    db: database.db,
    keys,
    ttlMs: config.sessionTtlMs,
    secureCookies: config.secureCookies,
  });
  const steps = createStepTokens(keys);
  const auth = createAuthService({ db: database.db, sessions, steps, limiter });
  const recovery = createRecoveryService({
    db: database.db,
    steps,
    limiter,
    mailer,
    sessions,
    hmacKey: keys.step,
  });
  const financial = createFinancialService({ db: database.db });
  const payments = createPaymentService({ db: database.db, keys, financial, tenantById: tenants.byId });
  app.decorate('services', { payments });

  await app.register(
    async (central) => {
      await central.register(themeRoutes, { tenants });
      await central.register(authRoutes, { tenants, sessions, auth, secureCookies: config.secureCookies });
      await central.register(customerRoutes, { tenants, sessions });
      await central.register(recoveryRoutes, {
        tenants,
        sessions,
        recovery,
        secureCookies: config.secureCookies,
      });
      await central.register(financialRoutes, { tenants, sessions, financial });
    },
    { prefix: '/api/central' },
  );
  await app.register(paymentRoutes, { prefix: '/api/payment', tenants, sessions, payments });
  await app.register(pwaConfigRoutes, { tenants });
  await registerSpa(app as unknown as FastifyInstance, {
    webDist: config.webDist,
    defaultClientId: config.defaultClientId,
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Services that jobs run outside a request (the settlement of card payments). */
    services: { payments: import('./modules/payment/service.ts').PaymentService };
  }
}
