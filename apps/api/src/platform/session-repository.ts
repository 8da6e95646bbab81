import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type Role = SessionRow['role'];

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [created] = await db.insert(sessions).values(row).returning();
  if (!created) throw new Error('session insert returned no row');
  return created;
}

export async function findLiveSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0];
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

/** Ends every live session of a subject, but `exceptId` (the one making the change). */
export async function revokeSubjectSessions(
  db: Db,
  q: { tenantId: string; role: Role; subject: string; exceptId?: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tenantId, q.tenantId),
        eq(sessions.role, q.role),
        eq(sessions.subject, q.subject),
        isNull(sessions.revokedAt),
        q.exceptId ? ne(sessions.id, q.exceptId) : undefined,
      ),
    );
}

export async function purgeDeadSessions(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM sessions WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
  );
}
