import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
} from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSim } from '@central/sim';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { SIGN_IN_LIMITS } from '../src/modules/auth/service.ts';
import { SESSION_CACHE_MS } from '../src/platform/sessions.ts';
import { TENANT_CACHE_TTL_MS } from '../src/platform/tenancy.ts';
import { DEMO_ADMIN, DEMO_CREDENTIALS, DEMO_PASSWORD, DEMO_PROVIDER_PASSWORD } from '../src/seed/demo.ts';
import { type ApiProcess, scratchPostgres, seedBroadcastAudience, startApiProcess } from './api-process.ts';

// Issue 14 item 9: two API processes on one PostgreSQL and one Redis, behind a round-robin balancer
// written here, as README's 'Deploying at scale' runs them. What one process does, the other sees: its
// sessions, their end, the sign-in failures, a provider's new colour, and a broadcast's share of the work.
// `npm run test:scale` only (it needs PostgreSQL and Redis): DATABASE_URL names the server (a scratch
// database is made next to it and dropped), REDIS_URL the Redis (keys under a prefix of this run).

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const SECRET_KEY = 'test-secret-key-that-is-long-enough-0123456789';
const RUN = randomUUID().slice(0, 8);
const REDIS_PREFIX = `central:scale:${RUN}:`;
/** On top of a documented cache time: the requests and a loaded CI machine's scheduling. */
const MARGIN_MS = 1500;
const SUBSCRIPTIONS = 2000;
/** Which upstream answered, as the balancer tells the test. */
const UPSTREAM = 'x-scale-upstream';
const PROCESS_NAMES = ['a', 'b'] as const;

let sim: FastifyInstance | undefined;
let simUrl: string;
let dataDir: string | undefined;
let postgres: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
const apis: ApiProcess[] = [];
let balancer: Server | undefined;
let balancerUrl: string;
/** Pushes received by the push simulator per topic, by the VAPID `sub` of the process that sent them. */
const pushesBySender = new Map<string, Map<string, number>>();

// RFC 9110 §7.6.1: meant for one connection, never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);
const forwardable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/** A load balancer in a few lines: each request goes to the next upstream in turn, body and all. */
function roundRobin(upstreams: string[]): Server {
  let next = 0;
  return createServer((incoming, answer) => {
    const index = next++ % upstreams.length;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const outgoing = request(
      target,
      { method: incoming.method, headers: forwardable(incoming.headers) },
      (upstream: IncomingMessage) => {
        answer.writeHead(upstream.statusCode ?? 502, {
          ...forwardable(upstream.headers),
          [UPSTREAM]: String(index),
        });
        upstream.pipe(answer);
      },
    );
    outgoing.on('error', (err) => {
      if (!answer.headersSent) answer.writeHead(502, { [UPSTREAM]: String(index) });
      answer.end(String(err));
    });
    incoming.pipe(outgoing);
  });
}

interface Answer {
  status: number;
  upstream: number;
  headers: Headers;
  body: unknown;
}

/** One request through the balancer. */
async function call(
  method: string,
  url: string,
  opts: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${balancerUrl}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, upstream: Number(res.headers.get(UPSTREAM)), headers: res.headers, body };
}

const cookieOf = (answer: Answer) =>
  answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

