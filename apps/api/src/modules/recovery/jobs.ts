import type { JobDefinition } from '../../jobs/boss.ts';
import type { RecoveryService } from './service.ts';

/** Finished and abandoned recovery flows are deleted a day after they end. */
export function recoveryJobs(recovery: RecoveryService): JobDefinition[] {
  return [{ queue: 'recovery-purge', schedule: '7 * * * *', run: recovery.purgeOldFlows }];
}
