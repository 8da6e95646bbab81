import { describe, expect, it } from 'vitest';
import { addDays } from '../clock.ts';
import {
  barcodeCheckDigit,
  barcodeFromFields,
  barcodeFromLinhaDigitavel,
  boletoLine,
  dueDateFactor,
  formatLinhaDigitavel,
  itfPattern,
  linhaDigitavelFromBarcode,
  sicrediFreeField,
  sicrediOurNumber,
} from './febraban.ts';

/** The mod 11 sum of the barcode, computed here independently. */
function mod11Sum(digits43: string): number {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  return [...digits43].reverse().reduce((acc, d, i) => acc + Number(d) * (weights[i % 8] ?? 0), 0);
}

/** Reads an ITF pattern back: widths → digits, checking the start and stop guards. */
function decodeItf(widths: number[]): string {
  const wideOf = (w: number) => (w > 1.5 ? 'w' : 'n');
  const table = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
  expect(widths.slice(0, 4).map(wideOf).join('')).toBe('nnnn');
  expect(widths.slice(-3).map(wideOf).join('')).toBe('wnn');
  const body = widths.slice(4, -3);
  expect(body.length % 10).toBe(0);
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10).map(wideOf);
    const bars = pair.filter((_, k) => k % 2 === 0).join('');
    const spaces = pair.filter((_, k) => k % 2 === 1).join('');
    expect(table).toContain(bars);
    expect(table).toContain(spaces);
    digits += `${table.indexOf(bars)}${table.indexOf(spaces)}`;
  }
  return digits;
}

const FREE = '0500940144816060680935031';

describe('due-date factor', () => {
  it('counts days from 1997-10-07 and restarts at 1000 on 2025-02-22', () => {
    expect(dueDateFactor('1997-10-08')).toBe(1);
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2007-12-31')).toBe(3737);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(dueDateFactor('2026-03-05')).toBe(1376);
  });

  it('keeps cycling within 1000..9999', () => {
    expect(dueDateFactor(addDays('2025-02-22', 8999))).toBe(9999);
    expect(dueDateFactor(addDays('2025-02-22', 9000))).toBe(1000);
    for (let offset = 0; offset < 30_000; offset += 997) {
      const factor = dueDateFactor(addDays('2025-02-22', offset));
      expect(factor).toBeGreaterThanOrEqual(1000);
      expect(factor).toBeLessThanOrEqual(9999);
    }
  });

  it('refuses dates before the base and malformed dates', () => {
    expect(() => dueDateFactor('1997-10-07')).toThrow(RangeError);
    expect(() => dueDateFactor('07/10/2026')).toThrow(RangeError);
  });
});

describe('barcode', () => {
  it('lays out bank, currency, check digit, factor, value and free field', () => {
    const code = barcodeFromFields({ bank: '748', dueDate: '2025-02-22', amount: '99.90', freeField: FREE });
    expect(code).toHaveLength(44);
    expect(code.slice(0, 4)).toBe('7489');
    expect(code.slice(5, 9)).toBe('1000');
    expect(code.slice(9, 19)).toBe('0000009990');
    expect(code.slice(19)).toBe(FREE);
    expect(Number(code[4])).toBe(barcodeCheckDigit(code.slice(0, 4) + code.slice(5)));
  });

  it('encodes the value edges in cents, commas accepted', () => {
    const value = (amount: string | number) =>
      barcodeFromFields({ bank: '001', factor: 1000, amount, freeField: FREE }).slice(9, 19);
    expect(value('0.01')).toBe('0000000001');
    expect(value(0.01)).toBe('0000000001');
    expect(value('99999999.99')).toBe('9999999999');
    expect(value('1234,5')).toBe('0000123450');
    expect(value('0')).toBe('0000000000');
    expect(() => value('100000000.00')).toThrow(RangeError);
    expect(() => value('-1')).toThrow(RangeError);
    expect(() => value('1.234,56')).toThrow(RangeError);
  });

  it('turns the mod 11 results 0, 1, 10 and 11 into 1', () => {
    const found = new Map<number, string>();
    for (let n = 0; found.size < 11 && n < 10_000; n++) {
      const digits = `0019${String(3737 + (n % 7)).padStart(4, '0')}${String(n).padStart(10, '0')}${FREE}`;
      found.set(mod11Sum(digits) % 11, digits);
    }
    expect(found.size).toBe(11);
    for (const [remainder, digits] of found) {
      const natural = 11 - remainder; // 11 (r = 0), 10 (r = 1), 1 (r = 10), otherwise 2..9
      expect(barcodeCheckDigit(digits), `remainder ${remainder}`).toBe(
        natural === 0 || natural === 1 || natural >= 10 ? 1 : natural,
      );
    }
  });

  it('matches the Banco do Brasil example of the FEBRABAN layout (R$ 1,00 due 2007-12-31)', () => {
    const barcode = '00193373700000001000500940144816060680935031';
    const line = '00190500954014481606906809350314337370000000100';
    expect(barcodeFromFields({ bank: '001', dueDate: '2007-12-31', amount: '1.00', freeField: FREE })).toBe(
      barcode,
    );
    expect(linhaDigitavelFromBarcode(barcode)).toBe(line);
    expect(barcodeFromLinhaDigitavel(line)).toBe(barcode);
    expect(formatLinhaDigitavel(line)).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
  });
});

