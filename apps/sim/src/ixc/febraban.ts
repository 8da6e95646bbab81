// FEBRABAN bank slips ("bloqueto de cobrança"): the 44-digit barcode, the 47-digit "linha digitável"
// and the Interleaved 2 of 5 symbol that carries the barcode, as the banks' layout specifies them.
//
// Barcode: bank (3) + currency '9' (1) + general check digit (1, mod 11) + due-date factor (4) + value in
// cents (10) + free field (25, the bank's own). Line: field 1 = bank + currency + free[0..5] + mod 10,
// field 2 = free[5..15] + mod 10, field 3 = free[15..25] + mod 10, field 4 = general check digit, field 5 =
// factor + value.

import { daysBetween } from '../clock.ts';

const FACTOR_BASE = '1997-10-07';
const MAX_CENTS = 9_999_999_999;

function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

function assertDigits(value: string, length: number, what: string): void {
  if (!new RegExp(`^\\d{${length}}$`).test(value)) throw new RangeError(`${what} must be ${length} digits`);
}

/** Mod 10 of the line's fields: weights 2, 1, 2... from the right, digits of each product summed. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The barcode's general check digit over its other 43 digits: mod 11, weights 2..9 from the right,
 * 11 − remainder, where the results 0, 10 and 11 become 1.
 */
export function barcodeCheckDigit(digits43: string): number {
  assertDigits(digits43, 43, 'the barcode without its check digit');
  let sum = 0;
  let weight = 2;
  for (let i = digits43.length - 1; i >= 0; i--) {
    sum += Number(digits43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/**
 * Due-date factor: days since 1997-10-07. It reached 9999 on 2025-02-21 and restarted at 1000 on
 * 2025-02-22, and it keeps cycling through 1000..9999 every 9000 days.
 */
export function dueDateFactor(dueDate: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) throw new RangeError(`invalid due date '${dueDate}'`);
  const days = daysBetween(FACTOR_BASE, dueDate);
  if (days < 1) throw new RangeError(`due date ${dueDate} is before the factor's base date`);
  return days > 9999 ? ((days - 10_000) % 9000) + 1000 : days;
}

/** Money in reais (number, '99.90' or '99,90') to whole cents, exactly. */
export function toCents(amount: number | string): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim().replace(',', '.');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`invalid amount '${amount}'`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents > MAX_CENTS) throw new RangeError(`amount ${amount} does not fit the barcode's 10 digits`);
  return cents;
}

export interface BarcodeFields {
  /** the bank's 3-digit code (748 Sicredi, 001 Banco do Brasil...) */
  bank: string;
  /** currency code, '9' for the real */
  currency?: string;
  /** the due date (YYYY-MM-DD); or give `factor` directly */
  dueDate?: string;
  factor?: number;
  /** the value in reais */
  amount: number | string;
  /** the 25-digit free field, laid out by the bank */
  freeField: string;
}

/** The 44-digit barcode of a boleto. */
export function barcodeFromFields(fields: BarcodeFields): string {
  const currency = fields.currency ?? '9';
  assertDigits(fields.bank, 3, 'bank');
  assertDigits(currency, 1, 'currency');
  assertDigits(fields.freeField, 25, 'free field');
  const factor = fields.factor ?? (fields.dueDate ? dueDateFactor(fields.dueDate) : 0);
  if (!Number.isInteger(factor) || factor < 0 || factor > 9999)
    throw new RangeError(`invalid factor ${factor}`);
  const tail = `${String(factor).padStart(4, '0')}${String(toCents(fields.amount)).padStart(10, '0')}${fields.freeField}`;
  const head = `${fields.bank}${currency}`;
  return `${head}${barcodeCheckDigit(head + tail)}${tail}`;
}

function checkBarcode(barcode: string): void {
  assertDigits(barcode, 44, 'barcode');
  const dv = barcodeCheckDigit(barcode.slice(0, 4) + barcode.slice(5));
  if (Number(barcode[4]) !== dv) throw new RangeError(`barcode check digit ${barcode[4]} should be ${dv}`);
}

/** The 47-digit linha digitável of a 44-digit barcode. */
export function linhaDigitavelFromBarcode(barcode: string): string {
  const code = digitsOnly(barcode);
  checkBarcode(code);
  const free = code.slice(19);
  const f1 = `${code.slice(0, 4)}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${code[4]}${code.slice(5, 19)}`;
}

