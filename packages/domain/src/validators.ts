import { z } from 'zod';
import { documentKind, isValidCpfOrCnpj, onlyDigits } from './cpf-cnpj.ts';
import { messages } from './messages.ts';

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
