import type { JobDefinition } from '../../jobs/boss.ts';
import type { PaymentService } from './service.ts';

/**
 * Every minute: card payments whose gateway answer was lost are looked up (each on its own back-off),
 * and paid ones the ERP could not be told of at once are settled.
 */
export function paymentJobs(payments: PaymentService): JobDefinition[] {
  return [
    { queue: 'reconcile-payments', schedule: '* * * * *', run: payments.reconcilePending },
    { queue: 'settle-payments', schedule: '* * * * *', run: payments.settlePending },
  ];
}
