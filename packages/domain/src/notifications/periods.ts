/** spec §5, §9: how many days before the due date a subscriber may be reminded. */
export const notificationPeriods = [15, 10, 5, 1] as const;
export type NotificationPeriod = (typeof notificationPeriods)[number];

export const PORTAL_TIME_ZONE = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in São Paulo of an instant, as 'YYYY-MM-DD'. */
export function saoPauloDay(instant: Date): string {
  return dayFormat.format(instant);
}

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
  return daysBetween(saoPauloDay(now), dueDate) === period;
}
