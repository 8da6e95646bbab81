import {
  addDays,
  daysBetween,
  formatCents,
  formatDateBR,
  messages,
  type NotificationConfigResponse,
  notificationPeriods,
  type PushNotificationConfigBody,
  type PushPayload,
  pushNotificationConfigBody,
  pushSubscriptionSchema,
  todayInSaoPaulo,
} from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { listOpenInvoices } from '../../integrations/ixc/financial.ts';
import type { PushSender } from '../../integrations/push/sender.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant, TenantResolver } from '../../platform/tenancy.ts';
import { toInvoice } from '../financial/service.ts';
import {
  claimReminder,
  deleteSubscriptions,
  findSubscription,
  type PushSubscriptionRow,
  releaseReminder,
  saveSubscription,
  subscriptionsOfTenant,
  tenantsWithSubscriptions,
} from './repository.ts';

/** Saving settings is a human act: a few times an hour at most. */
export const CONFIG_SAVE_LIMIT = { limit: 30, windowMs: 60 * 60_000 };
/** ERP calls of one tenant's reminder run at a time. */
const REMINDER_CONCURRENCY = 4;
/** A reminder not delivered within a day is stale: the push service may drop it. */
const REMINDER_TTL_SECONDS = 24 * 3600;

/** The push sender, made on first use (its VAPID keys come from the database). */
export interface PushChannel {
  sender(): Promise<PushSender>;
  close(): Promise<void>;
}

