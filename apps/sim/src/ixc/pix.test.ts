import { describe, expect, it } from 'vitest';
import { crc16, pixQrPng } from './pix.ts';
import { decodeQrPng, readPng } from './test-support.ts';

// the static BR Code example of the Central Bank's manual
const BR_CODE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('BR Code', () => {
  it('ends with the CRC16-CCITT-FALSE of everything up to 6304, as in the manual example', () => {
    expect(crc16(BR_CODE.slice(0, -4))).toBe('1D3D');
  });
});

type Cell = [x: number, y: number];

describe('PIX QR image', () => {
  it('is a PNG that a QR reader decodes back to the BR Code', async () => {
    expect(decodeQrPng(await pixQrPng(BR_CODE))).toBe(BR_CODE);
  });

  it('is at error correction level M, 5 px per module with a 4-module quiet zone', async () => {
    const { width, rgba } = readPng(await pixQrPng(BR_CODE));
    const size = width / 5 - 2 * 4;
    expect((size - 17) % 4).toBe(0); // 4 × version + 17 modules
    const dark = (x: number, y: number) =>
      (rgba[(((y + 4) * 5 + 2) * width + (x + 4) * 5 + 2) * 4] ?? 255) < 128;
    const read = (cells: Cell[]) => cells.reduce((bits, [x, y], i) => bits | (dark(x, y) ? 1 << i : 0), 0);
    // ISO/IEC 18004 §7.9: the 15 format bits, bit 0 first, in two copies, XORed with 101010000010010
    const nearTopLeft = read([
      ...[0, 1, 2, 3, 4, 5, 7, 8].map((y): Cell => [8, y]),
      ...[7, 5, 4, 3, 2, 1, 0].map((x): Cell => [x, 8]),
    ]);
    const split = read([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((d): Cell => [size - d, 8]),
      ...[7, 6, 5, 4, 3, 2, 1].map((d): Cell => [8, size - d]),
    ]);
    expect(split).toBe(nearTopLeft);
    expect((nearTopLeft ^ 0b101010000010010) >> 13).toBe(0b00); // the level's two bits: 00 is M
  });
});
