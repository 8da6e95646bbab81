import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { downloadTokens } from '../../db/schema.ts';

const TOKEN_TTL_MS = 2 * 60_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

type Kind = (typeof downloadTokens.$inferInsert)['kind'];

/** A single-use download token for one file of one customer; only its hash is stored. */
export async function issueDownloadToken(
  db: Db,
  t: { tenantId: string; erpCustomerId: string; kind: Kind; ref: string },
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insert(downloadTokens)
    .values({ ...t, tokenHash: hash(token), expiresAt: new Date(Date.now() + TOKEN_TTL_MS) });
  return token;
}

/** Spends a token: answers what it was for, once, if it is the tenant's and customer's and not expired. */
export async function spendDownloadToken(
  db: Db,
  t: { token: string; tenantId: string; erpCustomerId: string; kind: Kind },
): Promise<string | null> {
  const [row] = await db
    .update(downloadTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(downloadTokens.tokenHash, hash(t.token)),
        eq(downloadTokens.tenantId, t.tenantId),
        eq(downloadTokens.erpCustomerId, t.erpCustomerId),
        eq(downloadTokens.kind, t.kind),
        isNull(downloadTokens.usedAt),
        gt(downloadTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ ref: downloadTokens.ref });
  return row?.ref ?? null;
}

export async function purgeDownloadTokens(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM download_tokens WHERE expires_at < now() - interval '1 hour'`);
}
