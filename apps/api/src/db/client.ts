import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What pg-boss needs to run on our connection (its bring-your-own `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for pg-boss on PGlite; undefined on PostgreSQL, where pg-boss opens its own pool. */
  executor?: SqlExecutor;
  connectionString?: string;
  /**
   * PostgreSQL's LISTEN/NOTIFY, so that one API process can tell the others (a provider changed in the
   * back office). `listen` answers a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** Channel names are SQL identifiers here: only these characters are accepted. */
const channelName = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  return channel;
};

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
// Any constant works; it keeps several API processes from migrating at the same time.
const MIGRATION_LOCK_ID = 727_001;

/**
 * PGlite in `dataDir` (or in memory when dataDir is undefined) by default, PostgreSQL when a
 * connection string is given. The same migrations run on both at start-up.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // pg-boss sends several statements (with BEGIN/COMMIT) in one string without parameters.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    executor,
    listen: (channel, onPayload) => client.listen(channelName(channel), onPayload),
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channelName(channel), payload]);
    },
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema });
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    connectionString,
    // One connection per listener, outside the pool: a pooled client would lose its LISTEN on release.
    async listen(channel, onPayload) {
      const name = channelName(channel);
      const client = new pg.Client({ connectionString });
      client.on('notification', (message) => {
        if (message.channel === name) onPayload(message.payload ?? '');
      });
      // A lost listener is not fatal: the resolver's short cache still bounds how stale a provider is.
      client.on('error', () => listeners.delete(client));
      await client.connect();
      await client.query(`LISTEN ${name}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channelName(channel), payload]);
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      listeners.clear();
      await pool.end();
    },
  };
}
