import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type deliveryStatuses,
  invoiceReminders,
  notificationDeliveries,
  providerNotifications,
  pushSubscriptions,
} from '../../db/schema.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** A browser keeps one subscription; a subscriber may have this many browsers before the oldest goes. */
export const SUBSCRIPTIONS_PER_CUSTOMER = 10;

/**
 * Saves a browser's subscription for the session's customer. The endpoint is the browser's: saved again
 * under another customer (someone else signed in on that phone), it moves to that customer.
 */
export async function saveSubscription(
  db: Db,
  row: Pick<
    PushSubscriptionRow,
    'tenantId' | 'erpCustomerId' | 'endpoint' | 'p256dh' | 'auth' | 'invoiceRange'
  >,
): Promise<PushSubscriptionRow> {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        tenantId: row.tenantId,
        erpCustomerId: row.erpCustomerId,
        p256dh: row.p256dh,
        auth: row.auth,
        invoiceRange: row.invoiceRange,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!saved) throw new Error('push subscription upsert returned no row');
  // The oldest browsers beyond the limit are forgotten.
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.tenantId, row.tenantId),
        eq(pushSubscriptions.erpCustomerId, row.erpCustomerId),
      ),
    )
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(SUBSCRIPTIONS_PER_CUSTOMER);
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.tenantId, row.tenantId),
        eq(pushSubscriptions.erpCustomerId, row.erpCustomerId),
        sql`${pushSubscriptions.id} NOT IN ${kept}`,
      ),
    );
  return saved;
}

export async function findSubscription(db: Db, endpoint: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .limit(1);
  return row;
}

export async function deleteSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** Tenants with at least one subscription, not suspended. */
export async function tenantsWithSubscriptions(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`SELECT DISTINCT s.tenant_id AS id FROM push_subscriptions s
        JOIN tenants t ON t.id = s.tenant_id WHERE t.suspended_at IS NULL`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

export function subscriptionsOfTenant(db: Db, tenantId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.tenantId, tenantId))
    .orderBy(pushSubscriptions.erpCustomerId, pushSubscriptions.id);
}

/** Takes the right to remind this subscription of this invoice for this period: false when it was taken. */
export async function claimReminder(
  db: Db,
  key: { subscriptionId: string; invoiceId: string; periodDays: number },
): Promise<boolean> {
  const rows = await db.insert(invoiceReminders).values(key).onConflictDoNothing().returning();
  return rows.length === 1;
}

export async function releaseReminder(
  db: Db,
  key: { subscriptionId: string; invoiceId: string; periodDays: number },
): Promise<void> {
  await db
    .delete(invoiceReminders)
    .where(
      and(
        eq(invoiceReminders.subscriptionId, key.subscriptionId),
        eq(invoiceReminders.invoiceId, key.invoiceId),
        eq(invoiceReminders.periodDays, key.periodDays),
      ),
    );
}

/**
 * A provider notification and one pending delivery per subscription of its tenant, numbered into batches
 * of `batchSize`, in one transaction: either the whole broadcast exists or none of it.
 */
export async function createBroadcast(
  db: Db,
  input: { tenantId: string; title: string; message: string; recipients: number; batchSize: number },
): Promise<{ id: string; subscriptions: number; batches: number }> {
  return db.transaction(async (tx) => {
    const [notification] = await tx
      .insert(providerNotifications)
      .values({
        tenantId: input.tenantId,
        title: input.title,
        message: input.message,
        recipients: input.recipients,
      })
      .returning({ id: providerNotifications.id });
    if (!notification) throw new Error('provider notification insert returned no row');
    // Counted in the database: a broadcast to 100,000 browsers must not bring 100,000 rows back.
    const inserted = (await tx.execute(sql`
      WITH made AS (
        INSERT INTO notification_deliveries (notification_id, subscription_id, batch)
        SELECT ${notification.id}::uuid, id, ((row_number() OVER (ORDER BY id)) - 1) / ${input.batchSize}
        FROM push_subscriptions WHERE tenant_id = ${input.tenantId}::uuid
        RETURNING 1
      ) SELECT count(*)::int AS n FROM made`)) as unknown as { rows: { n: number }[] };
    const subscriptions = Number(inserted.rows[0]?.n ?? 0);
    await tx
      .update(providerNotifications)
      .set({ subscriptions, ...(subscriptions === 0 ? { finishedAt: sql`now()` } : {}) })
      .where(eq(providerNotifications.id, notification.id));
    return { id: notification.id, subscriptions, batches: Math.ceil(subscriptions / input.batchSize) };
  });
}

