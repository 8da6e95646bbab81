// The rules of Cielo's API 3.0 that the simulator applies: its error codes (manual, "API Error Codes"), card
// validation, the Mastercard transaction initiator (manual, "Mastercard Transaction Initiator") and the
// sandbox's table of results by the card number's last digit (manual, "Credit card in sandbox").

import { saoPauloNow } from '../clock.ts';

export interface CieloError {
  Code: number;
  Message: string;
}

export const CIELO_ERRORS = {
  internal: { Code: 0, Message: 'Internal error' },
  paymentTypeRequired: { Code: 102, Message: 'Payment Type is required' },
  customerNameRequired: { Code: 105, Message: 'Customer Name is required' },
  orderIdInvalid: { Code: 107, Message: 'OrderId is invalid or does not exists' },
  amountInvalid: { Code: 108, Message: 'Amount must be greater or equal to zero' },
  holderRequired: { Code: 117, Message: 'Credit Card Holder is required' },
  cardNumberRequired: { Code: 118, Message: 'Credit Card Number is required' },
  paymentRequired: { Code: 119, Message: 'At least one Payment is required' },
  merchantOrderIdRequired: { Code: 122, Message: 'MerchantOrderId is required' },
  installmentsInvalid: { Code: 123, Message: 'Installments must be greater or equal to one' },
  creditCardRequired: { Code: 124, Message: 'Credit Card is Required' },
  expirationRequired: { Code: 125, Message: 'Credit Card Expiration Date is required' },
  expirationInvalid: { Code: 126, Message: 'Credit Card Expiration Date is invalid' },
  cardNumberLength: { Code: 128, Message: 'Card Number length exceeded' },
  cardNotFound: { Code: 130, Message: 'Could not get Credit Card' },
  securityCodeLength: { Code: 146, Message: 'SecurityCode length exceeded' },
  paymentMethodNotEnabled: { Code: 173, Message: 'Payment method is not enabled' },
  brandRequired: { Code: 182, Message: 'Brand is required' },
  emptyRequest: { Code: 184, Message: 'Request could not be empty' },
  brandNotSupported: { Code: 185, Message: 'Brand is not supported by selected provider' },
  optionsNotSupported: {
    Code: 186,
    Message:
      'The selected provider does not support the options provided (Capture, Authenticate, Recurrent or Installments)',
  },
  cardNumberInvalid: { Code: 213, Message: 'Credit Card Number is invalid' },
  holderOnlyLetters: { Code: 214, Message: 'Credit Card Holder Must Have Only Letters' },
  notAvailableToCapture: { Code: 308, Message: 'Transaction not available to capture' },
  notAvailableToVoid: { Code: 309, Message: 'Transaction not available to void' },
  // The manual names no error for a Mastercard stored-credential sale without (or with a wrong)
  // InitiatedTransactionIndicator; 999 is the simulator's own code, outside Cielo's table.
  initiatorRequired: { Code: 999, Message: 'InitiatedTransactionIndicator is required for Mastercard' },
  initiatorInvalid: { Code: 999, Message: 'InitiatedTransactionIndicator is invalid' },
} as const satisfies Record<string, CieloError>;

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Brand = 'Visa' | 'Master';

/** Cielo's brand names are matched without regard to case ('VISA', 'master'...). */
export function parseBrand(value: unknown): Brand | undefined {
  if (typeof value !== 'string') return undefined;
  const key = value.trim().toLowerCase();
  if (key === 'visa') return 'Visa';
  if (key === 'master' || key === 'mastercard') return 'Master';
  return undefined;
}

