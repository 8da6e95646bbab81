import { PROVIDER_TIME_ZONE, todayInSaoPaulo } from '@central/domain';
import type { JobDefinition, JobQueue } from '../../jobs/boss.ts';
import {
  type BatchJob,
  BROADCAST_BATCH_QUEUE,
  BROADCAST_SWEEP_QUEUE,
  type Broadcaster,
} from './broadcast.ts';
import type { NotificationService } from './service.ts';

export const REMINDERS_QUEUE = 'invoice-reminders';
export const TENANT_REMINDERS_QUEUE = 'invoice-reminders-tenant';

export interface NotificationJobOptions {
  /** A batch job still running after this is taken for lost (its process died) and retried. */
  batchTimeoutSeconds: number;
}

/**
 * Push work (issue 12 items 7 and 8): the daily reminders at 09:00 in São Paulo, fanned out to one job
 * per tenant (once per tenant and day, singleton keys), and the provider broadcasts' batches, with
 * several workers per process and a sweep for broadcasts a crash left unfinished.
 */
export function notificationJobs(
  notifications: NotificationService,
  broadcaster: Broadcaster,
  queue: JobQueue,
  opts: NotificationJobOptions,
): JobDefinition[] {
  return [
    {
      queue: REMINDERS_QUEUE,
      schedule: '0 9 * * *',
      tz: PROVIDER_TIME_ZONE,
      run: async () => {
        const day = todayInSaoPaulo();
        const tenants = await notifications.tenantsWithSubscriptions();
        await queue.sendMany(
          TENANT_REMINDERS_QUEUE,
          tenants.map((tenantId) => ({ tenantId, day })),
          (job) => `${job.tenantId}:${job.day}`,
        );
      },
    },
    {
      queue: TENANT_REMINDERS_QUEUE,
      policy: 'stately',
      expireInSeconds: 30 * 60,
      // An ERP that failed for some customers is asked again 15 and 30 minutes later.
      retryLimit: 2,
      retryDelay: 15 * 60,
      run: async (data: { tenantId?: string }) => {
        if (data.tenantId) await notifications.remindTenant(data.tenantId);
      },
    },
    {
      queue: BROADCAST_BATCH_QUEUE,
      policy: 'stately',
      expireInSeconds: opts.batchTimeoutSeconds,
      retryLimit: 5,
      retryDelay: 0,
      concurrency: 2,
      pollingIntervalSeconds: 1,
      run: (data: Partial<BatchJob>) =>
        data.notificationId !== undefined && data.batch !== undefined
          ? broadcaster.runBatch({ notificationId: data.notificationId, batch: data.batch })
          : Promise.resolve(),
    },
    {
      queue: BROADCAST_SWEEP_QUEUE,
      schedule: '* * * * *',
      run: () => broadcaster.sweep(Math.max(120, opts.batchTimeoutSeconds * 2) * 1000),
    },
  ];
}
