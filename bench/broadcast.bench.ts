// A provider broadcast to 100,000 subscriptions of one tenant, delivered by the API's job workers to the
// simulated push service (issue 12 item 11): wall time, sends per second and the API process's peak RSS,
// and the wall time as a ratio to the encryption floor measured on this machine in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { buildSim } from '@central/sim';
import webpush from 'web-push';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { DEMO_PROVIDER_PASSWORD } from '../apps/api/src/seed/demo.ts';
import { scratchPostgres, seedBroadcastAudience, startApiProcess } from '../apps/api/test/api-process.ts';
import { saveResult } from './lib.ts';

const SECRET_KEY = 'bench-secret-key-that-is-long-enough-0123456789';

/** CPU milliseconds of one message's RFC 8291 encryption (what each send must pay), single-threaded. */
function encryptionCostMs(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const payload = JSON.stringify({ title: 'Aviso', body: 'Manutenção às 3h.', url: '/panel', tag: 'aviso' });
  const run = (n: number) => {
    for (let i = 0; i < n; i++)
      webpush.generateRequestDetails(subscription, payload, { TTL: 86400, contentEncoding: 'aes128gcm' });
  };
  run(200);
  const started = process.cpuUsage();
  const n = 3000;
  run(n);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / n;
}

export async function benchBroadcast() {
  const count = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
  const sim = await buildSim();
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('sim did not listen');
  const simUrl = `http://127.0.0.1:${address.port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'central-bench-'));
  const postgres = process.env.DATABASE_URL
    ? await scratchPostgres(process.env.DATABASE_URL, 'central_bench_broadcast')
    : undefined;

  try {
    console.log(`\nbroadcast: preparing ${count.toLocaleString('en')} subscriptions…`);
    const database = await openDatabase({
      databaseUrl: postgres?.url,
      dataDir: postgres ? undefined : path.join(dataDir, 'pglite'),
    });
    await seedBroadcastAudience(database, { secretKey: SECRET_KEY, dataDir, simUrl, count });
    await database.close();

    const one = (await (
      await fetch(`${simUrl}/__sim/push/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { subscription: { endpoint: string; keys: { p256dh: string; auth: string } } };
    const costMs = encryptionCostMs(one.subscription);
    const cores = availableParallelism();
    const floorSeconds = (count * costMs) / 1000 / cores;

    const api = await startApiProcess({
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      SECRET_KEY,
    });
    try {
      const signIn = await fetch(`${api.url}/api/admin/auth/sign-in/provider`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'demo', password: DEMO_PROVIDER_PASSWORD }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const headers = { cookie, client_id: 'demo', 'content-type': 'application/json' };
      const started = performance.now();
      const sent = await fetch(`${api.url}/api/admin/provider/send/notification`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'Aviso', message: 'Manutenção às 3h.' }),
      });
      if (!sent.ok) throw new Error(`send failed: ${sent.status} ${await sent.text()}`);
      type Delivery = { status: string; delivered: number; failed: number; removed: number };
      let delivery: Delivery | undefined;
      while (delivery?.status !== 'done') {
        await new Promise((r) => setTimeout(r, 250));
        const list = await fetch(`${api.url}/api/admin/provider/notifications`, { headers });
        delivery = ((await list.json()) as { notifications: { delivery: Delivery }[] }).notifications[0]
          ?.delivery;
        if (performance.now() - started > 15 * 60_000)
          throw new Error('broadcast did not finish in 15 minutes');
      }
      const wallSeconds = (performance.now() - started) / 1000;
      const peakRssMb = Math.round(api.peakRss() / 1024 / 1024);
      const stats = (await (await fetch(`${simUrl}/__sim/push/stats`)).json()) as Record<string, number>;
      const figures = {
        database: postgres ? 'postgres' : 'pglite',
        subscriptions: count,
        wallSeconds: +wallSeconds.toFixed(1),
        sendsPerSecond: Math.round(count / wallSeconds),
        peakRssMb,
        encryptionCpuMsPerMessage: +costMs.toFixed(3),
        cores,
        floorSeconds: +floorSeconds.toFixed(1),
        ratioToFloor: +(wallSeconds / floorSeconds).toFixed(2),
        delivered: delivery.delivered,
        failed: delivery.failed,
        removed: delivery.removed,
        pushServiceReceived: stats.received,
        targets: { wallSeconds: 45, peakRssMb: 300 },
      };
      console.table(figures);
      console.log(
        `broadcast of ${count.toLocaleString('en')}: ${figures.wallSeconds}s (target < 45s), ` +
          `${figures.sendsPerSecond} sends/s, peak RSS ${peakRssMb} MB (target < 300 MB), ` +
          `${figures.ratioToFloor}x the encryption floor of ${figures.floorSeconds}s`,
      );
      console.log(`written to ${await saveResult('broadcast', figures)}`);
    } finally {
      await api.stop();
    }
  } finally {
    await sim.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
