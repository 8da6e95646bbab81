/** '2026-11-22 06:12:44' (the ERP's local time) → '22/11/2026 às 06:12'. */
export function formatLocalDateTime(value: string): string {
  const [, y, m, d, hh, mm] = value.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/) ?? [];
  return y ? `${d}/${m}/${y} às ${hh}:${mm}` : '';
}

/** '2026-11-22 06:12:44' → '22/11 06:12', for the sessions table on a phone. */
export function formatShortDateTime(value: string): string {
  const [, , m, d, hh, mm] = value.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/) ?? [];
  return m ? `${d}/${m} ${hh}:${mm}` : '';
}

/** '2026-11-22' → '22/11'. */
export const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
