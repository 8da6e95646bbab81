import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAudit, adminUsers, tenantApps, tenants } from '../../db/schema.ts';

export type TenantAppRow = typeof tenantApps.$inferSelect;
/** What the app form sets; the tenant, id and timestamps are the repository's. */
export type TenantAppValues = Omit<
  typeof tenantApps.$inferInsert,
  'id' | 'tenantId' | 'createdAt' | 'updatedAt'
>;

/** A provider by client id, suspended ones included: the back office still configures them. */
export async function findTenantByClientId(db: Db, clientId: string) {
  const rows = await db
    .select({ id: tenants.id, clientId: tenants.clientId })
    .from(tenants)
    .where(eq(tenants.clientId, clientId))
    .limit(1);
  return rows[0];
}

export async function findAdminUser(db: Db, id: string) {
  const rows = await db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .limit(1);
  return rows[0];
}

export function listApps(db: Db, tenantId: string): Promise<TenantAppRow[]> {
  return db
    .select()
    .from(tenantApps)
    .where(eq(tenantApps.tenantId, tenantId))
    .orderBy(asc(tenantApps.createdAt), asc(tenantApps.name));
}

/** One app of one tenant; `lock` holds the row until the transaction ends (an edit reads, then writes). */
export async function findApp(
  db: Db,
  tenantId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<TenantAppRow | undefined> {
  const query = db
    .select()
    .from(tenantApps)
    .where(and(eq(tenantApps.tenantId, tenantId), eq(tenantApps.id, id)))
    .limit(1);
  const rows = opts.lock ? await query.for('update') : await query;
  return rows[0];
}

export async function insertApp(db: Db, tenantId: string, values: TenantAppValues): Promise<TenantAppRow> {
  const [created] = await db
    .insert(tenantApps)
    .values({ ...values, tenantId })
    .returning();
  if (!created) throw new Error('tenant app insert returned no row');
  return created;
}

export async function updateApp(
  db: Db,
  tenantId: string,
  id: string,
  values: TenantAppValues,
): Promise<TenantAppRow | undefined> {
  const [updated] = await db
    .update(tenantApps)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tenantApps.tenantId, tenantId), eq(tenantApps.id, id)))
    .returning();
  return updated;
}

export async function deleteApp(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(tenantApps)
    .where(and(eq(tenantApps.tenantId, tenantId), eq(tenantApps.id, id)))
    .returning({ id: tenantApps.id });
  return rows.length > 0;
}

export async function insertAudit(db: Db, row: typeof adminAudit.$inferInsert): Promise<void> {
  await db.insert(adminAudit).values(row);
}
