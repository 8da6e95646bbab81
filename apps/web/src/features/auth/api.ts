import { type SignInBody, type SignInPasswordBody, signInResponse } from '@central/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/shared/http';
import { clearSessionData, sessionKey } from '@/shared/session';

/** POST /sign-in: the CPF/CNPJ step; `{ step: 'password' }` asks for /sign-in-2. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => api('/sign-in', { method: 'POST', body, schema: signInResponse }),
    onSuccess: (result) => {
      if (result.step === 'done') queryClient.setQueryData(sessionKey, result.session);
    },
  });
}

/** POST /sign-in/password: the password step, bound to the first by an httpOnly cookie. */
export function useSignInPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInPasswordBody) =>
      api('/sign-in/password', { method: 'POST', body, schema: signInResponse }),
    onSuccess: (result) => {
      if (result.step === 'done') queryClient.setQueryData(sessionKey, result.session);
    },
  });
}

/** POST /sign-out (spec §2.5 SAIR); an already ended session counts as signed out. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api('/sign-out', { method: 'POST' });
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSuccess: () => clearSessionData(queryClient),
  });
}
