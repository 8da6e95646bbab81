// Nextcloud's size helpers, as PHP runs them (lib/public/Util.php): a quota is stored as text made by
// humanFileSize() and read back with computerFileSize(), both in base 1024.

const UNITS: Record<string, number> = {
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  t: 1024 ** 4,
  tb: 1024 ** 4,
  p: 1024 ** 5,
  pb: 1024 ** 5,
};

/** Nextcloud's FileInfo::SPACE_UNLIMITED: the quota, free and total of a user without a limit. */
export const SPACE_UNLIMITED = -3;

/** PHP's is_numeric (leading and trailing blanks allowed, exponent allowed). */
export function isNumeric(text: string): boolean {
  return /^\s*[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*$/i.test(text);
}

/** PHP's (float) cast of a string: the number at its start, 0 when there is none. */
function floatPrefix(text: string): number {
  const match = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?/i.exec(text);
  return match ? Number(match[0]) : 0;
}

/** `'2 GB'` → 2147483648, `'512M'` → 536870912, digits as they are; false when the unit is unknown. */
export function computerFileSize(raw: string): number | false {
  const text = raw.toLowerCase();
  if (isNumeric(text)) return Number(text);
  const unit = /([kmgtp]?b?)$/.exec(text)?.[1] ?? '';
  const factor = UNITS[unit];
  if (factor === undefined) return false;
  return Math.round(floatPrefix(text) * factor);
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** 2147483648 → '2 GB', 1500000000 → '1.4 GB' (KB without decimals, then one decimal), negative → '?'. */
export function humanFileSize(bytes: number): string {
  if (bytes < 0) return '?';
  if (bytes < 1024) return `${bytes} B`;
  let value = round(bytes / 1024, 0);
  if (value < 1024) return `${value} KB`;
  for (const unit of ['MB', 'GB', 'TB']) {
    value = round(value / 1024, 1);
    if (value < 1024) return `${value} ${unit}`;
  }
  return `${round(value / 1024, 1)} PB`;
}
