import {
  type CheckCpfCnpjBody,
  type CheckVerificationCodeBody,
  editPasswordResponse,
  protectedEmailsResponse,
  type SendVerificationCodeBody,
  sendVerificationCodeResponse,
  stepValidResponse,
} from '@central/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/http';

/*
 * The flow's state is the httpOnly cookie `central_recovery`: the browser sends it, the SPA never
 * sees it. The page checks run on every entry (never cached), as the sign-in guards do.
 */
const fresh = { staleTime: 0, gcTime: 0 } as const;

/** POST /check/cpf-cnpj: `{ step: 'choose_email' }` (only a 200 matters). */
export function useCheckCpfCnpj() {
  return useMutation({
    mutationFn: (body: CheckCpfCnpjBody) => api('/check/cpf-cnpj', { method: 'POST', body }),
  });
}

/** GET /customer/list/protected-emails: the e-mails to choose from, masked by the server. */
export function useProtectedEmails() {
  return useQuery({
    queryKey: ['recovery', 'protected-emails'],
    queryFn: ({ signal }) =>
      api('/customer/list/protected-emails', { schema: protectedEmailsResponse, signal }),
    ...fresh,
  });
}

/** POST /send/verification-code/mail. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: (body: SendVerificationCodeBody) =>
      api('/send/verification-code/mail', { method: 'POST', body, schema: sendVerificationCodeResponse }),
  });
}

/** GET /auth/verification-code-token or /auth/change-password-token: may this page be shown? */
export function useStepCheck(step: 'code' | 'password') {
  const path = step === 'code' ? '/auth/verification-code-token' : '/auth/change-password-token';
  return useQuery({
    queryKey: ['recovery', 'step', step],
    queryFn: ({ signal }) => api(path, { schema: stepValidResponse, signal }),
    ...fresh,
  });
}

/** POST /check/verification-code. */
export function useCheckVerificationCode() {
  return useMutation({
    mutationFn: (body: CheckVerificationCodeBody) =>
      api('/check/verification-code', { method: 'POST', body, schema: stepValidResponse }),
  });
}

/** PUT /customer/edit/password after a verified code. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (body: { newPassword: string; confirmNewPassword: string }) =>
      api('/customer/edit/password', { method: 'PUT', body, schema: editPasswordResponse }),
  });
}
