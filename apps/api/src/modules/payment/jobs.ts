import type { JobDefinition } from '../../jobs/boss.ts';
import type { PaymentService } from './service.ts';

/** Card payments the ERP could not be told of at once are settled every minute. */
export function paymentJobs(payments: PaymentService): JobDefinition[] {
  return [{ queue: 'settle-payments', schedule: '* * * * *', run: payments.settlePending }];
}
