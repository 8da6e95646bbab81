import { z } from '../zod.ts';

/**
 * R$ with comma decimals (spec §9): 123450 cents → 'R$ 1.234,50', with a no-break space, exactly as
 * `Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })` writes it (a test holds them equal).
 * Written out because the first Intl number format loads the locale's data: about 20 ms on a desktop,
 * four times that on a cheap phone, spent on the home's first paint for two digits after a comma.
 */
export function formatCents(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${cents < 0 && whole > 0 ? '-' : ''}R$\u00a0${reais},${String(whole % 100).padStart(2, '0')}`;
}

/** IXC money ('89.90', '1234.5', '') → cents, exactly. */
export function moneyToCents(value: string | null | undefined): number {
  const text = (value ?? '').trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 0;
  return Math.round(Number(text) * 100);
}

/**
 * Money on the wire of the spec's JSON is a number of reais (89.9); inside the API and the SPA it is
 * integer cents. The server encodes cents to reais when it serialises a response, the SPA decodes
 * reais to cents when it parses one: reais exist only in the JSON.
 */
export const reais = z
  .codec(z.number(), z.int(), {
    decode: (value) => Math.round(value * 100),
    encode: (cents) => cents / 100,
  })
  // The OpenAPI document describes the wire (reais), not the cents that handlers return.
  .meta({ type: 'number', description: 'R$', minimum: undefined, maximum: undefined });
