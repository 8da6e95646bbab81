import { messages } from '../messages.ts';
import { cpfOrCnpjSchema, newPasswordSchema, signInPasswordSchema } from '../validators.ts';
import { z } from '../zod.ts';

/** POST /api/central/check/cpf-cnpj: starts a recovery (or first-access) flow. */
export const checkCpfCnpjBody = z.object({
  cpfCnpj: cpfOrCnpjSchema,
  firstAccess: z.boolean().optional(),
});
export type CheckCpfCnpjBody = z.input<typeof checkCpfCnpjBody>;
export const checkCpfCnpjResponse = z.object({ step: z.literal('choose_email') });

export const protectedEmailsResponse = z
  .object({ emails: z.array(z.object({ index: z.number().int(), email: z.string() })) })
  .meta({ id: 'ProtectedEmails' });
export type ProtectedEmails = z.infer<typeof protectedEmailsResponse>;

export const sendVerificationCodeBody = z.object({
  mailIndex: z
    .number({ error: messages.emailRequired })
    .int(messages.emailRequired)
    .min(0, messages.emailRequired),
});
export type SendVerificationCodeBody = z.input<typeof sendVerificationCodeBody>;
export const sendVerificationCodeResponse = z.object({ email: z.string(), expiresInMinutes: z.number() });

/** spec §5: mask 000-000-000, exactly 9 digits. */
export const verificationCodeSchema = z
  .string({ error: messages.verificationCodeInvalidFormat })
  .trim()
  .regex(/^\d{3}-?\d{3}-?\d{3}$/, messages.verificationCodeInvalidFormat)
  .transform((v) => v.replace(/\D/g, ''));
export const checkVerificationCodeBody = z.object({ verificationCode: verificationCodeSchema });
export type CheckVerificationCodeBody = z.input<typeof checkVerificationCodeBody>;

export const stepValidResponse = z.object({ valid: z.literal(true) });

/**
 * PUT /api/central/customer/edit/password. In a recovery: `newPassword` and `confirmNewPassword`;
 * in the panel: `currentPassword` and `newPassword`. The length message is the server's (spec §8).
 */
export const editPasswordBody = z
  .object({
    newPassword: z
      .string({ error: messages.newPasswordLength })
      .min(6, messages.newPasswordLength)
      .max(30, messages.newPasswordLength),
    confirmNewPassword: z.string().max(128).optional(),
    currentPassword: signInPasswordSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.currentPassword === undefined && b.confirmNewPassword !== b.newPassword) {
      ctx.addIssue({ code: 'custom', message: messages.passwordsMustMatch, path: ['confirmNewPassword'] });
    }
  });
export type EditPasswordBody = z.input<typeof editPasswordBody>;
export const editPasswordResponse = z.object({ message: z.string() });

/** The SPA's password-change form (panel): current, new and repeat. */
export const panelPasswordForm = z
  .object({
    currentPassword: signInPasswordSchema,
    newPassword: newPasswordSchema,
    repeatPassword: z.string(),
  })
  .refine((b) => b.newPassword === b.repeatPassword, {
    message: messages.passwordsMustMatch,
    path: ['repeatPassword'],
  });

/** The SPA's recovery form: new and repeat. */
export const recoveryPasswordForm = z
  .object({ newPassword: newPasswordSchema, confirmNewPassword: z.string() })
  .refine((b) => b.newPassword === b.confirmNewPassword, {
    message: messages.passwordsMustMatch,
    path: ['confirmNewPassword'],
  });

/** 'maria.souza@gmail.com' → 'ma***@gm***.com' (spec: e-mails never shown in full before the code). */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.trim().split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${user.slice(0, 2)}***@${host.slice(0, 2)}***${tld}`;
}

/** '123456789' → '123-456-789'. */
export function formatVerificationCode(code: string): string {
  return code
    .replace(/\D/g, '')
    .replace(/^(\d{3})(\d{1,3})?(\d{1,3})?.*$/, (_m, a, b, c) => [a, b, c].filter(Boolean).join('-'));
}