/** The barcode a linha digitável stands for; throws when a check digit does not match. */
export function barcodeFromLinhaDigitavel(line: string): string {
  const d = digitsOnly(line);
  assertDigits(d, 47, 'linha digitável');
  const fields: [string, number][] = [
    [d.slice(0, 9), 9],
    [d.slice(10, 20), 20],
    [d.slice(21, 31), 31],
  ];
  fields.forEach(([field, at], i) => {
    if (Number(d[at]) !== mod10(field))
      throw new RangeError(`check digit of field ${i + 1} should be ${mod10(field)}`);
  });
  const barcode = `${d.slice(0, 4)}${d[32]}${d.slice(33, 47)}${d.slice(4, 9)}${d.slice(10, 20)}${d.slice(21, 31)}`;
  checkBarcode(barcode);
  return barcode;
}

/** `00000.00000 00000.000000 00000.000000 0 00000000000000` */
export function formatLinhaDigitavel(line: string): string {
  const d = digitsOnly(line);
  assertDigits(d, 47, 'linha digitável');
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/**
 * Width of the narrow element in PDF points: 0.254 mm, so that the 405 modules of a boleto's symbol span
 * FEBRABAN's 103 mm (the symbol is 13 mm tall).
 */
export const ITF_MODULE_PT = 0.72;

// Interleaved 2 of 5: each digit is five elements, two of them wide; digits go in pairs, the first one in
// the bars and the second one in the spaces between them.
const ITF_DIGITS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

/**
 * The ITF symbol of an even number of digits as element widths in narrow modules, bar first, bars and
 * spaces alternating: start (narrow bar, narrow space, narrow bar, narrow space), the interleaved pairs,
 * stop (wide bar, narrow space, narrow bar). `wide` is the wide:narrow ratio (FEBRABAN: 3).
 */
export function itfPattern(digits: string, wide = 3): number[] {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0)
    throw new RangeError('ITF needs an even number of digits');
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITS[Number(digits[i])] ?? '';
    const spaces = ITF_DIGITS[Number(digits[i + 1])] ?? '';
    for (let k = 0; k < 5; k++) widths.push(bars[k] === 'w' ? wide : 1, spaces[k] === 'w' ? wide : 1);
  }
  widths.push(wide, 1, 1);
  return widths;
}

// --- Sicredi (bank 748), the bank of the demo ISPs --------------------------------------------------------

export const SICREDI = {
  bank: '748',
  bankLabel: '748-X',
  cooperative: '0710',
  post: '01',
  beneficiary: '27345',
};

function sicrediMod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum % 11;
}

/** Sicredi's "nosso número": year (2) + generation byte '2' + sequence (5) + mod 11 check digit. */
export function sicrediOurNumber(year: string, sequence: string): string {
  const base = `${year.slice(-2)}2${sequence.padStart(5, '0').slice(-5)}`;
  const r = sicrediMod11(`${SICREDI.cooperative}${SICREDI.post}${SICREDI.beneficiary}${base}`);
  const dv = 11 - r > 9 ? 0 : 11 - r;
  return `${base}${dv}`;
}

/**
 * Sicredi's free field: charge type '1' (registered) + portfolio '1' + our number (9) + cooperative (4) +
 * post (2) + beneficiary (5) + '1' when the slip has a value + '0' + mod 11 check digit.
 */
export function sicrediFreeField(ourNumber: string, hasValue = true): string {
  assertDigits(ourNumber, 9, 'our number');
  const base = `11${ourNumber}${SICREDI.cooperative}${SICREDI.post}${SICREDI.beneficiary}${hasValue ? '1' : '0'}0`;
  const r = sicrediMod11(base);
  return `${base}${r <= 1 ? 0 : 11 - r}`;
}

/** The 47-digit line of a demo boleto (Sicredi). */
export function boletoLine(dueDate: string, amount: string, ourNumber: string): string {
  const freeField = sicrediFreeField(ourNumber, toCents(amount) > 0);
  return linhaDigitavelFromBarcode(barcodeFromFields({ bank: SICREDI.bank, dueDate, amount, freeField }));
}
