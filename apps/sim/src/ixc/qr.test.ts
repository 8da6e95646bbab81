import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { encodeQr, qrPng } from './qr.ts';

/** Reads back the 8-bit greyscale, unfiltered PNG that qrPng writes, as RGBA for the decoder. */
function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('latin1');
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width + 1)]).toBe(0);
    for (let x = 0; x < width; x++) {
      const v = raw[y * (width + 1) + 1 + x] ?? 0;
      rgba.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, rgba };
}

function readBack(text: string, mask?: number): { decoded: string | undefined; version: number } {
  const code = encodeQr(text, { mask });
  const { width, height, rgba } = decodePng(qrPng(code, { scale: 3 }));
  return { decoded: jsQR(rgba, width, height)?.data, version: code.version };
}

// the static BR Code example of the Central Bank's manual
const BR_CODE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('QR encoder', () => {
  it('encodes a BR Code that a QR reader decodes back', () => {
    const { decoded, version } = readBack(BR_CODE);
    expect(decoded).toBe(BR_CODE);
    // 4 + 8 + 8 × 137 bits: more than version 7-M's 122 data bytes, within version 8-M's 152
    expect(BR_CODE).toHaveLength(137);
    expect(version).toBe(8);
  });

  it('writes the standard format information of level M for each mask', () => {
    // ISO/IEC 18004 table C.1, level M (bits 14..0, already XORed with 101010000010010)
    const table = [
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ];
    for (let mask = 0; mask < 8; mask++) {
      const { modules, size } = encodeQr('central', { mask });
      const at = (x: number, y: number) => (modules[y]?.[x] ? '1' : '0');
      const first: string[] = [];
      const second: string[] = [];
      for (let i = 0; i <= 5; i++) first[i] = at(8, i);
      first[6] = at(8, 7);
      first[7] = at(8, 8);
      first[8] = at(7, 8);
      for (let i = 9; i < 15; i++) first[i] = at(14 - i, 8);
      for (let i = 0; i < 8; i++) second[i] = at(size - 1 - i, 8);
      for (let i = 8; i < 15; i++) second[i] = at(8, size - 15 + i);
      expect(first.reverse().join(''), `mask ${mask}`).toBe(table[mask]);
      expect(second.reverse().join(''), `mask ${mask}`).toBe(table[mask]);
      expect(at(8, size - 8)).toBe('1');
    }
  });

  it('is read back with each of the eight masks', () => {
    for (let mask = 0; mask < 8; mask++)
      expect(readBack(BR_CODE, mask).decoded, `mask ${mask}`).toBe(BR_CODE);
  });

  it('is read back across versions (block layouts, alignment patterns, version information)', () => {
    const seen = new Set<number>();
    for (const length of [1, 10, 14, 20, 40, 60, 100, 150, 200, 260, 320, 400, 500, 700, 900, 1200]) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7) % 90))).join('');
      const { decoded, version } = readBack(text);
      seen.add(version);
      expect(decoded, `${length} bytes, version ${version}`).toBe(text);
    }
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(20);
    expect(seen.size).toBeGreaterThanOrEqual(12);
  });

  it('writes the version information blocks from version 7 on', () => {
    for (const [length, version, bits] of [
      [110, 7, 0x07c94],
      [200, 10, 0x0a4d3],
    ] as const) {
      const code = encodeQr('v'.repeat(length));
      expect(code.version).toBe(version);
      for (let i = 0; i < 18; i++) {
        const a = code.size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        const expected = ((bits >>> i) & 1) === 1;
        expect(code.modules[b]?.[a], `bit ${i} top-right`).toBe(expected);
        expect(code.modules[a]?.[b], `bit ${i} bottom-left`).toBe(expected);
      }
    }
  });

  it('encodes UTF-8 text and picks the smallest version', () => {
    expect(readBack('Fatura nº 1017 – São José').decoded).toBe('Fatura nº 1017 – São José');
    expect(encodeQr('x'.repeat(14)).version).toBe(1);
    expect(encodeQr('x'.repeat(15)).version).toBe(2);
  });
});
