import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryFlows } from '../../db/schema.ts';

export type RecoveryFlow = typeof recoveryFlows.$inferSelect;

export async function insertFlow(db: Db, row: typeof recoveryFlows.$inferInsert): Promise<RecoveryFlow> {
  const [created] = await db.insert(recoveryFlows).values(row).returning();
  if (!created) throw new Error('recovery flow insert returned no row');
  return created;
}

/** The live flow a step token points at: same tenant, same nonce, not finished, not expired. */
export async function findLiveFlow(db: Db, q: { id: string; tenantId: string; nonce: string }) {
  const rows = await db
    .select()
    .from(recoveryFlows)
    .where(
      and(
        eq(recoveryFlows.id, q.id),
        eq(recoveryFlows.tenantId, q.tenantId),
        eq(recoveryFlows.stepNonce, q.nonce),
        ne(recoveryFlows.stage, 'done'),
        gt(recoveryFlows.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Moves a flow on, but only if its nonce is still `expectedNonce`: of two requests that carry the
 * same step token, one wins and the other finds nothing (step tokens are single-use).
 */
export async function advanceFlow(
  db: Db,
  id: string,
  expectedNonce: string,
  set: Partial<
    Pick<RecoveryFlow, 'stage' | 'stepNonce' | 'mailIndex' | 'codeHash' | 'codeExpiresAt' | 'codeAttempts'>
  >,
): Promise<RecoveryFlow | undefined> {
  const [row] = await db
    .update(recoveryFlows)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(recoveryFlows.id, id), eq(recoveryFlows.stepNonce, expectedNonce)))
    .returning();
  return row;
}

/** Counts a wrong code; answers the attempts made so far. */
export async function countWrongCode(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(recoveryFlows)
    .set({ codeAttempts: sql`${recoveryFlows.codeAttempts} + 1`, updatedAt: new Date() })
    .where(eq(recoveryFlows.id, id))
    .returning({ attempts: recoveryFlows.codeAttempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

export async function voidCode(db: Db, id: string): Promise<void> {
  await db
    .update(recoveryFlows)
    .set({ codeHash: null, updatedAt: new Date() })
    .where(eq(recoveryFlows.id, id));
}

export async function purgeOldFlows(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM recovery_flows WHERE expires_at < now() - interval '1 day'`);
}
