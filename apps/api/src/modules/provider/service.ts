import {
  clientIdSchema,
  type ProviderNotificationBody,
  type ProviderNotificationList,
  type ProviderNotificationResponse,
  type ProviderSessionResponse,
} from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { AppError, notAuthenticated } from '../../platform/errors.ts';
import type { Passwords } from '../../platform/passwords.ts';
import { clientBucket, type RateLimiter } from '../../platform/rate-limit.ts';
import { findLiveSession } from '../../platform/session-repository.ts';
import type { ProviderSession, Sessions } from '../../platform/sessions.ts';
import { failureGuard, limit } from '../../platform/sign-in-guard.ts';
import type { Tenant, TenantResolver } from '../../platform/tenancy.ts';
import type { Broadcaster } from '../notifications/broadcast.ts';
import { deliveryCounts } from '../notifications/repository.ts';
import {
  countRegisteredSubscribers,
  findProviderCredential,
  latestNotifications,
  rehashProviderCredential,
} from './repository.ts';

/**
 * Brute-force limits of the provider sign-in, as the subscriber's (modules/auth): failures per client id
 * and IP first, so that someone who knows a client id cannot lock its provider out from elsewhere, a
 * higher per-client-id ceiling for attacks spread over many IPs, and every attempt per IP.
 */
export const PROVIDER_SIGN_IN_LIMITS = {
  failuresPerClientAndIp: { limit: 10, windowMs: 15 * 60_000 },
  failuresPerClient: { limit: 100, windowMs: 15 * 60_000 },
  perIp: { limit: 300, windowMs: 15 * 60_000 },
};
/** A general notification reaches every subscriber: a provider sends a few per hour at most. */
export const NOTIFICATION_LIMIT = { limit: 10, windowMs: 60 * 60_000 };
/** The provider's page lists this many of its last sends. */
export const NOTIFICATION_HISTORY = 20;

const number = new Intl.NumberFormat('pt-BR');
export const notificationSentText = (recipients: number) =>
  `Notificação enviada para ${number.format(recipients)} ${recipients === 1 ? 'assinante' : 'assinantes'}`;

export interface ProviderDeps {
  db: Db;
  tenants: TenantResolver;
  sessions: Sessions;
  passwords: Passwords;
  limiter: RateLimiter;
  broadcaster: Broadcaster;
  log: Logger;
}

/** The provider's own area (spec §2.4 /admin and /provider, §7.9): sign-in and the general notification. */
export function createProviderService(deps: ProviderDeps) {
  const { db, limiter, log } = deps;

  const view = (tenant: Pick<Tenant, 'clientId' | 'alias'>, expiresAt: Date): ProviderSessionResponse => ({
    provider: { client_id: tenant.clientId, alias: tenant.alias },
    expiresAt: expiresAt.toISOString(),
  });

  return {
    /**
     * POST /auth/sign-in/provider: the tenant named by the body's client id (never the header). An
     * unknown or suspended provider, one without a password and a wrong password get the same answer.
     */
    async signIn(input: { clientId: string; password: string; ip: string }) {
      const bucket = clientBucket(input.ip);
      const parsed = clientIdSchema.safeParse(input.clientId);
      const clientId = parsed.success ? parsed.data : input.clientId.toLowerCase();
      deps.passwords.admit();
      await limit(limiter, `provider-sign-in:ip:${bucket}`, PROVIDER_SIGN_IN_LIMITS.perIp);
      const guard = failureGuard(
        limiter,
        {
          failure: `provider-sign-in:fail:${clientId}:${bucket}`,
          ceiling: `provider-sign-in:id:${clientId}`,
        },
        {
          failure: PROVIDER_SIGN_IN_LIMITS.failuresPerClientAndIp,
          ceiling: PROVIDER_SIGN_IN_LIMITS.failuresPerClient,
        },
      );
      await guard.check();

      const tenant = parsed.success ? await deps.tenants.byClientId(clientId) : null;
      const credential = tenant ? await findProviderCredential(db, tenant.id) : undefined;
      const passwordOk = await deps.passwords.verify(credential?.passwordHash, input.password);
      if (!tenant || !credential || !passwordOk) {
        await guard.failed();
        log.info({ tenant: tenant?.clientId ?? null }, 'provider sign-in refused');
        throw new AppError(401, 'PROVIDER_INVALID_CREDENTIALS');
      }
      await guard.succeeded();
      const rehashed = await deps.passwords.rehash(credential.passwordHash, input.password);
      if (rehashed)
        await rehashProviderCredential(db, tenant.id, { from: credential.passwordHash, to: rehashed });
      const issued = await deps.sessions.issueProvider({ tenant });
      log.info({ tenant: tenant.clientId }, 'provider sign-in');
      return { view: view(tenant, issued.expiresAt), issued };
    },

    /** GET /auth/provider: the session the request's hook verified, with its expiry. */
    async session(tenant: Tenant, session: ProviderSession): Promise<ProviderSessionResponse> {
      const row = await findLiveSession(db, session.id);
      if (!row) throw notAuthenticated();
      return view(tenant, row.expiresAt);
    },

    /**
     * POST /provider/send/notification: the notification is written with one delivery per push
     * subscription of the tenant and handed to the job workers, which deliver it by Web Push within the
     * spec's minute; `recipients` counts the subscribers registered in the portal.
     */
    async send(tenant: Tenant, input: ProviderNotificationBody): Promise<ProviderNotificationResponse> {
      const sent = await limiter.hit(
        `provider-notification:${tenant.id}`,
        NOTIFICATION_LIMIT.limit,
        NOTIFICATION_LIMIT.windowMs,
      );
      if (!sent.allowed)
        throw new AppError(429, 'NOTIFICATION_LIMIT', undefined, {
          'retry-after': String(sent.retryAfterSeconds),
        });
      const recipients = await countRegisteredSubscribers(db, tenant.id);
      const broadcast = await deps.broadcaster.start(tenant.id, { ...input, recipients });
      log.info(
        {
          tenant: tenant.clientId,
          notification: broadcast.id,
          recipients,
          subscriptions: broadcast.subscriptions,
        },
        'provider notification queued',
      );
      return { id: broadcast.id, recipients, message: notificationSentText(recipients) };
    },

    async history(tenant: Tenant): Promise<ProviderNotificationList> {
      const rows = await latestNotifications(db, tenant.id, NOTIFICATION_HISTORY);
      const counts = await deliveryCounts(
        db,
        rows.map((r) => r.id),
      );
      return {
        notifications: rows.map((r) => ({
          id: r.id,
          title: r.title,
          message: r.message,
          recipients: r.recipients,
          created_at: r.createdAt.toISOString(),
          delivery: {
            status: r.finishedAt ? 'done' : 'sending',
            subscriptions: r.subscriptions,
            ...(counts.get(r.id) ?? { delivered: 0, failed: 0, removed: 0 }),
          },
        })),
      };
    },
  };
}
export type ProviderService = ReturnType<typeof createProviderService>;
