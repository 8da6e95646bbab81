import { z } from 'zod';
import { messages } from './messages.ts';

/** Stable error codes the API answers with; the SPA maps each to the spec's message. */
export const errorCodes = [
  'VALIDATION',
  'TENANT_NOT_FOUND',
  'NOT_AUTHENTICATED',
  'NOT_FOUND',
  'CUSTOMER_NOT_FOUND',
  'CUSTOMER_UNKNOWN',
  'CREDENTIAL_NOT_SET',
  'INVALID_CREDENTIALS',
  'CUSTOMER_DISABLED',
  'SIGN_IN_STEP_EXPIRED',
  'RATE_LIMITED',
  'ERP_UNAVAILABLE',
  'FORBIDDEN',
  'INTERNAL',
  'NO_EMAIL',
  'SEND_CODE_FAILED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'CODE_LOCKED',
  'INVALID_CURRENT_PASSWORD',
  'RECOVERY_STEP_INVALID',
  'INVOICE_NOT_FOUND',
  'BOLETO_UNAVAILABLE',
  'INVOICE_DOWNLOAD_FAILED',
  'PIX_FAILED',
  'NF_NOT_FOUND',
  'DOWNLOAD_FAILED',
  'CARD_INVALID',
  'CARD_ALREADY_REGISTERED',
  'CARD_EXPIRED',
  'CARD_CREATE_FAILED',
  'CARD_NOT_FOUND',
  'CARD_PAYMENT_UNAVAILABLE',
  'PAYMENT_DECLINED',
  'PAYMENT_FAILED',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_CONFIRMING',
  'CARD_VELOCITY',
  'INVOICE_NOT_PAYABLE',
  'NO_ACTIVE_CONTRACT',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBody = z
  .object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

export const errorMessages: Record<ErrorCode, string> = {
  VALIDATION: messages.invalidRequest,
  TENANT_NOT_FOUND: messages.tenantNotFound,
  NOT_AUTHENTICATED: messages.notAuthenticated,
  NOT_FOUND: messages.notFound,
  CUSTOMER_NOT_FOUND: messages.customerNotFound,
  CUSTOMER_UNKNOWN: messages.customerUnknown,
  CREDENTIAL_NOT_SET: messages.credentialNotSet,
  INVALID_CREDENTIALS: messages.invalidCredentials,
  CUSTOMER_DISABLED: messages.customerDisabled,
  SIGN_IN_STEP_EXPIRED: messages.signInStepExpired,
  RATE_LIMITED: messages.tooManyAttempts,
  ERP_UNAVAILABLE: messages.erpUnavailable,
  FORBIDDEN: messages.authFailed,
  INTERNAL: messages.generic,
  NO_EMAIL: messages.noEmail,
  SEND_CODE_FAILED: messages.sendCodeFailed,
  INVALID_CODE: messages.invalidCode,
  CODE_EXPIRED: messages.codeExpired,
  CODE_LOCKED: messages.codeLocked,
  INVALID_CURRENT_PASSWORD: messages.invalidCurrentPassword,
  RECOVERY_STEP_INVALID: messages.notAuthenticated,
  INVOICE_NOT_FOUND: messages.invoiceNotFound,
  BOLETO_UNAVAILABLE: messages.boletoUnavailable,
  INVOICE_DOWNLOAD_FAILED: messages.invoiceDownloadFailed,
  PIX_FAILED: messages.pixFailed,
  NF_NOT_FOUND: messages.nfNotFound,
  DOWNLOAD_FAILED: messages.downloadFailed,
  CARD_INVALID: messages.cardInvalid,
  CARD_ALREADY_REGISTERED: messages.cardAlreadyRegistered,
  CARD_EXPIRED: messages.cardExpired,
  CARD_CREATE_FAILED: messages.cardCreateFailed,
  CARD_NOT_FOUND: messages.cardNotFound,
  CARD_PAYMENT_UNAVAILABLE: messages.cardPaymentUnavailable,
  PAYMENT_DECLINED: messages.paymentDeclined,
  PAYMENT_FAILED: messages.paymentFailed,
  PAYMENT_IN_PROGRESS: messages.paymentInProgress,
  PAYMENT_CONFIRMING: messages.paymentConfirming,
  CARD_VELOCITY: messages.cardVelocity,
  INVOICE_NOT_PAYABLE: messages.invoiceNotPayable,
  NO_ACTIVE_CONTRACT: messages.noActiveContract,
};

/** The text to show for an error answer: the catalogue's for a known code, else the generic one. */
export function messageForError(body: unknown): string {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return messages.generic;
  const { code, message } = parsed.data;
  if (code === 'VALIDATION') return message;
  return (errorMessages as Record<string, string>)[code] ?? messages.generic;
}
