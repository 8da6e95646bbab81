import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { createPushSender } from './integrations/push/sender.ts';
import { loadVapidKeys } from './integrations/push/vapid-keys.ts';
import type { JobDefinition, JobQueue } from './jobs/boss.ts';
import { createAdminService } from './modules/admin/service.ts';
import { createCloudService } from './modules/apps/cloud.ts';
import { createAppsService } from './modules/apps/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createConnectionService } from './modules/connection/service.ts';
import { createContractsService } from './modules/contracts/service.ts';
import { createCustomerService } from './modules/customer/service.ts';
import { devicesJobs } from './modules/devices/jobs.ts';
import { createDevicesService } from './modules/devices/service.ts';
import { financialJobs } from './modules/financial/jobs.ts';
import { createFinancialService } from './modules/financial/service.ts';
import { createBroadcaster } from './modules/notifications/broadcast.ts';
import { notificationJobs } from './modules/notifications/jobs.ts';
import { createNotificationService, lazyPushChannel } from './modules/notifications/service.ts';
import { paymentJobs } from './modules/payment/jobs.ts';
import { createPaymentService } from './modules/payment/service.ts';
import { createProviderService } from './modules/provider/service.ts';
import { recoveryJobs } from './modules/recovery/jobs.ts';
import { createRecoveryService } from './modules/recovery/service.ts';
import { createSupportService } from './modules/support/service.ts';
import { APP_ICON_LIMITS, createAppIcons } from './modules/tenancy/app-icons.ts';
import { createTenancyService } from './modules/tenancy/service.ts';
import { createTenantAppsService } from './modules/tenant-apps/service.ts';
import { platformJobs } from './platform/jobs.ts';
import { createOutbound } from './platform/outbound.ts';
import { createPasswords } from './platform/passwords.ts';
import type { RateLimiter } from './platform/rate-limit.ts';
import type { Keys } from './platform/secrets.ts';
import { createSessions, createStepTokens } from './platform/sessions.ts';
import { createTenantResolver } from './platform/tenancy.ts';

export interface ServiceDeps {
  config: Config;
  database: Database;
  keys: Keys;
  limiter: RateLimiter;
  mailer: Mailer;
  logger: Logger;
  /** pg-boss: services send jobs through it (workers run only where JOBS=on). */
  queue: JobQueue;
}

/**
 * The composition root: every service is built here once, for the HTTP app and the job workers alike.
 * Each gets what it needs, its logger included, and nothing of HTTP.
 */
export function createServices(deps: ServiceDeps) {
  const { config, keys, limiter, mailer } = deps;
  const db = deps.database.db;
  const log = (module: string) => deps.logger.child({ module });

  const tenants = createTenantResolver({
    db,
    encryptionKey: keys.encryption,
    ixcTimeoutMs: config.ixcTimeoutMs,
    ixcBreaker: config.ixcBreaker,
    ixcDocumentTimeoutMs: config.ixcDocumentTimeoutMs,
    cieloTimeoutMs: config.cieloTimeoutMs,
    defaultClientId: config.defaultClientId,
    bus: deps.database,
  });
  const sessions = createSessions({ db, keys, ttlMs: config.sessionTtlMs });
  const passwords = createPasswords({
    concurrency: config.passwordHashConcurrency,
    maxQueue: config.passwordHashQueue,
  });
  const steps = createStepTokens(keys);
  const financial = createFinancialService({
    db,
    paymentPollMs: config.paymentPollMs,
    mailer,
    limiter,
    log: log('financial'),
  });
  const apps = createAppsService({
    db,
    limiter,
    log: log('apps'),
    partnerTimeoutMs: config.partnerTimeoutMs,
  });
  // Web Push: VAPID keys from the environment or the database (made once), loaded on first use.
  const push = lazyPushChannel(async () =>
    createPushSender({
      keys: await loadVapidKeys({ db, keyring: keys.encryption, env: config.vapid }),
      subject: config.vapidSubject,
      timeoutMs: config.pushTimeoutMs,
      logger: log('push'),
    }),
  );
  const broadcaster = createBroadcaster({
    db,
    queue: deps.queue,
    push,
    log: log('broadcast'),
    settings: {
      batchSize: config.broadcastBatchSize,
      batchTimeoutSeconds: config.broadcastBatchTimeoutSeconds,
    },
  });
  return {
    config,
    limiter,
    queue: deps.queue,
    push,
    broadcaster,
    notifications: createNotificationService({ db, tenants, push, limiter, log: log('notifications') }),
    tenants,
    tenancy: createTenancyService({
      tenants,
      limiter,
      // A tenant's app logo may be any https URL an admin typed: fetched as the connection check's calls are.
      appIcons: createAppIcons({
        webDist: config.webDist,
        outbound: createOutbound({
          allowPrivate: config.outboundAllowPrivate,
          httpsOnly: config.env === 'production',
          timeoutMs: APP_ICON_LIMITS.fetchTimeoutMs,
          maxBytes: APP_ICON_LIMITS.maxLogoBytes,
        }),
        log: log('app-icons'),
      }),
    }),
    sessions,
    passwords,
    auth: createAuthService({ db, sessions, steps, limiter, passwords, log: log('auth') }),
    customer: createCustomerService(),
    recovery: createRecoveryService({
      db,
      steps,
      limiter,
      mailer,
      sessions,
      passwords,
      hmacKey: keys.step,
      log: log('recovery'),
    }),
    financial,
    support: createSupportService({ db, limiter, log: log('support') }),
    contracts: createContractsService(),
    devices: createDevicesService({ db, tenants, limiter, log: log('devices') }),
    connection: createConnectionService(),
    apps,
    cloud: createCloudService({ apps, limiter, log: log('cloud'), timeoutMs: config.partnerTimeoutMs }),
    payments: createPaymentService({
      db,
      keys,
      financial,
      tenantById: tenants.byId,
      limiter,
      log: log('payment'),
    }),
    admin: createAdminService({
      db,
      encryptionKey: keys.encryption,
      sessions,
      passwords,
      tenants,
      limiter,
      // Addresses an admin types: https only in production, no private networks unless allowed.
      outbound: createOutbound({
        allowPrivate: config.outboundAllowPrivate,
        httpsOnly: config.env === 'production',
      }),
      log: log('admin'),
    }),
    tenantApps: createTenantAppsService({ db, log: log('tenant-apps') }),
    provider: createProviderService({
      db,
      tenants,
      sessions,
      passwords,
      limiter,
      broadcaster,
      log: log('provider'),
    }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** Every module's background work, for the job workers. */
export function jobsOf(services: Services, database: Database): JobDefinition[] {
  return [
    ...platformJobs(database.db),
    ...recoveryJobs(services.recovery),
    ...financialJobs(services.financial),
    ...paymentJobs(services.payments),
    ...devicesJobs(services.devices),
    ...notificationJobs(services.notifications, services.broadcaster, services.queue, {
      batchTimeoutSeconds: services.broadcaster.settings.batchTimeoutSeconds,
    }),
  ];
}