/** Visa starts with 4; Mastercard with 51–55 or 2221–2720. */
export function brandOfNumber(number: string): Brand | undefined {
  if (number.startsWith('4')) return 'Visa';
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Master';
  return undefined;
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let n = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** '411111******1111', as Cielo answers a card number. */
export function maskCardNumber(number: string): string {
  return `${number.slice(0, 6)}${'*'.repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`;
}

export interface CardInput {
  CardNumber?: unknown;
  Holder?: unknown;
  ExpirationDate?: unknown;
  Brand?: unknown;
}

export interface ValidCard {
  number: string;
  holder: string;
  expirationDate: string;
  brand: Brand;
}

/**
 * `CreditCard.Holder`: 25 characters, "does not accept special characters or accents" (manual, pt, "Não aceita
 * caracteres especiais ou acentuação"); anything else is error 214.
 */
const HOLDER = /^[A-Za-z ]{1,25}$/;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/**
 * Checks a card as the tokenisation and the sale do: 16 digits, Luhn, brand matching the number, holder of
 * letters and spaces (25 at most), expiry MM/YYYY not before the current month (`month` is 'YYYY-MM' in São Paulo). Answers every error found.
 */
export function validateCard(input: CardInput, month: string): ValidCard | CieloError[] {
  const errors: CieloError[] = [];
  const number = text(input.CardNumber);
  const holder = text(input.Holder);
  const expiry = text(input.ExpirationDate);
  const brandText = text(input.Brand);
  const brand = parseBrand(brandText);
  const numberOk = /^\d{16}$/.test(number) && luhnValid(number);
  if (number === '') errors.push(CIELO_ERRORS.cardNumberRequired);
  else if (/^\d{17,}$/.test(number)) errors.push(CIELO_ERRORS.cardNumberLength);
  else if (!numberOk) errors.push(CIELO_ERRORS.cardNumberInvalid);
  if (holder === '') errors.push(CIELO_ERRORS.holderRequired);
  else if (!HOLDER.test(holder)) errors.push(CIELO_ERRORS.holderOnlyLetters);
  if (expiry === '') errors.push(CIELO_ERRORS.expirationRequired);
  else {
    const match = /^(\d{2})\/(\d{4})$/.exec(expiry);
    const mm = Number(match?.[1]);
    if (!match || mm < 1 || mm > 12 || `${match[2]}-${match[1]}` < month)
      errors.push(CIELO_ERRORS.expirationInvalid);
  }
  if (brandText === '') errors.push(CIELO_ERRORS.brandRequired);
  else if (!brand) errors.push(CIELO_ERRORS.brandNotSupported);
  // a number of another brand than the one declared is refused like an invalid number
  else if (numberOk && brandOfNumber(number) !== brand) errors.push(CIELO_ERRORS.cardNumberInvalid);
  if (errors.length > 0 || !brand) return errors;
  return { number, holder, expirationDate: expiry, brand };
}

export interface SandboxResult {
  authorized: boolean;
  /** for a denial; an authorisation answers '4' (not captured) or '6' (captured) */
  returnCode: string;
  returnMessage: string;
}

const AUTHORIZED: SandboxResult = {
  authorized: true,
  returnCode: '4',
  returnMessage: 'Operation Successful',
};

/**
 * Cielo's sandbox decides by the last digit of the card number. 9 is "random" there (an authorisation or a
 * time-out); the simulator makes it deterministic: authorised.
 */
export const SANDBOX_RESULTS: Record<string, SandboxResult> = {
  '0': AUTHORIZED,
  '1': AUTHORIZED,
  '2': { authorized: false, returnCode: '05', returnMessage: 'Not Authorized' },
  '3': { authorized: false, returnCode: '57', returnMessage: 'Card Expired' },
  '4': AUTHORIZED,
  '5': { authorized: false, returnCode: '78', returnMessage: 'Blocked Card' },
  '6': { authorized: false, returnCode: '99', returnMessage: 'Time Out' },
  '7': { authorized: false, returnCode: '77', returnMessage: 'Card Canceled' },
  '8': { authorized: false, returnCode: '70', returnMessage: 'Problems with Credit Card' },
  '9': AUTHORIZED,
};

export function sandboxResult(lastDigit: string): SandboxResult {
  return SANDBOX_RESULTS[lastDigit] ?? AUTHORIZED;
}

/** The subcategories Cielo lists for each category of `Payment.InitiatedTransactionIndicator`. */
export const INITIATOR_SUBCATEGORIES: Record<string, readonly string[]> = {
  C1: ['CredentialsOnFile', 'StandingOrder', 'Subscription', 'Installment'],
  M1: ['CredentialsOnFile', 'StandingOrder', 'Subscription', 'Installment'],
  M2: ['PartialShipment', 'RelatedOrDelayedCharge', 'NoShow', 'Resubmission'],
};

export interface InitiatorIndicator {
  Category: string;
  Subcategory: string;
}

/**
 * A Mastercard indicator as sent (the answer echoes it "as sent in the request"), or why it is refused.
 * Values are matched without regard to case: the manual's own example sends `Standingorder`.
 */
export function parseInitiator(category: unknown, subcategory: unknown): InitiatorIndicator | CieloError {
  const cat = text(category);
  const sub = text(subcategory);
  const allowed = INITIATOR_SUBCATEGORIES[cat.toUpperCase()];
  if (!allowed?.some((s) => s.toLowerCase() === sub.toLowerCase())) return CIELO_ERRORS.initiatorInvalid;
  return { Category: cat, Subcategory: sub };
}

/** 'YYYY-MM-DD HH:mm:ss' in Brasília time, as Cielo writes its dates. */
export function cieloDate(now: Date): string {
  const local = saoPauloNow(now);
  return `${local.date} ${local.time}`;
}

/** A six-digit authorisation code, unique within the simulator for the sequence number `n`. */
export function authorizationCode(n: number): string {
  return String((n * 104_729) % 1_000_000).padStart(6, '0');
}
