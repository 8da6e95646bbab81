#!/usr/bin/env node
// `npm run test:pg`: the API's integration tests again on a real PostgreSQL and Redis.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = process.env.TEST_PG_DATABASE ?? 'central_test';
const databaseUrl = process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${database}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';

if (!process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
}

console.log(`test:pg on ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')} and ${redisUrl}`);
const result = spawnSync('npx', ['vitest', 'run', 'apps/api'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
});
process.exit(result.status ?? 1);
