const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ with comma decimals (spec §9): 1234.5 → 'R$ 1.234,50' (with a no-break space, as Intl writes it). */
export function formatBRL(value: number): string {
  return brl.format(value);
}

/** IXC money ('89.90', '1234.5', '') → cents, exactly. */
export function moneyToCents(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const text = (value ?? '').trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 0;
  return Math.round(Number(text) * 100);
}

export const centsToValue = (cents: number) => cents / 100;
