import { documentKind, isValidCpfOrCnpj, onlyDigits } from './cpf-cnpj.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

/** CPF or CNPJ, masked or not; parsed to its digits. */
export const cpfOrCnpjSchema = z
  .string({ error: messages.cpfCnpjRequired })
  .trim()
  .min(1, messages.cpfCnpjRequired)
  .max(40, messages.cpfCnpjInvalid)
  .superRefine((value, ctx) => {
    if (isValidCpfOrCnpj(value) && /^[\d.\-/\s]+$/.test(value)) return;
    const digits = onlyDigits(value);
    ctx.addIssue({
      code: 'custom',
      message:
        digits.length === 0
          ? messages.cpfCnpjInvalid
          : documentKind(value) === 'cpf'
            ? messages.cpfInvalid
            : messages.cnpjInvalid,
    });
  })
  .transform(onlyDigits)
  .meta({
    description: 'CPF (11 digits) or CNPJ (14 digits), with or without the mask',
    example: '529.982.247-25',
  });

/** A password as typed at sign-in: required, bounded so that hashing cannot be abused. */
export const signInPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(128, messages.invalidCredentials);

/** A new password (spec §5 and §9: 6 to 30 characters). */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(6, messages.passwordMin)
  .max(30, messages.passwordMax);

/** The area codes (DDD) in use in Brazil. */
const brazilianAreaCodes = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * spec §5: a Brazilian phone, (00) 0000-0000 or (00) 00000-0000: 10 or 11 digits, a mobile's third
 * digit is 9, a real area code, not one digit repeated.
 */
export function isValidBrazilianPhone(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 10 && d.length !== 11) return false;
  if (d.length === 11 && d[2] !== '9') return false;
  if (!brazilianAreaCodes.has(Number(d.slice(0, 2)))) return false;
  return !/^(\d)\1+$/.test(d);
}

/** A contact phone, masked or not; parsed to its digits. */
export const phoneSchema = z
  .string({ error: messages.phoneInvalid })
  .trim()
  .max(30, messages.phoneInvalid)
  .refine((v) => /^[\d()\s.+-]*$/.test(v) && isValidBrazilianPhone(v), messages.phoneInvalid)
  .transform(onlyDigits)
  .meta({
    description: 'Brazilian phone with area code, 10 or 11 digits, masked or not',
    example: '(47) 99999-8888',
  });
