import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

/** One kind of background work, named and scheduled by the module that owns it (its `jobs.ts`). */
export interface JobDefinition {
  /** pg-boss queue name: letters, digits, hyphens. */
  queue: string;
  /** Cron expression (UTC); pg-boss makes one job per tick across every process. */
  schedule?: string;
  run: () => Promise<unknown>;
}

/**
 * pg-boss on the portal's own database: through our PGlite connection (its bring-your-own `db`)
 * in embedded mode, through its own pool on PostgreSQL, so N processes share the work. This file only
 * registers what the modules define.
 */
export async function startJobs(database: Database, logger: Logger, jobs: JobDefinition[]): Promise<PgBoss> {
  const boss = database.executor
    ? new PgBoss({ db: database.executor as PgBoss.Db, supervise: true, schedule: true })
    : new PgBoss({ connectionString: database.connectionString, max: 4 });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.queue);
    if (job.schedule) await boss.schedule(job.queue, job.schedule);
    await boss.work(job.queue, async () => {
      await job.run();
    });
  }
  return boss;
}
