import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/db/client.ts';
import { pushSubscriptions, tenants } from '../src/db/schema.ts';
import { loadKeys } from '../src/platform/secrets.ts';
import { seedDemo } from '../src/seed/demo.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  output: () => string;
  /** Peak resident memory of the process so far (Linux VmHWM), in bytes. */
  peakRss: () => number;
  /** SIGKILL: no shutdown, no flush, as a crash. */
  kill9: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The API as production runs it (`node apps/api/src/main.ts`), in a process of its own, ready when
 * /readyz answers 200. For tests that kill it and benchmarks that measure it.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  // API_NODE_ARGS: extra node flags for the API process, e.g. '--cpu-prof' to see where its time goes.
  const nodeArgs = (process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-web-dist',
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      OUTBOUND_ALLOW_PRIVATE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (i > 600) {
      // Not left running behind a failed test.
      child.kill('SIGKILL');
      await exited;
      throw new Error(`API not ready at ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    child,
    output: () => output,
    peakRss: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
      return Number(kb ?? 0) * 1024;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A PostgreSQL database of its own next to DATABASE_URL's, dropped by `drop()`. */
export async function scratchPostgres(databaseUrl: string, name: string) {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The demo providers against `simUrl`, and `count` browsers of the demo provider's subscribers subscribed
 * at the simulated push service (one subscription each, as many customers), for broadcast tests and
 * benchmarks. Returns the demo tenant's id.
 */
export async function seedBroadcastAudience(
  database: Database,
  opts: { secretKey: string; dataDir: string; simUrl: string; count: number },
): Promise<string> {
  const keys = await loadKeys(opts.secretKey, opts.dataDir);
  await seedDemo(database.db, { encryptionKey: keys.encryption, simUrl: opts.simUrl });
  const [demo] = await database.db.select().from(tenants).where(eq(tenants.clientId, 'demo'));
  if (!demo) throw new Error('demo tenant not seeded');
  const chunk = 5000;
  for (let made = 0; made < opts.count; made += chunk) {
    const res = await fetch(`${opts.simUrl}/__sim/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: Math.min(chunk, opts.count - made) }),
    });
    if (!res.ok) throw new Error(`push sim: ${res.status}`);
    const { subscriptions } = (await res.json()) as {
      subscriptions: { subscription: { endpoint: string; keys: { p256dh: string; auth: string } } }[];
    };
    for (let i = 0; i < subscriptions.length; i += 1000) {
      await database.db.insert(pushSubscriptions).values(
        subscriptions.slice(i, i + 1000).map(({ subscription }, k) => ({
          tenantId: demo.id,
          erpCustomerId: String(1_000_000 + made + i + k),
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          invoiceRange: 5,
        })),
      );
    }
  }
  return demo.id;
}
