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
  // A fresh database each run, as PGlite is: rows left by an earlier run must not meet this one's.
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
}

console.log(`test:pg on ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')} and ${redisUrl}`);
const result = spawnSync('npx', ['vitest', 'run', 'apps/api'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
});
process.exit(result.status ?? 1);
