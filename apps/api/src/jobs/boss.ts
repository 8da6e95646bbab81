import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

/** One kind of background work, named and scheduled by the module that owns it (its `jobs.ts`). */
export interface JobDefinition<T extends object = object> {
  /** pg-boss queue name: letters, digits, hyphens. */
  queue: string;
  /** Cron expression; pg-boss makes one job per tick across every process. */
  schedule?: string;
  /** The schedule's time zone (UTC when absent). */
  tz?: string;
  /**
   * A job still active after this many seconds is taken for lost (its process died) and retried, up to
   * `retryLimit` times. pg-boss's defaults (15 minutes, 2 retries) suit slow upkeep, not a broadcast.
   */
  expireInSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  /**
   * pg-boss queue policy: 'stately' keeps at most one queued and one running job per singleton key, so a
   * job sent again (a sweep) does not pile up. Fixed when the queue is first created.
   */
  policy?: 'standard' | 'stately';
  /** Jobs of this queue one process runs at the same time (one worker each). */
  concurrency?: number;
  /** How often an idle worker looks for work (pg-boss's default is 2 s). */
  pollingIntervalSeconds?: number;
  run: (data: T) => Promise<unknown>;
}

/** Any constant works (the migrations' is 727_001); it keeps processes from creating queues at once. */
const QUEUE_LOCK_ID = 727_002;

export interface JobQueueOptions {
  /** pg-boss's maintenance (expiring lost jobs, archiving) runs this often, in seconds. */
  maintenanceIntervalSeconds?: number;
}

/**
 * pg-boss on the portal's own database: through our PGlite connection (its bring-your-own `db`) in
 * embedded mode, through its own pool on PostgreSQL, so N processes share the work. Services send jobs
 * through it; only processes with JOBS=on also `work` them. pg-boss starts on first use, so a process or
 * a test that never sends a job never pays for it.
 */
export function createJobQueue(database: Database, logger: Logger, opts: JobQueueOptions = {}) {
  let started: Promise<PgBoss> | undefined;
  const created = new Map<string, Promise<void>>();
  const definitions = new Map<string, JobDefinition>();

  function boss(): Promise<PgBoss> {
    started ??= (async () => {
      const maintenance = { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60 };
      const instance = database.executor
        ? new PgBoss({ db: database.executor as PgBoss.Db, supervise: true, schedule: true, ...maintenance })
        : new PgBoss({ connectionString: database.connectionString, max: 4, ...maintenance });
      instance.on('error', (err) => logger.error({ err }, 'job queue error'));
      await instance.start();
      return instance;
    })();
    return started;
  }

  /**
   * pg-boss makes each queue a partition of its job table, and two processes doing that at once (every
   * process creates every queue as it starts) deadlock, one of them failing to start. On PostgreSQL they
   * take turns under an advisory lock; PGlite has a single process.
   */
  function oneProcessAtATime(work: () => Promise<void>): Promise<void> {
    if (database.kind !== 'postgres') return work();
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUEUE_LOCK_ID})`);
      await work();
    });
  }

  /** pg-boss 10 wants a queue created (with its retry and expiry policy) before the first job. */
  async function ensureQueue(name: string): Promise<PgBoss> {
    const instance = await boss();
    let done = created.get(name);
    if (!done) {
      const job = definitions.get(name);
      const policy = {
        ...(job?.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
        ...(job?.retryLimit !== undefined ? { retryLimit: job.retryLimit } : {}),
        ...(job?.retryDelay !== undefined ? { retryDelay: job.retryDelay } : {}),
      };
      done = oneProcessAtATime(async () => {
        await instance.createQueue(name, { name, ...(job?.policy ? { policy: job.policy } : {}), ...policy });
        // createQueue leaves an existing queue as it was: a policy changed in code must still apply.
        if (Object.keys(policy).length > 0) await instance.updateQueue(name, { name, ...policy });
      });
      created.set(name, done);
    }
    await done;
    return instance;
  }

  return {
    /** Declares the queues' policies, so that jobs sent by any process follow them. */
    define(jobs: JobDefinition[]) {
      for (const job of jobs) definitions.set(job.queue, job as JobDefinition);
    },
    async send(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
      const instance = await ensureQueue(queue);
      return instance.send(queue, data, options);
    },
    /**
     * Many jobs of one queue in one statement. With `keyOf`, a job whose key is already queued or
     * running is not added again (pg-boss singleton keys).
     */
    async sendMany<T extends object>(queue: string, items: T[], keyOf?: (item: T) => string): Promise<void> {
      if (items.length === 0) return;
      const instance = await ensureQueue(queue);
      await instance.insert(
        items.map((data) => ({ name: queue, data, ...(keyOf ? { singletonKey: keyOf(data) } : {}) })),
      );
    },
    /** Registers this process's workers (and the schedules) for every job definition. */
    async work(jobs: JobDefinition[]): Promise<void> {
      this.define(jobs);
      for (const job of jobs) {
        const instance = await ensureQueue(job.queue);
        if (job.schedule) await instance.schedule(job.queue, job.schedule, {}, job.tz ? { tz: job.tz } : {});
        const workers = job.concurrency ?? 1;
        for (let i = 0; i < workers; i++) {
          let workerId: string | undefined;
          workerId = await instance.work<object>(
            job.queue,
            { batchSize: 1, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 },
            async ([item]) => {
              if (!item) return;
              await job.run(item.data ?? {});
              // pg-boss waits out the polling interval after every job, even with more queued: a worker
              // that just found work looks for the next job at once instead (a broadcast's batches).
              if (workerId) instance.notifyWorker(workerId);
            },
          );
        }
      }
    },
    /** The running pg-boss (started if needed), for tests and checks. */
    boss,
    get running() {
      return started !== undefined;
    },
    async stop(options: PgBoss.StopOptions = { graceful: true, timeout: 10_000, wait: true }) {
      if (!started) return;
      const instance = await started;
      await instance.stop(options);
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
