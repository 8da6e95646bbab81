import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { purgeDeadSessions } from '../modules/auth/repository.ts';
import { purgeDownloadTokens } from '../modules/financial/download-tokens.ts';
import { purgeOldFlows } from '../modules/recovery/repository.ts';
import { purgeExpiredRateLimits } from '../platform/rate-limit.ts';

export const MAINTENANCE_QUEUE = 'maintenance';
export const SETTLE_PAYMENTS_QUEUE = 'settle-payments';

export interface JobTasks {
  /** Settles in the ERP the card payments it could not be told of at once. */
  settlePayments?: () => Promise<unknown>;
}

/**
 * pg-boss on the portal's own database: through our PGlite connection (its bring-your-own `db`)
 * in embedded mode, through its own pool on PostgreSQL, so N processes share the work.
 */
export async function startJobs(database: Database, logger: Logger, tasks: JobTasks = {}): Promise<PgBoss> {
  const boss = database.executor
    ? new PgBoss({ db: database.executor as PgBoss.Db, supervise: true, schedule: true })
    : new PgBoss({ connectionString: database.connectionString, max: 4 });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  await boss.createQueue(MAINTENANCE_QUEUE);
  await boss.schedule(MAINTENANCE_QUEUE, '*/15 * * * *');
  await boss.work(MAINTENANCE_QUEUE, async () => {
    await purgeExpiredRateLimits(database.db);
    await purgeDeadSessions(database.db);
    await purgeOldFlows(database.db);
    await purgeDownloadTokens(database.db);
  });
  const { settlePayments } = tasks;
  if (settlePayments) {
    await boss.createQueue(SETTLE_PAYMENTS_QUEUE);
    await boss.schedule(SETTLE_PAYMENTS_QUEUE, '* * * * *');
    await boss.work(SETTLE_PAYMENTS_QUEUE, async () => {
      await settlePayments();
    });
  }
  return boss;
}
