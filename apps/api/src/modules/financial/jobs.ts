import type { JobDefinition } from '../../jobs/boss.ts';
import type { FinancialService } from './service.ts';

/** Download tokens live 2 minutes; spent and expired ones are deleted every 15 minutes. */
export function financialJobs(financial: FinancialService): JobDefinition[] {
  return [
    {
      queue: 'financial-purge-download-tokens',
      schedule: '*/15 * * * *',
      run: financial.purgeDownloadTokens,
    },
  ];
}
