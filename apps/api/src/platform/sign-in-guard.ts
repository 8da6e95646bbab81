import { rateLimited } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';

export type LimitRule = { limit: number; windowMs: number };

/** Counts one attempt against the rule; past its limit, a 429 with Retry-After. */
export async function limit(limiter: RateLimiter, key: string, rule: LimitRule) {
  const result = await limiter.hit(key, rule.limit, rule.windowMs);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
}

/**
 * The failure limits of a password sign-in: the failures of one account from one IP bucket, so that
 * someone who knows the account cannot lock its owner out from elsewhere, under a higher ceiling of the
 * account's failures over every IP.
 */
export function failureGuard(
  limiter: RateLimiter,
  keys: { failure: string; ceiling: string },
  rules: { failure: LimitRule; ceiling: LimitRule },
) {
  return {
    /**
     * Before the password is checked. The attempt is counted as a failure first, so that parallel
     * guesses cannot all slip under the limit; `succeeded` resets it, so only failures remain.
     */
    async check() {
      await limit(limiter, keys.failure, rules.failure);
      const ceiling = await limiter.peek(keys.ceiling, rules.ceiling.limit);
      if (!ceiling.allowed) throw rateLimited(ceiling.retryAfterSeconds);
    },
    async failed() {
      await limiter.hit(keys.ceiling, rules.ceiling.limit, rules.ceiling.windowMs);
    },
    async succeeded() {
      await limiter.reset(keys.failure);
    },
  };
}
