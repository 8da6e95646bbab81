import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters shared by every API process (PostgreSQL/PGlite, or Redis when configured). */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export function dbRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const result = (await db.execute(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now()
            THEN now() + make_interval(secs => ${windowMs / 1000}) ELSE rate_limits.reset_at END
        RETURNING count, reset_at`)) as unknown as { rows: { count: number; reset_at: string | Date }[] };
      const row = result.rows[0];
      if (!row) throw new Error('rate limit upsert returned no row');
      const count = Number(row.count);
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000),
      );
      return { allowed: count <= limit, count, retryAfterSeconds };
    },
    async reset(key) {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'central:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const replies = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(replies?.[0]?.[1]);
      const pttl = Number(replies?.[2]?.[1]);
      return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(pttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** Deletes windows that ended; run by a scheduled job. */
export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at <= now()`);
}
