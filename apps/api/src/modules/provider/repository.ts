import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerCredentials, providerCredentials, providerNotifications } from '../../db/schema.ts';

export async function findProviderCredential(db: Db, tenantId: string) {
  const rows = await db
    .select({ passwordHash: providerCredentials.passwordHash })
    .from(providerCredentials)
    .where(eq(providerCredentials.tenantId, tenantId))
    .limit(1);
  return rows[0];
}

/** A re-hash of the same password, only while `from` is still stored: a password changed meanwhile is kept. */
export async function rehashProviderCredential(db: Db, tenantId: string, hash: { from: string; to: string }) {
  await db
    .update(providerCredentials)
    .set({ passwordHash: hash.to })
    .where(and(eq(providerCredentials.tenantId, tenantId), eq(providerCredentials.passwordHash, hash.from)));
}

/** The provider's subscribers registered in the portal: those with a portal password. */
export async function countRegisteredSubscribers(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customerCredentials)
    .where(eq(customerCredentials.tenantId, tenantId));
  return Number(row?.n ?? 0);
}

export function latestNotifications(db: Db, tenantId: string, limit: number) {
  return db
    .select()
    .from(providerNotifications)
    .where(eq(providerNotifications.tenantId, tenantId))
    .orderBy(desc(providerNotifications.createdAt), desc(providerNotifications.id))
    .limit(limit);
}
