import { isIPv4, isIPv6 } from 'node:net';
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
  /** The counter as it stands, without counting; `allowed` says whether one more hit would be. */
  peek(key: string, limit: number): Promise<RateLimitResult>;
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
    async peek(key, limit) {
      const result = (await db.execute(
        sql`SELECT count, reset_at FROM rate_limits WHERE key = ${key} AND reset_at > now()`,
      )) as unknown as { rows: { count: number; reset_at: string | Date }[] };
      const row = result.rows[0];
      if (!row) return { allowed: limit > 0, count: 0, retryAfterSeconds: 0 };
      const count = Number(row.count);
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000),
      );
      return { allowed: count < limit, count, retryAfterSeconds };
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
    async peek(key, limit) {
      const k = prefix + key;
      const [value, pttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      const count = Number(value ?? 0);
      return {
        allowed: count < limit,
        count,
        retryAfterSeconds: count > 0 ? Math.max(1, Math.ceil(pttl / 1000)) : 0,
      };
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

/**
 * The part of a client address that a limiter counts: IPv4 as is, an IPv4-mapped IPv6 address as its
 * IPv4, and IPv6 by its /64, since one subscriber line is usually given a whole /64 to rotate through.
 */
export function clientBucket(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address.toLowerCase());
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 split in two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1] && dotted[2]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[2].split('.').map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}
