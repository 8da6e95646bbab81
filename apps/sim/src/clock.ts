// Calendar arithmetic on São Paulo local dates ('YYYY-MM-DD'), the way Brazilian ERPs store them.
// Dates are handled as plain calendar days (UTC arithmetic on the components), so no library is needed.

const SAO_PAULO = 'America/Sao_Paulo';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface LocalDateTime {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM:SS` */
  time: string;
}

export function saoPauloNow(now: Date): LocalDateTime {
  const part: Record<string, string> = {};
  for (const p of formatter.formatToParts(now)) part[p.type] = p.value;
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}:${part.second}`,
  };
}

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

function fromUtc(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** Moves by whole months and sets the day of month (clamped to the month's length). */
export function monthDay(date: string, months: number, day: number): string {
  const base = toUtc(date);
  const first = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return fromUtc(first);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** A seed's view of "today": every date of the demo data is relative to it. */
export class SeedCalendar {
  readonly today: string;
  readonly time: string;

  constructor(now: Date) {
    const local = saoPauloNow(now);
    this.today = local.date;
    this.time = local.time;
  }

  day(offset: number): string {
    return addDays(this.today, offset);
  }

  month(offset: number, day: number): string {
    return monthDay(this.today, offset, day);
  }

  at(date: string, time: string): string {
    return `${date} ${time}`;
  }
}
