// PIX "copia e cola" (BR Code): the EMV QR Code Merchant-Presented Mode payload that the Central Bank's
// manual defines, with its CRC16-CCITT-FALSE. Each field is ID (2 digits) + length (2 digits) + value.
// Its QR image comes from the `qrcode` package.

import { toBuffer } from 'qrcode';

export interface BrCodeInput {
  /** the receiver's PIX key */
  key: string;
  /** transaction id: up to 25 letters or digits */
  txid: string;
  /** amount in reais, two decimals */
  amount: string | number;
  merchant: string;
  city: string;
}

export interface EmvField {
  id: string;
  value: string;
}

function emv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR), 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Without accents, upper case, cut to `max` (the manual asks for plain ASCII in 59 and 60). */
function ascii(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase()
    .trim()
    .slice(0, max);
}

/** A BR Code with the key in the merchant account (26-01), the amount and the txid (62-05). */
export function pixBrCode(input: BrCodeInput): string {
  if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid)) throw new RangeError('txid must be 1 to 25 letters or digits');
  const account = emv('00', 'br.gov.bcb.pix') + emv('01', input.key);
  const payload =
    emv('00', '01') +
    emv('26', account) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('54', Number(input.amount).toFixed(2)) +
    emv('58', 'BR') +
    emv('59', ascii(input.merchant, 25)) +
    emv('60', ascii(input.city, 15)) +
    emv('62', emv('05', input.txid)) +
    '6304';
  return payload + crc16(payload);
}

/** The BR Code's QR image: a PNG at error correction level M, 5 px per module, 4-module quiet zone. */
export function pixQrPng(brCode: string): Promise<Buffer> {
  return toBuffer(brCode, { type: 'png', errorCorrectionLevel: 'M', scale: 5, margin: 4 });
}

/** The top-level (or nested) fields of an EMV payload; throws when a length runs past the end. */
export function parseEmv(payload: string): EmvField[] {
  const fields: EmvField[] = [];
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (
      !/^\d{2}$/.test(id) ||
      !/^\d{2}$/.test(payload.slice(at + 2, at + 4)) ||
      at + 4 + length > payload.length
    ) {
      throw new RangeError(`malformed EMV field at ${at}`);
    }
    fields.push({ id, value: payload.slice(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  return fields;
}
