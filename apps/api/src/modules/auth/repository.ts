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
