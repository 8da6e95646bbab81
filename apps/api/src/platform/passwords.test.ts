import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { OWASP_ARGON2, paramsOf } from '../../test/argon2-params.ts';
import { AppError } from './errors.ts';
import { createGate, createPasswords, hashPassword, needsRehash } from './passwords.ts';

/** A promise and its resolver, to hold a gate slot for as long as a test needs. */
function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('password hashing (OWASP_ARGON2 argon2id)', () => {
  it('makes argon2id hashes with m=19456, t=2, p=1', async () => {
    const hash = await hashPassword('senha123');
    expect(paramsOf(hash)).toEqual(OWASP_ARGON2);
    expect(await argon2.verify(hash, 'senha123')).toBe(true);
    expect(needsRehash(hash)).toBe(false);
  });

  it('reads older parameters from the encoded hash', async () => {
    const libraryDefaults = await argon2.hash('senha123', { type: argon2.argon2id });
    expect(paramsOf(libraryDefaults)).toEqual({ type: 'argon2id', m: 65_536, t: 3, p: 4 });
    expect(needsRehash(libraryDefaults)).toBe(true);
    const argon2i = await argon2.hash('senha123', {
      type: argon2.argon2i,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(needsRehash(argon2i)).toBe(true);
  });

  it('re-hashes only an older hash, with the same password', async () => {
    const passwords = createPasswords({ concurrency: 1, maxQueue: 4 });
    expect(await passwords.rehash(await hashPassword('senha123'), 'senha123')).toBeNull();
    const old = await argon2.hash('senha123', { type: argon2.argon2id, memoryCost: 8192, timeCost: 3 });
    const fresh = await passwords.rehash(old, 'senha123');
    expect(paramsOf(fresh ?? '')).toEqual(OWASP_ARGON2);
    expect(await argon2.verify(fresh ?? '', 'senha123')).toBe(true);
  });
});

describe('the hashing gate', () => {
  it('runs at most `concurrency` tasks, queues `maxQueue`, and refuses the rest at once', async () => {
    const gate = createGate({ concurrency: 2, maxQueue: 3 });
    const holds = Array.from({ length: 5 }, held);
    let started = 0;
    const runs = holds.map((h) =>
      gate.run(async () => {
        started++;
        await h.promise;
      }),
    );
    await Promise.resolve();
    expect(gate.inFlight).toBe(2);
    expect(gate.queued).toBe(3);
    expect(started).toBe(2);

    const refused = await gate.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'BUSY', headers: { 'retry-after': '2' } });

    holds[0]?.release();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(gate.inFlight).toBe(2);
    expect(gate.queued).toBe(2);
    expect(started).toBe(3);

    for (const h of holds) h.release();
    await Promise.all(runs);
    expect(gate.inFlight).toBe(0);
    expect(gate.queued).toBe(0);
    expect(started).toBe(5);
  });

  it('frees its slot when a task fails', async () => {
    const gate = createGate({ concurrency: 1, maxQueue: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.inFlight).toBe(0);
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });

  it('bounds real argon2 work: never more than `concurrency` hashes in flight', async () => {
    const passwords = createPasswords({ concurrency: 2, maxQueue: 10 });
    let peak = 0;
    let sampling = true;
    const sample = (async () => {
      while (sampling) {
        peak = Math.max(peak, passwords.gate.inFlight);
        expect(passwords.gate.inFlight).toBeLessThanOrEqual(2);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => passwords.hash(`senha-${i}`)));
    sampling = false;
    await sample;
    expect(peak).toBe(2);
    expect(hashes.map(paramsOf)).toEqual(hashes.map(() => OWASP_ARGON2));
  });
});
