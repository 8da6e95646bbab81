import { currentMonthInSaoPaulo, EARLIEST_NF_MONTH } from '@central/domain';

/** YYYY-MM plus `n` months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const longMonth = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });

/** '2026-11' → 'novembro de 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return longMonth.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** 'Janeiro' … 'Dezembro', for the month select. */
export const MONTH_NAMES = Array.from({ length: 12 }, (_, i) => {
  const name = monthName.format(new Date(Date.UTC(2000, i, 1)));
  return name.charAt(0).toUpperCase() + name.slice(1);
});

/** spec §5/§9: from February 2014 to the current month in São Paulo; never a future month. */
export function monthRange(now: Date = new Date()) {
  return { first: EARLIEST_NF_MONTH, last: currentMonthInSaoPaulo(now) };
}

/** A month of the URL, or the current one when it is missing, malformed or out of range. */
export function clampMonth(value: string | null, range = monthRange()): string {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return range.last;
  if (value < range.first) return range.first;
  if (value > range.last) return range.last;
  return value;
}
