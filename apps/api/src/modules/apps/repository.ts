import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appActivations } from '../../db/schema.ts';

export type ActivationRow = typeof appActivations.$inferSelect;

export interface ActivationKey {
  tenantId: string;
  appId: string;
  erpCustomerId: string;
  contractId: string;
}

/** The unique key of an activation: one per subscriber, contract and app. */
const subscriberApp = [
  appActivations.tenantId,
  appActivations.erpCustomerId,
  appActivations.contractId,
  appActivations.appId,
];

const byKey = (k: ActivationKey) =>
  and(
    eq(appActivations.tenantId, k.tenantId),
    eq(appActivations.appId, k.appId),
    eq(appActivations.erpCustomerId, k.erpCustomerId),
    eq(appActivations.contractId, k.contractId),
  );

/** Every activation of a subscriber, on any contract. */
export function activationsOf(db: Db, tenantId: string, erpCustomerId: string): Promise<ActivationRow[]> {
  return db
    .select()
    .from(appActivations)
    .where(and(eq(appActivations.tenantId, tenantId), eq(appActivations.erpCustomerId, erpCustomerId)));
}

export async function findActivation(db: Db, key: ActivationKey): Promise<ActivationRow | undefined> {
  const rows = await db.select().from(appActivations).where(byKey(key)).limit(1);
  return rows[0];
}

/**
 * Takes the right to activate: a new pending row, or a pending one whose claim is older than
 * `staleBefore` (its outcome unknown). Null when another request holds a fresh claim or the app is
 * already active: the caller reads the row to tell which.
 */
export async function claimActivation(
  db: Db,
  key: ActivationKey & { method: string },
  staleBefore: Date,
): Promise<ActivationRow | null> {
  const now = new Date();
  const rows = await db
    .insert(appActivations)
    .values({ ...key, status: 'pending', claimedAt: now })
    .onConflictDoUpdate({
      target: subscriberApp,
      set: { claimedAt: now, method: key.method, updatedAt: now },
      setWhere: and(eq(appActivations.status, 'pending'), lt(appActivations.claimedAt, staleBefore)),
    })
    .returning();
  return rows[0] ?? null;
}

export async function markActive(db: Db, id: string, login: string | null): Promise<void> {
  await db
    .update(appActivations)
    .set({ status: 'active', login, updatedAt: new Date() })
    .where(eq(appActivations.id, id));
}

/** Records an activation the other side already had (a partner's existing subscriber, a product held). */
export async function upsertActive(
  db: Db,
  key: ActivationKey & { method: string },
  login: string | null,
): Promise<void> {
  const now = new Date();
  await db
    .insert(appActivations)
    .values({ ...key, status: 'active', login, claimedAt: now })
    .onConflictDoUpdate({
      target: subscriberApp,
      set: { status: 'active', login, updatedAt: now },
    });
}

/** Gives a claim back after a definite failure, so that the next attempt may start at once. */
export async function releaseClaim(db: Db, id: string): Promise<void> {
  await db.delete(appActivations).where(and(eq(appActivations.id, id), eq(appActivations.status, 'pending')));
}
