import { onlyDigits } from '../cpf-cnpj.ts';
import { z } from '../zod.ts';

export const cardMessages = {
  numberInvalid: 'Número do cartão inválido',
  brandNotAccepted: 'Aceitamos apenas cartões de crédito Visa ou Mastercard',
  holderRequired: 'O nome do titular é obrigatório.',
  holderMin: 'O nome do titular deve ter pelo menos 2 caracteres',
  holderMax: 'O nome do titular deve ter no máximo 26 caracteres',
  holderChars: 'O nome do titular deve conter apenas letras, acentos, espaços, ponto, hífen ou apóstrofo',
  expiryRequired: 'Por favor, informe uma data',
  expiryInvalid: 'Por favor, informe uma data válida',
  cvvRequired: 'Por favor, informe o código de segurança',
  cvvInvalid: 'Código de segurança inválido',
  installmentsInvalid: 'Número de parcelas inválido. Deve ser um número inteiro entre 1 e 3.',
} as const;

export type CardBrand = 'Visa' | 'Master';

/** Visa starts with 4; Mastercard with 51–55 or 2221–2720. Anything else is not accepted (spec §9). */
export function cardBrand(number: string): CardBrand | null {
  const d = onlyDigits(number);
  if (/^4/.test(d)) return 'Visa';
  const two = Number(d.slice(0, 2));
  const four = Number(d.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Master';
  return null;
}

export function luhnValid(number: string): boolean {
  const d = onlyDigits(number);
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return d.length > 0 && sum % 10 === 0;
}

export const cardNumberSchema = z
  .string({ error: cardMessages.numberInvalid })
  .transform(onlyDigits)
  .refine((d) => d.length === 16 && luhnValid(d), cardMessages.numberInvalid)
  .refine((d) => cardBrand(d) !== null, cardMessages.brandNotAccepted);

export const cardHolderSchema = z
  .string({ error: cardMessages.holderRequired })
  .max(45, cardMessages.holderMax)
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .refine((v) => v.length > 0, cardMessages.holderRequired)
  .refine((v) => v.length >= 2, cardMessages.holderMin)
  .refine((v) => v.length <= 26, cardMessages.holderMax)
  .refine((v) => /^[\p{L}\s.'-]+$/u.test(v) && /\p{L}/u.test(v), cardMessages.holderChars);

/** MM/YY (as typed) or MM/YYYY (as sent to the gateway) → MM/YYYY; a real month after 2000. */
export const cardExpirySchema = z
  .string({ error: cardMessages.expiryRequired })
  .trim()
  .min(1, cardMessages.expiryRequired)
  .regex(/^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/, cardMessages.expiryInvalid)
  .transform((v) => {
    const [mm, yy] = v.split('/') as [string, string];
    return `${mm}/${yy.length === 2 ? `20${yy}` : yy}`;
  })
  .refine((v) => Number(v.slice(3)) > 2000, cardMessages.expiryInvalid);

export const cardCvvSchema = z
  .string({ error: cardMessages.cvvRequired })
  .trim()
  .min(1, cardMessages.cvvRequired)
  .regex(/^\d{3}$/, cardMessages.cvvInvalid);

export const installmentsSchema = z
  .number({ error: cardMessages.installmentsInvalid })
  .int(cardMessages.installmentsInvalid)
  .min(1, cardMessages.installmentsInvalid)
  .max(3, cardMessages.installmentsInvalid);

/** Whether an MM/YYYY expiry has passed in `today` (YYYY-MM-DD): a card is valid through its month. */
export function cardExpired(expiry: string, today: string): boolean {
  const [mm, yyyy] = expiry.split('/');
  return `${yyyy}-${mm}` < today.slice(0, 7);
}

/** '4111111111111111' → '**** **** **** 1111'. */
export const maskCardNumber = (lastDigits: string) => `**** **** **** ${lastDigits}`;
