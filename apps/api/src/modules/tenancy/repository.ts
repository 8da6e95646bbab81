import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema.ts';

export type TenantRow = typeof tenants.$inferSelect;
export type NewTenantRow = typeof tenants.$inferInsert;

export async function findTenantByClientId(db: Db, clientId: string): Promise<TenantRow | undefined> {
  const rows = await db.select().from(tenants).where(eq(tenants.clientId, clientId)).limit(1);
  return rows[0];
}

export async function findTenantById(db: Db, id: string): Promise<TenantRow | undefined> {
  const rows = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return rows[0];
}

export async function insertTenant(db: Db, row: NewTenantRow): Promise<TenantRow> {
  const [created] = await db.insert(tenants).values(row).returning();
  if (!created) throw new Error('tenant insert returned no row');
  return created;
}

export async function upsertTenant(db: Db, row: NewTenantRow): Promise<TenantRow> {
  const { clientId: _clientId, ...rest } = row;
  const [saved] = await db
    .insert(tenants)
    .values(row)
    .onConflictDoUpdate({ target: tenants.clientId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  if (!saved) throw new Error('tenant upsert returned no row');
  return saved;
}
