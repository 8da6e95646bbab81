// Sign-in capacity (issue #14 item 7): subscriber sign-ins per second, driven hard enough to keep the
// password hashing gate busy, against bare argon2 verifications per second with the same parameters and
// the same number of threads, in the same run (target ≥ 0.9); and the p99 of another route, the
// session check at a constant rate, alone and during the burst (target < 50 ms).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { hashPassword } from '../apps/api/src/platform/passwords.ts';
import { startHarness, TEST_PASSWORD } from '../apps/api/test/harness.ts';
import { load, saveResult } from './lib.ts';

const PROBE_RATE = 50;

/** argon2 verifications per second with `threads` running at once, for `seconds`. */
async function bareVerifies(hash: string, password: string, threads: number, seconds: number) {
  let done = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (performance.now() < end) {
        await argon2.verify(hash, password);
        done++;
      }
    }),
  );
  return +(done / ((performance.now() - started) / 1000)).toFixed(1);
}

export async function benchSignIn(seconds: number) {
  const concurrency = process.env.PASSWORD_HASH_CONCURRENCY;
  // TRUST_PROXY=1: each sign-in comes from its own address, as a morning's subscribers do, so that the
  // per-IP attempt limit (300 in 15 minutes) does not end the run.
  const h = await startHarness({
    logLevel: 'warn',
    trustProxy: '1',
    env: concurrency ? { PASSWORD_HASH_CONCURRENCY: concurrency } : {},
  });
  const slots = h.services.passwords.gate.concurrency;
  const t = await h.tenant({ from: 'demo', credentials: ['52998224725'] });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('API did not listen');
  const api = `http://127.0.0.1:${address.port}/api/central`;

  const first = await fetch(`${api}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', client_id: t.clientId, 'x-forwarded-for': '10.255.0.1' },
    body: JSON.stringify({ cpfOrCnpj: '529.982.247-25', password: TEST_PASSWORD }),
  });
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!first.ok || !cookie.includes('central_session=')) throw new Error(`sign-in failed: ${first.status}`);
  const probeUrl = `${api}/auth/valid-token`;
  const probeHeaders = { cookie, client_id: t.clientId };

  const hash = await hashPassword(TEST_PASSWORD);
  await bareVerifies(hash, TEST_PASSWORD, slots, 1); // warm-up
  // Measured before and after the burst, their mean taken: a shared machine's load drifts over a run.
  const bareBefore = await bareVerifies(hash, TEST_PASSWORD, slots, seconds);
  const bareAllCores = await bareVerifies(hash, TEST_PASSWORD, availableParallelism(), seconds);
  const probeAlone = await load(probeUrl, probeHeaders, seconds, { overallRate: PROBE_RATE, connections: 4 });

  // The burst: enough clients that one is always waiting for a hashing slot while the others are in the
  // route's queries and ERP call, fewer than the gate's queue (32 per slot); each signs in again at once.
  const clients = slots * 16;
  const probe = load(probeUrl, probeHeaders, seconds, { overallRate: PROBE_RATE, connections: 4 });
  // In a worker thread, as the probe, so that the load generator does not take the API's event loop.
  const burst = await autocannon({
    url: `${api}/sign-in`,
    method: 'POST',
    headers: { 'content-type': 'application/json', client_id: t.clientId },
    body: JSON.stringify({ cpfOrCnpj: '529.982.247-25', password: TEST_PASSWORD }),
    connections: clients,
    duration: seconds,
    workers: 1,
    requests: [{ setupRequest: path.join(import.meta.dirname, 'sign-in-request.cjs') }],
  });
  const probeDuringBurst = await probe;
  const bareAfter = await bareVerifies(hash, TEST_PASSWORD, slots, seconds);
  const bare = +((bareBefore + bareAfter) / 2).toFixed(1);
  await h.close();

  const signInsPerSecond = +(burst['2xx'] / burst.duration).toFixed(1);
  const figures = {
    hashingSlots: slots,
    cores: availableParallelism(),
    signInsPerSecond,
    signInP50Ms: burst.latency.p50,
    signInP99Ms: burst.latency.p99,
    answers: { '2xx': burst['2xx'], non2xx: burst.non2xx, errors: burst.errors, timeouts: burst.timeouts },
    bareVerifiesPerSecond: bare,
    bareVerifiesBeforeAndAfter: [bareBefore, bareAfter],
    bareVerifiesPerSecondAllCores: bareAllCores,
    ratio: +(signInsPerSecond / bare).toFixed(3),
    ratioToAllCores: +(signInsPerSecond / bareAllCores).toFixed(3),
  };
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(
    `\nsign-in (${database}, ${seconds}s, ${clients} clients, ${slots} hashing slot(s) of ${figures.cores} cores)`,
  );
  console.table({
    [`bare argon2 verify, ${slots} thread(s), mean of before and after`]: { perSecond: bare },
    [`bare argon2 verify, ${figures.cores} threads`]: { perSecond: bareAllCores },
    'POST /sign-in (200s)': {
      perSecond: signInsPerSecond,
      p50Ms: figures.signInP50Ms,
      p99Ms: figures.signInP99Ms,
    },
  });
  console.log(`answers: ${JSON.stringify(figures.answers)}`);
  console.log(
    `ratio sign-ins / bare verifies: ${figures.ratio} (target ≥ 0.9); against all ${figures.cores} cores: ${figures.ratioToAllCores}`,
  );
  console.table({
    [`valid-token at ${PROBE_RATE}/s, alone`]: probeAlone,
    [`valid-token at ${PROBE_RATE}/s, during the burst`]: probeDuringBurst,
  });
  console.log(`other route's p99 during the burst: ${probeDuringBurst.p99Ms} ms (target < 50)`);
  const file = await saveResult('sign-in', { database, seconds, ...figures, probeAlone, probeDuringBurst });
  console.log(`written to ${file}`);
}
