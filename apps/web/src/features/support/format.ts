import { formatDateBR, onlyDigits } from '@central/domain';

/** spec §5: (00) 0000-0000 for a landline, (00) 00000-0000 for a mobile, masked as the digits come. */
export function maskPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = `(${digits.slice(0, 2)}) `;
  const rest = digits.slice(2);
  if (rest.length <= 4) return area + rest;
  const split = digits.length === 11 ? 5 : 4;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** '2026-05-12 19:42:10' (as the ERP writes it) → '12/05/2026 às 19:42'; only the date when no time. */
export function formatDateTime(value: string | null | undefined): string {
  const date = formatDateBR(value);
  if (!date) return '';
  const time = value?.slice(11, 16) ?? '';
  return /^\d{2}:\d{2}$/.test(time) && time !== '00:00' ? `${date} às ${time}` : date;
}

/** The closed list's `page` query parameter (spec §9): a whole number from 1, 1 when missing or wrong. */
export function pageParam(value: string | null, max = 100): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), max);
}

/** spec §9: 'Ver mais' is enabled only when 3 or more tickets show and the API has another page. */
export const MIN_TICKETS_FOR_MORE = 3;
export function canSeeMore(shown: number, hasMore: boolean): boolean {
  return shown >= MIN_TICKETS_FOR_MORE && hasMore;
}
