import { todayInSaoPaulo } from '../financial/dates.ts';

/** spec §5, §9: how many days before the due date a subscriber may be reminded. */
export const notificationPeriods = [15, 10, 5, 1] as const;
export type NotificationPeriod = (typeof notificationPeriods)[number];

/** Whole days from `today` to `dueDate`, both 'YYYY-MM-DD' calendar days (negative when overdue). */
export function daysBetween(today: string, dueDate: string): number {
  const ms = Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * Whether a subscriber who chose `period` is reminded today of an invoice due on `dueDate`: exactly
 * `period` days before it, counted in São Paulo's calendar whatever the server's time zone.
 */
export function remindsToday(period: number, dueDate: string, now: Date): boolean {
  return daysBetween(todayInSaoPaulo(now), dueDate) === period;
}