export async function findNotification(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(providerNotifications)
    .where(eq(providerNotifications.id, id))
    .limit(1);
  return row;
}

export interface DeliveryTarget {
  subscriptionId: string;
  /** null when the subscription was deleted after the notification was made. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** The deliveries of one batch not yet recorded. */
export async function pendingDeliveries(
  db: Db,
  notificationId: string,
  batch: number,
): Promise<DeliveryTarget[]> {
  return db
    .select({
      subscriptionId: notificationDeliveries.subscriptionId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(notificationDeliveries)
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, notificationDeliveries.subscriptionId))
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.batch, batch),
        eq(notificationDeliveries.status, 'pending'),
      ),
    );
}

/** Records the outcome of sends, in one statement. */
export async function recordDeliveries(
  db: Db,
  notificationId: string,
  outcomes: { subscriptionId: string; status: Exclude<DeliveryStatus, 'pending'> }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map((o) => sql`(${o.subscriptionId}::uuid, ${o.status})`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE notification_deliveries AS d
    SET status = v.status, attempts = d.attempts + 1, settled_at = now()
    FROM (VALUES ${values}) AS v(subscription_id, status)
    WHERE d.notification_id = ${notificationId}::uuid AND d.subscription_id = v.subscription_id`);
}

/** Marks the notification finished once no delivery is pending (idempotent). */
export async function finishIfDone(db: Db, notificationId: string): Promise<boolean> {
  const rows = await db
    .update(providerNotifications)
    .set({ finishedAt: sql`now()` })
    .where(
      and(
        eq(providerNotifications.id, notificationId),
        isNull(providerNotifications.finishedAt),
        sql`NOT EXISTS (SELECT 1 FROM notification_deliveries d
              WHERE d.notification_id = ${notificationId}::uuid AND d.status = 'pending')`,
      ),
    )
    .returning({ id: providerNotifications.id });
  return rows.length === 1;
}

/** Broadcasts still sending that were made before `before`, with their batch count. */
export async function unfinishedBroadcasts(db: Db, before: Date) {
  const result = (await db.execute(sql`
    SELECT n.id, COALESCE(MAX(d.batch), -1) + 1 AS batches
    FROM provider_notifications n
    LEFT JOIN notification_deliveries d ON d.notification_id = n.id
    WHERE n.finished_at IS NULL AND n.created_at < ${before.toISOString()}::timestamptz
    GROUP BY n.id`)) as unknown as { rows: { id: string; batches: number | string }[] };
  return result.rows.map((r) => ({ id: r.id, batches: Number(r.batches) }));
}

export type DeliveryCounts = Record<Exclude<DeliveryStatus, 'pending'>, number>;

/** Delivered, failed and removed counts of each notification. */
export async function deliveryCounts(
  db: Db,
  notificationIds: string[],
): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map<string, DeliveryCounts>();
  if (notificationIds.length === 0) return counts;
  const rows = await db
    .select({
      id: notificationDeliveries.notificationId,
      status: notificationDeliveries.status,
      n: sql<number>`count(*)::int`,
    })
    .from(notificationDeliveries)
    .where(inArray(notificationDeliveries.notificationId, notificationIds))
    .groupBy(notificationDeliveries.notificationId, notificationDeliveries.status);
  for (const row of rows) {
    const entry = counts.get(row.id) ?? { delivered: 0, failed: 0, removed: 0 };
    if (row.status !== 'pending') entry[row.status] = Number(row.n);
    counts.set(row.id, entry);
  }
  return counts;
}

/** Reminder records of subscriptions' invoices older than `before` are no longer needed. */
export async function purgeReminders(db: Db, before: Date): Promise<void> {
  await db.delete(invoiceReminders).where(lt(invoiceReminders.sentAt, before));
}