describe('linha digitável', () => {
  it('round-trips with the barcode', () => {
    for (let i = 0; i < 200; i++) {
      const free = String(i * 7_919_113).padStart(25, String(i % 10));
      const barcode = barcodeFromFields({
        bank: ['001', '237', '341', '748'][i % 4] ?? '001',
        factor: 1000 + ((i * 37) % 9000),
        amount: ((i * 12_345) % 10_000_000) / 100,
        freeField: free.slice(-25),
      });
      const line = linhaDigitavelFromBarcode(barcode);
      expect(line).toMatch(/^\d{47}$/);
      expect(barcodeFromLinhaDigitavel(line)).toBe(barcode);
      expect(barcodeFromLinhaDigitavel(formatLinhaDigitavel(line))).toBe(barcode);
    }
  });

  it('rejects a line whose check digits do not match', () => {
    const line = '00190500954014481606906809350314337370000000100';
    const swap = (at: number) => `${line.slice(0, at)}${(Number(line[at]) + 1) % 10}${line.slice(at + 1)}`;
    for (const at of [2, 9, 12, 20, 25, 31, 32, 40])
      expect(() => barcodeFromLinhaDigitavel(swap(at))).toThrow();
    expect(() => barcodeFromLinhaDigitavel(line.slice(1))).toThrow();
    expect(() => linhaDigitavelFromBarcode('00193373700000001000500940144816060680935032')).toThrow();
  });

  it('builds the demo boletos on Sicredi with their own check digits', () => {
    const nn = sicrediOurNumber('2026', '1017');
    expect(nn).toMatch(/^262010\d{3}$/);
    const free = sicrediFreeField(nn);
    expect(free).toMatch(/^11\d{9}0710012734510\d$/);
    const line = boletoLine('2026-03-15', '89.90', nn);
    const barcode = barcodeFromLinhaDigitavel(line);
    expect(barcode.slice(0, 3)).toBe('748');
    expect(barcode.slice(5, 9)).toBe(String(dueDateFactor('2026-03-15')));
    expect(barcode.slice(9, 19)).toBe('0000008990');
    expect(barcode.slice(19)).toBe(free);
  });
});

describe('ITF pattern', () => {
  it('draws start, interleaved pairs and stop at 1:3, and reads back as the barcode', () => {
    const barcode = '00193373700000001000500940144816060680935031';
    const widths = itfPattern(barcode);
    expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
    expect(widths.slice(-3)).toEqual([3, 1, 1]);
    expect(widths).toHaveLength(4 + 44 * 5 + 3);
    expect(new Set(widths)).toEqual(new Set([1, 3]));
    expect(widths.reduce((a, b) => a + b, 0)).toBe(405); // 103 mm at 0.254 mm
    expect(decodeItf(widths)).toBe(barcode);
    // 0 = nnwwn in the bars, 5 = wnwnn in the spaces, then the stop
    expect(itfPattern('05', 2.5).slice(4)).toEqual([1, 2.5, 1, 1, 2.5, 2.5, 2.5, 1, 1, 1, 2.5, 1, 1]);
  });

  it('needs an even count of digits', () => {
    expect(() => itfPattern('123')).toThrow(RangeError);
    expect(() => itfPattern('12a4')).toThrow(RangeError);
  });
});
