// Payment documents the way a bank and the Central Bank define them, so that what the simulator hands out
// passes the checks a real client may run: FEBRABAN boleto lines (check digits included) and PIX BR Codes
// (EMV payload with its CRC16).

import { crc32, deflateSync } from 'node:zlib';
import { daysBetween } from '../clock.ts';

function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? Math.floor(product / 10) + (product % 10) : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function barcodeCheckDigit(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 1 || dv >= 10 ? 1 : dv;
}

/** FEBRABAN due-date factor; it restarted at 1000 on 2025-02-22 after reaching 9999. */
export function dueDateFactor(dueDate: string): number {
  const days = daysBetween('1997-10-07', dueDate);
  return days > 9999 ? ((days - 10000) % 9000) + 1000 : days;
}

/** The 47-digit "linha digitável" of a boleto of bank 748 (Sicredi). */
export function boletoLine(dueDate: string, amount: string, ourNumber: string): string {
  const bank = '7489';
  const factor = String(dueDateFactor(dueDate)).padStart(4, '0');
  const cents = String(Math.round(Number(amount) * 100)).padStart(10, '0');
  const free = `11${ourNumber.replace(/\D/g, '').padStart(9, '0').slice(-9)}0123001234567810`.slice(0, 25);
  const dv = barcodeCheckDigit(`${bank}${factor}${cents}${free}`);
  const f1 = `${bank}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${cents}`;
}

function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function plain(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '');
}

function ascii(value: string, max: number): string {
  return plain(value).toUpperCase().slice(0, max);
}

/** A dynamic PIX "copia e cola" (BR Code) pointing at a location that carries the txid. */
export function pixBrCode(opts: { txid: string; amount: string; merchant: string; city: string }): string {
  const account = emv('00', 'br.gov.bcb.pix') + emv('25', `pix.sim.local/qr/v2/${opts.txid}`);
  const payload =
    emv('00', '01') +
    emv('01', '12') +
    emv('26', account) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('54', Number(opts.amount).toFixed(2)) +
    emv('58', 'BR') +
    emv('59', ascii(opts.merchant, 25)) +
    emv('60', ascii(opts.city, 15)) +
    emv('62', emv('05', '***')) +
    '6304';
  return payload + crc16(payload);
}

/** A one-page PDF with the given lines, built by hand (objects, xref and trailer). */
export function simplePdf(lines: string[]): Buffer {
  const pdfText = (s: string) =>
    plain(s)
      .slice(0, 90)
      .replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT /F1 12 Tf 56 780 Td 16 TL',
    ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${pdfText(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A plain grey square standing in for the QR code image: the simulator does not draw QR codes, the BR Code
 * next to it is the real payload.
 */
export function placeholderQrPng(size = 120): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((size + 1) * size, 0xd0);
  for (let y = 0; y < size; y++) raw[y * (size + 1)] = 0; // filter byte of each scanline
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}
