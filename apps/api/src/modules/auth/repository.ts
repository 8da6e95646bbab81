import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerCredentials } from '../../db/schema.ts';

export async function findCredential(db: Db, tenantId: string, document: string) {
  const rows = await db
    .select()
    .from(customerCredentials)
    .where(and(eq(customerCredentials.tenantId, tenantId), eq(customerCredentials.document, document)))
    .limit(1);
  return rows[0];
}

export async function saveCredential(db: Db, tenantId: string, document: string, passwordHash: string) {
  await db
    .insert(customerCredentials)
    .values({ tenantId, document, passwordHash })
    .onConflictDoUpdate({
      target: [customerCredentials.tenantId, customerCredentials.document],
      set: { passwordHash, updatedAt: new Date() },
    });
}

/**
 * Replaces a hash by a new one of the same password (today's parameters), only while `from` is still the
 * stored hash: a password changed meanwhile is kept. `updatedAt` stays, as the password did not change
 * (it names the credential's version in the sign-in failure counters).
 */
export async function rehashCredential(db: Db, id: string, hash: { from: string; to: string }) {
  await db
    .update(customerCredentials)
    .set({ passwordHash: hash.to })
    .where(and(eq(customerCredentials.id, id), eq(customerCredentials.passwordHash, hash.from)));
}