const demo = { client_id: 'demo' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signInCustomer(document: string): Promise<{ cookie: string; upstream: number }> {
  const res = await call('POST', '/api/central/sign-in', {
    headers: demo,
    body: { cpfOrCnpj: document, password: DEMO_PASSWORD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { cookie: cookieOf(res), upstream: res.upstream };
}

const colourOf = (theme: Answer) => (theme.body as { primary_color: string }).primary_color;

const validToken = (cookie: string) =>
  call('GET', '/api/central/auth/valid-token', { headers: { ...demo, cookie } });

/** Counts a push by the `sub` of its VAPID JWT (`Authorization: vapid t=<JWT>, k=<key>`): who sent it. */
function countPush(req: IncomingMessage) {
  if (req.method !== 'POST' || !req.url?.startsWith('/push/')) return;
  const topic = req.headers.topic;
  const jwt = /t=([^,\s]+)/.exec(req.headers.authorization ?? '')?.[1];
  if (typeof topic !== 'string' || !jwt) return;
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { sub?: string };
  const bySender = pushesBySender.get(topic) ?? new Map<string, number>();
  const sender = claims.sub ?? '?';
  bySender.set(sender, (bySender.get(sender) ?? 0) + 1);
  pushesBySender.set(topic, bySender);
}

beforeAll(async () => {
  sim = await buildSim();
  // Beside Fastify's own listener: it reads the headers only, the body stays Fastify's.
  sim.server.on('request', countPush);
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('sim did not listen');
  simUrl = `http://127.0.0.1:${address.port}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'central-scale-'));
  dataDir = dir;
  const scratch = await scratchPostgres(DATABASE_URL, `central_scale_${RUN}`);
  postgres = scratch;

  // Migrated and seeded once here; the two processes then start together, as a deploy starts them.
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    await seedBroadcastAudience(database, {
      secretKey: SECRET_KEY,
      dataDir: dir,
      simUrl,
      count: SUBSCRIPTIONS,
    });
  } finally {
    await database.close();
  }

  // Should the test process end without afterAll (a crash, a timeout), the API processes end with it.
  process.once('exit', () => {
    for (const api of apis) api.child.kill('SIGKILL');
  });
  const started = await Promise.allSettled(
    PROCESS_NAMES.map((name) =>
      startApiProcess({
        DATA_DIR: path.join(dir, name),
        DATABASE_URL: scratch.url,
        REDIS_URL,
        REDIS_KEY_PREFIX: REDIS_PREFIX,
        SECRET_KEY,
        JOBS: 'on',
        // Many small batches, so that both processes' workers take some.
        BROADCAST_BATCH_SIZE: '20',
        // Each process signs its pushes with a subject of its own: the push service tells them apart.
        VAPID_SUBJECT: `mailto:${name}@scale.test`,
      }),
    ),
  );
  for (const result of started) if (result.status === 'fulfilled') apis.push(result.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;

  balancer = roundRobin(apis.map((api) => api.url));
  await new Promise<void>((resolve) => balancer?.listen(0, '127.0.0.1', resolve));
  const port = (balancer.address() as { port: number }).port;
  balancerUrl = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  // Each step runs whatever happened before it.
  const steps: (() => Promise<unknown>)[] = [
    () => Promise.all(apis.map((api) => api.stop())),
    async () => {
      balancer?.closeAllConnections();
      await new Promise((resolve) => (balancer ? balancer.close(resolve) : resolve(undefined)));
    },
    async () => sim?.close(),
    async () => postgres?.drop(),
    async () => {
      const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        let cursor = '0';
        do {
          const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}*`, 'COUNT', 1000);
          if (keys.length > 0) await redis.del(...keys);
          cursor = nextCursor;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
    async () => dataDir && rm(dataDir, { recursive: true, force: true }),
  ];
  const errors: unknown[] = [];
  for (const step of steps) await step().catch((err) => errors.push(err));
  if (errors.length > 0) throw errors[0];
}, 90_000);

describe('two API processes behind a round-robin balancer', () => {
  it('accepts on one process a session made on the other', async () => {
    const [document = ''] = DEMO_CREDENTIALS.demo;
    const { cookie, upstream } = await signInCustomer(document);
    const checks = [await validToken(cookie), await validToken(cookie)];
    for (const check of checks) expect(check.status).toBe(200);
    // The first check went to the process that did not make the session.
    expect(checks.map((c) => c.upstream)).toEqual([1 - upstream, upstream]);
    expect(checks[0]?.body).toMatchObject({ validToken: true });
  });

  it(`refuses on the other process, within its session cache time (${SESSION_CACHE_MS} ms), a session ended on one`, async () => {
    const [, document = ''] = DEMO_CREDENTIALS.demo;
    const { cookie } = await signInCustomer(document);
    // Both processes hold the live row in their cache.
    const seen = [await validToken(cookie), await validToken(cookie)];
    expect(seen.map((s) => s.status)).toEqual([200, 200]);
    expect(new Set(seen.map((s) => s.upstream)).size).toBe(2);

    const signedOutAt = Date.now();
    const signOut = await call('POST', '/api/central/sign-out', { headers: { ...demo, cookie } });
    expect(signOut.status).toBe(204);
    const other = 1 - signOut.upstream;

    const bound = SESSION_CACHE_MS + MARGIN_MS;
    let refusedAfter: number | undefined;
    while (refusedAfter === undefined && Date.now() - signedOutAt < bound + 10_000) {
      const check = await validToken(cookie);
      // The process that ended it refuses it at once.
      if (check.upstream === signOut.upstream) expect(check.status).toBe(401);
      else if (check.status === 401) refusedAfter = Date.now() - signedOutAt;
      else expect(check.status).toBe(200);
      await sleep(25);
    }
    console.info(
      `scale: sign-out on process ${signOut.upstream} refused on ${other} after ${refusedAfter} ms`,
    );
    expect(refusedAfter).toBeDefined();
    expect(refusedAfter).toBeLessThanOrEqual(bound);
  });

  it(`counts sign-in failures across both processes: the ${SIGN_IN_LIMITS.failuresPerDocumentAndIp.limit + 1}th attempt is refused`, async () => {
    const [, , document = ''] = DEMO_CREDENTIALS.demo;
    const { limit } = SIGN_IN_LIMITS.failuresPerDocumentAndIp;
    const wrong = () =>
      call('POST', '/api/central/sign-in', {
        headers: demo,
        body: { cpfOrCnpj: document, password: 'senha-errada' },
      });
    const failures: Answer[] = [];
    for (let i = 0; i < limit; i++) failures.push(await wrong());
    expect(failures.map((f) => f.status)).toEqual(new Array(limit).fill(401));
    // Alternating: each process saw only half of them, fewer than its limit.
    const perProcess = [0, 1].map((u) => failures.filter((f) => f.upstream === u).length);
    expect(perProcess.every((n) => n > 0 && n < limit)).toBe(true);

    const locked = await wrong();
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The other process refuses too, even the right password.
    const right = await call('POST', '/api/central/sign-in', {
      headers: demo,
      body: { cpfOrCnpj: document, password: DEMO_PASSWORD },
    });
    expect(right.upstream).toBe(1 - locked.upstream);
    expect(right.status).toBe(429);
  });

  it(`shows a colour changed in the back office through both processes within the tenant cache time (${TENANT_CACHE_TTL_MS} ms)`, async () => {
    const signIn = await call('POST', '/api/admin/adm/auth/sign-in', {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const admin = { cookie: cookieOf(signIn) };
    const theme = () => call('GET', '/api/central/theme', { headers: demo });

    // Both processes hold the provider in their cache.
    const before = [await theme(), await theme()];
    expect(before.map((t) => t.status)).toEqual([200, 200]);
    expect(new Set(before.map((t) => t.upstream)).size).toBe(2);
    const [oldColour = '', otherColour] = before.map(colourOf);
    expect(otherColour).toBe(oldColour);
    const newColour = oldColour.toUpperCase() === '#1A7F3C' ? '#7F1A3C' : '#1A7F3C';

    // The whole form, as the back office's page sends it back.
    const details = await call('GET', '/api/admin/customer/demo', { headers: admin });
    expect(details.status).toBe(200);
    const { client_id: _c, suspended: _s, secrets: _x, ...form } = details.body as Record<string, unknown>;
    const changedAt = Date.now();
    const edit = await call('PUT', '/api/admin/customer/demo/edit', {
      headers: admin,
      body: { ...form, primary_color: newColour },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    const bound = TENANT_CACHE_TTL_MS + MARGIN_MS;
    const shownAfter = new Map<number, number>();
    while (shownAfter.size < 2 && Date.now() - changedAt < bound + 10_000) {
      const res = await theme();
      expect(res.status).toBe(200);
      const colour = colourOf(res);
      if (colour === newColour) {
        if (!shownAfter.has(res.upstream)) shownAfter.set(res.upstream, Date.now() - changedAt);
      } else {
        expect(colour).toBe(oldColour);
        // Once a process shows the new colour it never goes back.
        expect(shownAfter.has(res.upstream)).toBe(false);
      }
      await sleep(25);
    }
    console.info(`scale: new colour shown by the processes after ${JSON.stringify([...shownAfter])} ms`);
    expect([...shownAfter.keys()].sort()).toEqual([0, 1]);
    for (const elapsed of shownAfter.values()) expect(elapsed).toBeLessThanOrEqual(bound);
  });

  it("delivers a provider's broadcast once per subscription, sent by both processes' job workers", async () => {
    const signIn = await call('POST', '/api/admin/auth/sign-in/provider', {
      body: { client_id: 'demo', password: DEMO_PROVIDER_PASSWORD },
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const provider = { ...demo, cookie: cookieOf(signIn) };
    const sent = await call('POST', '/api/admin/provider/send/notification', {
      headers: provider,
      body: { title: 'Aviso', message: 'Manutenção às 3h.' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { id } = sent.body as { id: string };
    const topic = `aviso${id.replace(/-/g, '')}`.slice(0, 32);

    // Done when the provider's list says so: every batch has recorded its sends.
    let delivery: { status: string; delivered: number } | undefined;
    const startedAt = Date.now();
    while (delivery?.status !== 'done' && Date.now() - startedAt < 120_000) {
      const list = await call('GET', '/api/admin/provider/notifications', { headers: provider });
      expect(list.status).toBe(200);
      delivery = (
        list.body as { notifications: { id: string; delivery: typeof delivery }[] }
      ).notifications.find((n) => n.id === id)?.delivery;
      if (delivery?.status !== 'done') await sleep(200);
    }
    expect(delivery).toMatchObject({ status: 'done', delivered: SUBSCRIPTIONS });

    const stats = (await (
      await fetch(`${simUrl}/__sim/push/stats?topic=${encodeURIComponent(topic)}`)
    ).json()) as { received: number; subscriptions: number; duplicates: number; rejected: number };
    expect(stats).toEqual({
      received: SUBSCRIPTIONS,
      subscriptions: SUBSCRIPTIONS,
      duplicates: 0,
      rejected: 0,
    });

    // Both processes sent a share, and the shares add up to one push per subscription.
    const bySender = pushesBySender.get(topic) ?? new Map<string, number>();
    console.info(`scale: pushes by process ${JSON.stringify([...bySender])}`);
    expect([...bySender.keys()].sort()).toEqual(PROCESS_NAMES.map((name) => `mailto:${name}@scale.test`));
    expect([...bySender.values()].every((n) => n > 0)).toBe(true);
    expect([...bySender.values()].reduce((a, b) => a + b, 0)).toBe(SUBSCRIPTIONS);
  }, 180_000);
});
