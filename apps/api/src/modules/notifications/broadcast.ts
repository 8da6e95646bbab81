import type { ProviderNotificationBody } from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { PushSender } from '../../integrations/push/sender.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import {
  createBroadcast,
  type DeliveryStatus,
  deleteSubscriptions,
  findNotification,
  finishIfDone,
  pendingDeliveries,
  recordDeliveries,
  unfinishedBroadcasts,
} from './repository.ts';
import type { PushChannel } from './service.ts';

export const BROADCAST_BATCH_QUEUE = 'broadcast-batch';
export const BROADCAST_SWEEP_QUEUE = 'broadcast-sweep';

export interface BroadcastSettings {
  /** Subscriptions per batch job. */
  batchSize: number;
  /** Sends one batch job has in flight at once. */
  sendsInFlight: number;
  /** Outcomes are written in groups of this many: at a crash, at most these plus the sends in flight repeat. */
  recordEvery: number;
  /** A batch job still running after this is taken for lost (its process died) and retried. */
  batchTimeoutSeconds: number;
}

export const DEFAULT_BROADCAST: BroadcastSettings = {
  batchSize: 500,
  sendsInFlight: 32,
  recordEvery: 16,
  batchTimeoutSeconds: 120,
};

/** A provider notification is stale after a day: the push service may drop it if the phone stays off. */
const BROADCAST_TTL_SECONDS = 24 * 3600;

export interface BatchJob {
  notificationId: string;
  batch: number;
}

export interface BroadcastDeps {
  db: Db;
  queue: JobQueue;
  push: PushChannel;
  log: Logger;
  settings?: Partial<BroadcastSettings>;
}

/**
 * The provider's general notification delivered by Web Push (issue 12 item 8): the notification and one
 * delivery row per subscription are written together, then one pg-boss job per batch sends its pending
 * rows with a few sends in flight and records each outcome. A batch retried after a crash sends only what
 * it had not recorded; a sweep re-enqueues the batches of a broadcast left unfinished (a crash between
 * the commit and the enqueue), one job per batch at most (singleton keys).
 */
export function createBroadcaster(deps: BroadcastDeps) {
  const { db, queue, log } = deps;
  const settings = { ...DEFAULT_BROADCAST, ...deps.settings };

  async function enqueue(notificationId: string, batches: number) {
    const jobs: BatchJob[] = [];
    for (let batch = 0; batch < batches; batch++) jobs.push({ notificationId, batch });
    await queue.sendMany(BROADCAST_BATCH_QUEUE, jobs, (job) => `${job.notificationId}:${job.batch}`);
  }

  return {
    settings,

    /** Writes the broadcast and enqueues its batches; returns at once, delivery runs in the workers. */
    async start(tenantId: string, input: ProviderNotificationBody & { recipients: number }) {
      const created = await createBroadcast(db, {
        tenantId,
        title: input.title.trim(),
        message: input.message.trim(),
        recipients: input.recipients,
        batchSize: settings.batchSize,
      });
      await enqueue(created.id, created.batches);
      return created;
    },

    /** One batch job: sends its pending deliveries and records their outcomes. */
    async runBatch(job: BatchJob) {
      const [notification, targets] = await Promise.all([
        findNotification(db, job.notificationId),
        pendingDeliveries(db, job.notificationId, job.batch),
      ]);
      if (!notification) return;
      if (targets.length > 0) {
        const sender: PushSender = await deps.push.sender();
        const payload = JSON.stringify({
          title: notification.title,
          body: notification.message,
          url: '/panel',
          tag: `aviso-${notification.id}`,
        });
        const topic = `aviso${notification.id.replace(/-/g, '')}`.slice(0, 32);
        const outcomes: { subscriptionId: string; status: Exclude<DeliveryStatus, 'pending'> }[] = [];
        const gone: string[] = [];
        let writing = Promise.resolve();
        const flush = () => {
          const group = outcomes.splice(0, outcomes.length);
          writing = writing.then(() => recordDeliveries(db, job.notificationId, group));
          return writing;
        };
        const work = [...targets];
        const worker = async () => {
          for (let target = work.shift(); target; target = work.shift()) {
            let status: Exclude<DeliveryStatus, 'pending'>;
            if (!target.endpoint || !target.p256dh || !target.auth) status = 'removed';
            else {
              const outcome = await sender.send(
                { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
                { payload, topic, ttlSeconds: BROADCAST_TTL_SECONDS, urgency: 'normal' },
              );
              status = outcome === 'delivered' ? 'delivered' : outcome === 'gone' ? 'removed' : 'failed';
              if (outcome === 'gone') gone.push(target.subscriptionId);
            }
            outcomes.push({ subscriptionId: target.subscriptionId, status });
            if (outcomes.length >= settings.recordEvery) await flush();
          }
        };
        await Promise.all(Array.from({ length: Math.min(settings.sendsInFlight, targets.length) }, worker));
        await flush();
        await deleteSubscriptions(db, gone);
      }
      if (await finishIfDone(db, job.notificationId))
        log.info({ notification: job.notificationId }, 'provider notification delivered');
    },

    /** Re-enqueues the batches of broadcasts unfinished after `graceMs` (a no-op for live batches). */
    async sweep(graceMs = 60_000) {
      for (const broadcast of await unfinishedBroadcasts(db, new Date(Date.now() - graceMs))) {
        if (broadcast.batches === 0) await finishIfDone(db, broadcast.id);
        else await enqueue(broadcast.id, broadcast.batches);
      }
    },
  };
}
export type Broadcaster = ReturnType<typeof createBroadcaster>;
