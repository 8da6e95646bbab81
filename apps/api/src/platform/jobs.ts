import type { Db } from '../db/client.ts';
import type { JobDefinition } from '../jobs/boss.ts';
import { purgeExpiredRateLimits } from './rate-limit.ts';
import { purgeDeadSessions } from './session-repository.ts';

export const MAINTENANCE_QUEUE = 'maintenance';

/** The platform's own upkeep: ended rate-limit windows and dead sessions, every 15 minutes. */
export function platformJobs(db: Db): JobDefinition[] {
  return [
    {
      queue: MAINTENANCE_QUEUE,
      schedule: '*/15 * * * *',
      run: async () => {
        await purgeExpiredRateLimits(db);
        await purgeDeadSessions(db);
      },
    },
  ];
}
