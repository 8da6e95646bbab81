/** The providers are in Brazil: 'today' is the day in São Paulo, whatever the server's zone (spec §4). */
export const PROVIDER_TIME_ZONE = 'America/Sao_Paulo';

/**
 * A formatter made on its first use: making one with a time zone loads the zone's rules, tens of
 * milliseconds on a cheap phone, which no module should spend at load for a date it may never show.
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat(locale, options);
    return format.format(date);
  };
}

const isoDay = lazyFormat('en-CA', {
  timeZone: PROVIDER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of `now` in São Paulo. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return isoDay(now);
}

// 'sv-SE' writes dates as ISO does: '2026-11-23 14:05:09'.
const localStamp = lazyFormat('sv-SE', {
  timeZone: PROVIDER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `now` as the provider's local time, 'YYYY-MM-DD HH:MM:SS', as IXC writes its date-times. */
export function localDateTimeInSaoPaulo(now: Date = new Date()): string {
  return localStamp(now);
}

/** YYYY-MM-DD plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/** A date as IXC sends it ('2026-11-30', '2026-11-30 10:00:00', or the zero date) → YYYY-MM-DD or null. */
export function ixcDate(value: string | null | undefined): string | null {
  const day = (value ?? '').slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day !== '0000-00-00' ? day : null;
}

/** '2026-11-30' → '30/11/2026'. */
export function formatDateBR(day: string | null | undefined): string {
  const d = ixcDate(day);
  if (!d) return '';
  const [y, m, dd] = d.split('-');
  return `${dd}/${m}/${y}`;
}

/** YYYY-MM of `now` in São Paulo. */
export function currentMonthInSaoPaulo(now: Date = new Date()): string {
  return todayInSaoPaulo(now).slice(0, 7);
}