export function lazyPushChannel(load: () => Promise<PushSender>): PushChannel {
  let loading: Promise<PushSender> | undefined;
  return {
    sender() {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
    async close() {
      if (loading) await (await loading).close();
    },
  };
}

export const reminderText = (days: number) =>
  days === 1 ? 'Sua fatura vence amanhã' : `Sua fatura vence em ${days} dias`;

/** The text of an invoice reminder, in Portuguese, with the amount and the due date. */
export function reminderPayload(
  tenant: Pick<Tenant, 'alias'>,
  invoice: { id: string; openValue: number; dueDate: string },
  days: number,
): PushPayload {
  return {
    title: reminderText(days),
    body: `${tenant.alias}: fatura de ${formatCents(invoice.openValue)} com vencimento em ${formatDateBR(invoice.dueDate)}. Toque para ver as formas de pagamento.`,
    url: `/panel/financial/invoice/${encodeURIComponent(invoice.id)}`,
    tag: `fatura-${invoice.id}`,
  };
}

/** Push topics: at most 32 URL-safe base64 characters (RFC 8030 §5.4). */
const topicOf = (prefix: string, id: string) => `${prefix}${id.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 32);

export interface NotificationDeps {
  db: Db;
  tenants: TenantResolver;
  push: PushChannel;
  limiter: RateLimiter;
  log: Logger;
  now?: () => Date;
}

/** The subscriber's push settings (spec §7.7) and the daily invoice reminders (issue 12 item 7). */
export function createNotificationService(deps: NotificationDeps) {
  const { db, limiter, log } = deps;
  const now = deps.now ?? (() => new Date());

  const view = (row: Pick<PushSubscriptionRow, 'invoiceRange'>): NotificationConfigResponse => ({
    notification_config: { invoice_range: row.invoiceRange },
    message: messages.notificationConfigSaved,
  });

  /** Sends one reminder unless this subscription had it already; a gone subscription is deleted. */
  async function remind(
    tenant: Tenant,
    sender: PushSender,
    subscription: PushSubscriptionRow,
    invoice: { id: string; openValue: number; dueDate: string },
    days: number,
  ): Promise<'sent' | 'skipped' | 'gone' | 'failed'> {
    const key = { subscriptionId: subscription.id, invoiceId: invoice.id, periodDays: days };
    if (!(await claimReminder(db, key))) return 'skipped';
    const outcome = await sender.send(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      {
        payload: JSON.stringify(reminderPayload(tenant, invoice, days)),
        topic: topicOf('fatura-', invoice.id),
        ttlSeconds: REMINDER_TTL_SECONDS,
        urgency: 'normal',
      },
    );
    if (outcome === 'gone') {
      await deleteSubscriptions(db, [subscription.id]);
      return 'gone';
    }
    if (outcome === 'failed') {
      // Not delivered: the claim goes, so that a run again today may try once more.
      await releaseReminder(db, key);
      return 'failed';
    }
    return 'sent';
  }

  return {
    async publicKey(): Promise<string> {
      return (await deps.push.sender()).publicKey;
    },

    /** POST /config/push-notification: this browser's subscription and period, for the session's customer. */
    async save(tenant: Tenant, session: CustomerSession, input: PushNotificationConfigBody) {
      const body = pushNotificationConfigBody.parse(input);
      const hit = await limiter.hit(
        `push-config:${tenant.id}:${session.erpCustomerId}`,
        CONFIG_SAVE_LIMIT.limit,
        CONFIG_SAVE_LIMIT.windowMs,
      );
      if (!hit.allowed)
        throw new AppError(429, 'RATE_LIMITED', undefined, { 'retry-after': String(hit.retryAfterSeconds) });
      const row = await saveSubscription(db, {
        tenantId: tenant.id,
        erpCustomerId: session.erpCustomerId,
        endpoint: body.subscription.endpoint,
        p256dh: body.subscription.keys.p256dh,
        auth: body.subscription.keys.auth,
        invoiceRange: body.invoiceRange,
      });
      log.info({ tenant: tenant.clientId, invoiceRange: row.invoiceRange }, 'push subscription saved');
      return view(row);
    },

    /**
     * GET /config/push-notification/{encoded subscription}: the saved period of this browser. Only the
     * tenant and customer that saved it see it, and only with its keys (the endpoint alone is not enough).
     */
    async find(
      tenant: Tenant,
      session: CustomerSession,
      encoded: string,
    ): Promise<NotificationConfigResponse> {
      let json: unknown;
      try {
        json = JSON.parse(encoded);
      } catch {
        throw new AppError(400, 'VALIDATION', messages.invalidRequest);
      }
      const subscription = pushSubscriptionSchema.safeParse(json);
      if (!subscription.success) throw new AppError(400, 'VALIDATION', messages.invalidRequest);
      const row = await findSubscription(db, subscription.data.endpoint);
      if (
        !row ||
        row.tenantId !== tenant.id ||
        row.erpCustomerId !== session.erpCustomerId ||
        row.auth !== subscription.data.keys.auth ||
        row.p256dh !== subscription.data.keys.p256dh
      )
        throw new AppError(404, 'PUSH_SUBSCRIPTION_NOT_FOUND');
      return view(row);
    },

    tenantsWithSubscriptions: () => tenantsWithSubscriptions(db),

    /**
     * One tenant's reminders of the day: each subscription whose period equals an open invoice's days to
     * its due date (São Paulo calendar) gets one push, never twice for the same invoice and period.
     */
    async remindTenant(tenantId: string) {
      const tenant = await deps.tenants.byId(tenantId);
      if (!tenant) return { sent: 0, failed: 0, gone: 0, customersFailed: 0 };
      const today = todayInSaoPaulo(now());
      const maxPeriod = Math.max(...notificationPeriods);
      const endDate = addDays(today, maxPeriod);
      const byCustomer = new Map<string, PushSubscriptionRow[]>();
      for (const row of await subscriptionsOfTenant(db, tenant.id)) {
        const list = byCustomer.get(row.erpCustomerId) ?? [];
        list.push(row);
        byCustomer.set(row.erpCustomerId, list);
      }
      const sender = await deps.push.sender();
      const totals = { sent: 0, failed: 0, gone: 0, customersFailed: 0 };
      const customers = [...byCustomer.entries()];
      async function worker() {
        for (let next = customers.shift(); next; next = customers.shift()) {
          const [customerId, subscriptions] = next;
          try {
            const rows = await listOpenInvoices(tenant!.ixc, customerId, endDate);
            for (const row of rows) {
              const invoice = toInvoice(row, today);
              if (!invoice || invoice.openValue <= 0) continue;
              const days = daysBetween(today, invoice.dueDate);
              for (const subscription of subscriptions) {
                if (subscription.invoiceRange !== days) continue;
                const outcome = await remind(tenant!, sender, subscription, invoice, days);
                if (outcome === 'sent') totals.sent++;
                else if (outcome === 'failed') totals.failed++;
                else if (outcome === 'gone') totals.gone++;
              }
            }
          } catch (err) {
            totals.customersFailed++;
            log.warn({ err, tenant: tenant!.clientId }, 'invoice reminders of a customer failed');
          }
        }
      }
      await Promise.all(Array.from({ length: REMINDER_CONCURRENCY }, worker));
      log.info({ tenant: tenant.clientId, ...totals }, 'invoice reminders sent');
      // The ERP failed for some customers: the job fails, so that pg-boss runs it again later today; the
      // reminders already sent are recorded and are not sent twice.
      if (totals.customersFailed > 0)
        throw new Error(`invoice reminders of ${totals.customersFailed} customers failed (ERP)`);
      return totals;
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
