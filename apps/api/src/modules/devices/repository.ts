import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wifiChanges } from '../../db/schema.ts';

export type WifiChangeRow = typeof wifiChanges.$inferSelect;
export type WifiChangeStatus = WifiChangeRow['status'];

export async function insertWifiChange(db: Db, row: typeof wifiChanges.$inferInsert): Promise<WifiChangeRow> {
  const [created] = await db.insert(wifiChanges).values(row).returning();
  if (!created) throw new Error('wifi change insert returned no row');
  return created;
}

/** A customer's changes still waiting for their devices, oldest first. */
export function pendingForCustomer(
  db: Db,
  tenantId: string,
  erpCustomerId: string,
): Promise<WifiChangeRow[]> {
  return db
    .select()
    .from(wifiChanges)
    .where(
      and(
        eq(wifiChanges.tenantId, tenantId),
        eq(wifiChanges.erpCustomerId, erpCustomerId),
        eq(wifiChanges.status, 'pending'),
      ),
    )
    .orderBy(asc(wifiChanges.createdAt));
}

/** Pending changes of every tenant, oldest first, for the job that follows their ACS tasks. */
export function pendingChanges(db: Db, limit: number): Promise<WifiChangeRow[]> {
  return db
    .select()
    .from(wifiChanges)
    .where(eq(wifiChanges.status, 'pending'))
    .orderBy(asc(wifiChanges.createdAt))
    .limit(limit);
}

/** Settles pending changes; a change already settled (by another run) is left as it is. */
export async function settleWifiChanges(
  db: Db,
  ids: string[],
  status: Exclude<WifiChangeStatus, 'pending'>,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(wifiChanges)
    .set({ status, settledAt: sql`now()` })
    .where(and(inArray(wifiChanges.id, ids), eq(wifiChanges.status, 'pending')))
    .returning({ id: wifiChanges.id });
  return rows.length;
}

/** Pending changes past their expiry become expired. */
export async function expireWifiChanges(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(wifiChanges)
    .set({ status: 'expired', settledAt: now })
    .where(and(eq(wifiChanges.status, 'pending'), lte(wifiChanges.expiresAt, now)))
    .returning({ id: wifiChanges.id });
  return rows.length;
}
