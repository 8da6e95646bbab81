import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  adminAudit,
  adminUsers,
  providerCredentials,
  sessions,
  tenantBranding,
  tenants,
} from '../../db/schema.ts';

export type AdminUserRow = typeof adminUsers.$inferSelect;
export type AuditAction = 'create' | 'edit' | 'suspend' | 'reactivate' | 'provider_password';

export async function findAdminByEmail(db: Db, email: string): Promise<AdminUserRow | undefined> {
  const rows = await db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
  return rows[0];
}

/** A re-hash of the same password, only while `from` is still stored: a password changed meanwhile is kept. */
export async function rehashAdminPassword(db: Db, id: string, hash: { from: string; to: string }) {
  await db
    .update(adminUsers)
    .set({ passwordHash: hash.to })
    .where(and(eq(adminUsers.id, id), eq(adminUsers.passwordHash, hash.from)));
}

export async function findAdminById(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const rows = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return rows[0];
}

export async function sessionExpiry(db: Db, sessionId: string): Promise<Date | undefined> {
  const rows = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return rows[0]?.expiresAt;
}

/** `%` and `_` typed by the admin are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The providers, by client id; `search` narrows to client ids or aliases that contain it, any case. */
export async function listTenants(db: Db, search: string | undefined) {
  const pattern = search ? likePattern(search) : undefined;
  return db
    .select({
      clientId: tenants.clientId,
      alias: tenants.alias,
      suspendedAt: tenants.suspendedAt,
      createdAt: tenants.createdAt,
      primaryColor: tenantBranding.primaryColor,
      verticalLogoUrl: tenantBranding.verticalLogoUrl,
    })
    .from(tenants)
    .innerJoin(tenantBranding, eq(tenantBranding.tenantId, tenants.id))
    .where(pattern ? or(ilike(tenants.clientId, pattern), ilike(tenants.alias, pattern)) : undefined)
    .orderBy(asc(tenants.clientId))
    .limit(1000);
}

/**
 * Serialises the creations of one client id until the transaction ends: two admins saving the same new
 * id at once must not both pass the "is it taken" check (saveTenant would let the second replace the first).
 */
export async function lockClientId(tx: Db, clientId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tenant:${clientId}`}))`);
}

export async function setSuspended(tx: Db, tenantId: string, suspendedAt: Date | null): Promise<void> {
  await tx.update(tenants).set({ suspendedAt, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
}

export async function hasProviderCredential(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db
    .select({ tenantId: providerCredentials.tenantId })
    .from(providerCredentials)
    .where(eq(providerCredentials.tenantId, tenantId))
    .limit(1);
  return rows.length > 0;
}

export async function saveProviderCredential(tx: Db, tenantId: string, passwordHash: string): Promise<void> {
  await tx
    .insert(providerCredentials)
    .values({ tenantId, passwordHash })
    .onConflictDoUpdate({
      target: providerCredentials.tenantId,
      set: { passwordHash, updatedAt: new Date() },
    });
}

export async function insertAudit(
  tx: Db,
  entry: { tenantId: string; adminId: string; adminLabel: string; action: AuditAction; fields: string[] },
): Promise<void> {
  await tx.insert(adminAudit).values(entry);
}

export async function listAudit(db: Db, tenantId: string) {
  return db
    .select({
      at: adminAudit.at,
      adminLabel: adminAudit.adminLabel,
      action: adminAudit.action,
      fields: adminAudit.fields,
    })
    .from(adminAudit)
    .where(eq(adminAudit.tenantId, tenantId))
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(500);
}
