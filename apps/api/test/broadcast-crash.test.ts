import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSim } from '@central/sim';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { notificationDeliveries } from '../src/db/schema.ts';
import { DEMO_PROVIDER_PASSWORD } from '../src/seed/demo.ts';
import { type ApiProcess, scratchPostgres, seedBroadcastAudience, startApiProcess } from './api-process.ts';

// Issue 12 item 10: kill -9 of the API in the middle of a provider broadcast, then start it again. Every
// subscription receives the notification at least once, and the only repeats are sends whose outcome the
// dead process had not recorded yet. On PGlite (a data folder) and on PostgreSQL (test:pg).

const SUBSCRIPTIONS = 3000;
const SECRET_KEY = 'test-secret-key-that-is-long-enough-0123456789';

interface SimStats {
  received: number;
  subscriptions: number;
  duplicates: number;
}

let sim: FastifyInstance;
let simUrl: string;
let dataDir: string;
let postgres: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
let api: ApiProcess | undefined;

const openDb = () =>
  openDatabase({ databaseUrl: postgres?.url, dataDir: postgres ? undefined : path.join(dataDir, 'pglite') });

async function stats(topic: string): Promise<SimStats> {
  const res = await fetch(`${simUrl}/__sim/push/stats?topic=${encodeURIComponent(topic)}`);
  return (await res.json()) as SimStats;
}

function start() {
  return startApiProcess({
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    SECRET_KEY,
    BROADCAST_BATCH_SIZE: '100',
    // A batch left running by the dead process is retried soon after.
    BROADCAST_BATCH_TIMEOUT_SECONDS: '2',
    JOB_MAINTENANCE_SECONDS: '1',
  });
}

beforeAll(async () => {
  sim = await buildSim();
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('sim did not listen');
  simUrl = `http://127.0.0.1:${address.port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), 'central-crash-'));
  if (process.env.DATABASE_URL)
    postgres = await scratchPostgres(process.env.DATABASE_URL, `central_crash_${randomUUID().slice(0, 8)}`);

  // The demo provider, and its subscribers' browsers at the simulated push service.
  const database = await openDb();
  await seedBroadcastAudience(database, { secretKey: SECRET_KEY, dataDir, simUrl, count: SUBSCRIPTIONS });
  await database.close();
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await sim?.close();
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a provider broadcast survives kill -9 of the API', () => {
  it('reaches every subscription at least once, repeating only the sends not yet recorded', async () => {
    api = await start();
    const signIn = await fetch(`${api.url}/api/admin/auth/sign-in/provider`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'demo', password: DEMO_PROVIDER_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie, client_id: 'demo', 'content-type': 'application/json' };
    const sent = await fetch(`${api.url}/api/admin/provider/send/notification`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Aviso', message: 'Manutenção às 3h.' }),
    });
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };
    const topic = `aviso${id.replace(/-/g, '')}`.slice(0, 32);

    // Killed while sending: some delivered, most not.
    for (let i = 0; i < 600; i++) {
      if ((await stats(topic)).received >= SUBSCRIPTIONS / 5) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await api.kill9();
    api = undefined;
    const atKill = await stats(topic);
    expect(atKill.received).toBeGreaterThan(0);
    expect(atKill.subscriptions).toBeLessThan(SUBSCRIPTIONS);

    // What the dead process had recorded: those are never sent again.
    const database = await openDb();
    const recorded = await database.db
      .select({ id: notificationDeliveries.subscriptionId })
      .from(notificationDeliveries)
      .where(
        and(eq(notificationDeliveries.notificationId, id), ne(notificationDeliveries.status, 'pending')),
      );
    await database.close();
    const unrecorded = atKill.received - recorded.length;
    expect(unrecorded).toBeGreaterThanOrEqual(0);

    api = await start();
    let after = await stats(topic);
    for (let i = 0; i < 600 && after.subscriptions < SUBSCRIPTIONS; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await stats(topic);
    }
    expect(after.subscriptions).toBe(SUBSCRIPTIONS);
    expect(after.duplicates).toBeLessThanOrEqual(unrecorded);

    // The provider sees it done, every subscription delivered.
    let delivery: { status: string; delivered: number } | undefined;
    for (let i = 0; i < 100 && delivery?.status !== 'done'; i++) {
      const list = await fetch(`${api.url}/api/admin/provider/notifications`, { headers });
      delivery = ((await list.json()) as { notifications: { delivery: typeof delivery }[] }).notifications[0]
        ?.delivery;
      if (delivery?.status !== 'done') await new Promise((r) => setTimeout(r, 100));
    }
    expect(delivery).toMatchObject({ status: 'done', delivered: SUBSCRIPTIONS });
  }, 180_000);
});
