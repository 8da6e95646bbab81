/** spec §9: 1 to 3 installments; 2.35% a month compounded; 1 installment without surcharge. */
export const MAX_INSTALLMENTS = 3;
export const MONTHLY_INTEREST = 0.0235;

export interface InstallmentOption {
  installments: number;
  /** Total charged, in cents. */
  totalCents: number;
  /** Each installment, in cents (the last one absorbs the rounding). */
  installmentCents: number;
}

export function installmentOption(amountCents: number, installments: number): InstallmentOption {
  if (!Number.isInteger(installments) || installments < 1 || installments > MAX_INSTALLMENTS) {
    throw new RangeError('installments must be an integer from 1 to 3');
  }
  const totalCents =
    installments === 1 ? amountCents : Math.round(amountCents * (1 + MONTHLY_INTEREST) ** installments);
  return { installments, totalCents, installmentCents: Math.round(totalCents / installments) };
}

export function installmentOptions(amountCents: number): InstallmentOption[] {
  return Array.from({ length: MAX_INSTALLMENTS }, (_, i) => installmentOption(amountCents, i + 1));
}
