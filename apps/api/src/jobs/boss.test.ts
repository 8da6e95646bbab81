import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { MAINTENANCE_QUEUE, platformJobs } from '../platform/jobs.ts';
import { createLogger } from '../platform/logger.ts';
import { dbRateLimiter } from '../platform/rate-limit.ts';
import { createJobQueue } from './boss.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
});
afterAll(() => database.close());

describe('pg-boss on the portal database', () => {
  it('runs the maintenance job, which purges ended rate-limit windows', async () => {
    const queue = createJobQueue(database, createLogger('silent'));
    await queue.work(platformJobs(database.db));
    const boss = await queue.boss();
    try {
      const key = `test:${crypto.randomUUID()}`;
      await dbRateLimiter(database.db).hit(key, 5, 1);
      await new Promise((r) => setTimeout(r, 20));
      const jobId = await queue.send(MAINTENANCE_QUEUE, {});
      expect(jobId).toBeTruthy();
      let state: string | undefined;
      for (let i = 0; i < 100 && state !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        state = (await boss.getJobById(MAINTENANCE_QUEUE, jobId as string))?.state;
      }
      expect(state).toBe('completed');
      const left = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM rate_limits WHERE key = ${key}`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await queue.stop({ graceful: false, wait: true });
    }
  });

  it('lets processes that start together create the same queues (pg-boss alone deadlocks)', async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const jobs = Array.from({ length: 8 }, (_, i) => ({
      queue: `start-race-${run}-${i}`,
      retryLimit: 1,
      run: async () => {},
    }));
    // A pool of its own on PostgreSQL, as another process has.
    const other = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
      : database;
    const queues = [
      createJobQueue(database, createLogger('silent')),
      createJobQueue(other, createLogger('silent')),
    ];
    try {
      await Promise.all(queues.map((queue) => queue.work(jobs)));
      const names = (await (await queues[0]!.boss()).getQueues()).map((q) => q.name);
      expect(names).toEqual(expect.arrayContaining(jobs.map((j) => j.queue)));
    } finally {
      for (const queue of queues) await queue.stop({ graceful: false, wait: true });
      if (other !== database) await other.close();
    }
  });
});
