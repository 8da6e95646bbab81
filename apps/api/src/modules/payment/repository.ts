import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, savedCards } from '../../db/schema.ts';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

const live = (tenantId: string, erpCustomerId: string) =>
  and(
    eq(savedCards.tenantId, tenantId),
    eq(savedCards.erpCustomerId, erpCustomerId),
    isNull(savedCards.deletedAt),
  );

export function listCards(db: Db, tenantId: string, erpCustomerId: string): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(live(tenantId, erpCustomerId))
    .orderBy(desc(savedCards.createdAt));
}

export async function findCard(db: Db, tenantId: string, erpCustomerId: string, id: string) {
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(live(tenantId, erpCustomerId), eq(savedCards.id, id)))
    .limit(1);
  return rows[0];
}

export async function findCardByFingerprint(
  db: Db,
  tenantId: string,
  erpCustomerId: string,
  fingerprint: string,
) {
  const rows = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(live(tenantId, erpCustomerId), eq(savedCards.fingerprint, fingerprint)))
    .limit(1);
  return rows[0];
}

export async function insertCard(db: Db, row: typeof savedCards.$inferInsert): Promise<SavedCardRow> {
  const [created] = await db.insert(savedCards).values(row).returning();
  if (!created) throw new Error('card insert returned no row');
  return created;
}

export async function deleteCard(
  db: Db,
  tenantId: string,
  erpCustomerId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(savedCards)
    .set({ deletedAt: new Date() })
    .where(and(live(tenantId, erpCustomerId), eq(savedCards.id, id)))
    .returning({ id: savedCards.id });
  return rows.length > 0;
}

/** Inserts a pending payment unless the invoice already has a pending or paid one (then undefined). */
export async function insertPendingPayment(
  db: Db,
  row: typeof payments.$inferInsert,
): Promise<PaymentRow | undefined> {
  const [created] = await db.insert(payments).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findLivePayment(
  db: Db,
  tenantId: string,
  invoiceId: string,
): Promise<PaymentRow | undefined> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.invoiceId, invoiceId),
        inArray(payments.status, ['pending', 'unknown', 'paid']),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function updatePayment(db: Db, id: string, set: Partial<PaymentRow>): Promise<void> {
  await db
    .update(payments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/** Paid payments that the ERP has not settled yet, older than `olderThanMs`, not left for staff. */
export function unsettledPayments(db: Db, olderThanMs: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'paid'),
        isNull(payments.settledAt),
        isNull(payments.attentionAt),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .limit(100);
}

/**
 * Payments to look up at the gateway: unknown ones whose next lookup is due, and pending ones older
 * than `stalePendingMs` (their process died mid-sale).
 */
export function paymentsToReconcile(db: Db, stalePendingMs: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      or(
        and(eq(payments.status, 'unknown'), lte(payments.nextCheckAt, sql`now()`)),
        and(
          eq(payments.status, 'pending'),
          lt(payments.updatedAt, sql`now() - make_interval(secs => ${stalePendingMs / 1000})`),
        ),
      ),
    )
    .limit(100);
}
