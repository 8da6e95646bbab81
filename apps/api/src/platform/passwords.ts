import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { AppError } from './errors.ts';

/**
 * OWASP's argon2id parameters (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. The library's
 * defaults (64 MiB, t=3, p=4) cost about 3.5 times as much per sign-in for no agreed gain.
 */
export const PASSWORD_HASH_PARAMS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** A hash with the current parameters, outside any limit: for the seed, the CLI and tests. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_PARAMS);
}

/** Whether a stored hash was made with other parameters (read from the encoded hash) than today's. */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(hash, PASSWORD_HASH_PARAMS);
  } catch {
    return false;
  }
}

export const busy = () => new AppError(503, 'BUSY', undefined, { 'retry-after': '2' });

/**
 * At most `concurrency` tasks at once, the next `maxQueue` waiting in order; past that, `run` refuses at
 * once with a 503 (BUSY) instead of piling work up, so a sign-in storm cannot take every core.
 */
export function createGate(o: { concurrency: number; maxQueue: number }) {
  let inFlight = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  }

  const full = () => inFlight >= o.concurrency && waiting.length >= o.maxQueue;

  return {
    /** Refuses now if `run` would: a request checks before it counts attempts or touches the database. */
    admit() {
      if (full()) throw busy();
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (inFlight < o.concurrency) inFlight++;
      else if (full()) throw busy();
      // The slot is handed over by `release`, so `inFlight` stays as it is.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    concurrency: o.concurrency,
    get inFlight() {
      return inFlight;
    },
    get queued() {
      return waiting.length;
    },
  };
}
export type Gate = ReturnType<typeof createGate>;

/**
 * Password hashing and verification for requests, bounded by one gate per process (argon2 runs on
 * libuv's threads, which share the cores with the event loop).
 */
export function createPasswords(o: { concurrency: number; maxQueue: number }) {
  const gate = createGate(o);
  // An unknown account costs as much as a wrong password; made on first use.
  let dummyHash: Promise<string> | undefined;

  return {
    gate,
    /**
     * Before a sign-in counts its attempt: a full queue answers 503 without counting it as a failure.
     * (A queue that fills during the sign-in's own queries still refuses, then counted.)
     */
    admit: () => gate.admit(),
    hash: (password: string) => gate.run(() => hashPassword(password)),

    /** The password against the stored hash, or against a dummy one of the same cost when there is none. */
    verify: (stored: string | undefined, password: string) =>
      gate.run(async () => {
        dummyHash ??= hashPassword(randomUUID());
        return argon2.verify(stored ?? (await dummyHash), password);
      }),

    /**
     * After a verified password: a hash of it with today's parameters when `stored` has older ones, else
     * null. The caller replaces `stored` only if it is still the stored hash. A full queue skips it: the
     * next sign-in tries again.
     */
    async rehash(stored: string, password: string): Promise<string | null> {
      if (!needsRehash(stored)) return null;
      try {
        return await gate.run(() => hashPassword(password));
      } catch (error) {
        if (error instanceof AppError && error.code === 'BUSY') return null;
        throw error;
      }
    },
  };
}
export type Passwords = ReturnType<typeof createPasswords>;
