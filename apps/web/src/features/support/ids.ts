import { isApiError } from '@/shared/http';

/** A ticket id as the ERP writes it: digits. Anything else is 'Atendimento não encontrado.'. */
export const isSupportId = (value: string | undefined): value is string => /^\d{1,12}$/.test(value ?? '');

/** An unknown id, another subscriber's, or one the API refuses as malformed. */
export const isSupportNotFound = (error: unknown) =>
  isApiError(error, 'SUPPORT_NOT_FOUND') || isApiError(error, 'VALIDATION') || isApiError(error, 'NOT_FOUND');
