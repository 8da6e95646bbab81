import {
  messages,
  type ProviderNotificationBody,
  type ProviderSignInBody,
  providerNotificationListResponse,
  providerNotificationResponse,
  providerSessionResponse,
} from '@central/domain';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isSessionLost } from '@/shared/back-office';
import { adminApi, isApiError } from '@/shared/http';
import { forgetProviderClientId, providerClientId, rememberProviderClientId } from './client-id';

export const providerKeys = {
  all: ['provider'] as const,
  session: ['provider', 'session'] as const,
  notifications: ['provider', 'notifications'] as const,
};

/** The provider's calls carry its own client id (the session is bound to that tenant). */
function providerCall<T>(
  path: string,
  options: {
    schema: { parse(data: unknown): T };
    method?: 'GET' | 'POST';
    body?: unknown;
    signal?: AbortSignal;
  },
): Promise<T> {
  const clientId = providerClientId();
  if (!clientId) return Promise.reject(new Error('no provider signed in on this tab'));
  return adminApi(path, { ...options, clientId });
}

/** GET /auth/provider: the provider signed in, or `null` (none on this tab, or its session ended). */
export async function fetchProviderSession(signal?: AbortSignal) {
  if (!providerClientId()) return null;
  try {
    return await providerCall('/auth/provider', { schema: providerSessionResponse, signal });
  } catch (error) {
    // An unknown or suspended provider answers 404: signed out all the same.
    if (isSessionLost(error) || (isApiError(error) && error.status === 404)) return null;
    throw error;
  }
}

export const providerSessionQuery = () =>
  queryOptions({
    queryKey: providerKeys.session,
    queryFn: ({ signal }) => fetchProviderSession(signal),
    staleTime: 30_000,
  });

function clearProviderData(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: providerKeys.all });
}

/**
 * spec §8: 'client_id or password not provided' → 'Usuário ou senha não informados'; 'invalid client_id
 * or password' → 'Credenciais inválidas'; anything else 'Falha ao acessar'.
 */
export function providerSignInError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'VALIDATION') return error.issues?.[0]?.message ?? messages.providerCredentialsMissing;
    // An unknown client id is not told apart from a wrong password.
    if (error.status === 401 || error.status === 403 || error.status === 404)
      return messages.adminInvalidCredentials;
    if (error.code === 'RATE_LIMITED') return error.message;
  }
  return messages.adminSignInFailed;
}

/** POST /auth/sign-in/provider {client_id, password}: user = the provider's client id. */
export function useProviderSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderSignInBody) =>
      adminApi('/auth/sign-in/provider', {
        method: 'POST',
        body,
        clientId: body.client_id.trim(),
        schema: providerSessionResponse,
      }),
    onSuccess: (session) => {
      clearProviderData(queryClient);
      rememberProviderClientId(session.provider.client_id);
      queryClient.setQueryData(providerKeys.session, session);
    },
  });
}

/** POST /auth/provider/sign-out; spec §2.4: logout goes to /admin. A session already gone is signed out. */
export function useProviderSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const clientId = providerClientId();
      if (!clientId) return;
      try {
        await adminApi('/auth/provider/sign-out', { method: 'POST', clientId });
      } catch (error) {
        if (!(isSessionLost(error) || (isApiError(error) && error.status === 404))) throw error;
      }
    },
    onSuccess: () => {
      forgetProviderClientId();
      clearProviderData(queryClient);
      queryClient.setQueryData(providerKeys.session, null);
    },
  });
}

/** GET /provider/notifications: the last ones sent, newest first. */
export const providerNotificationsQuery = () =>
  queryOptions({
    queryKey: providerKeys.notifications,
    queryFn: async ({ signal }) =>
      (await providerCall('/provider/notifications', { schema: providerNotificationListResponse, signal }))
        .notifications,
    staleTime: 0,
    // While a notification is being delivered, its counts are followed every few seconds.
    refetchInterval: (query) =>
      query.state.data?.some((n) => n.delivery.status === 'sending') ? 3000 : false,
  });

/** POST /provider/send/notification: the answer says how many subscribers will receive it. */
export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderNotificationBody) =>
      providerCall('/provider/send/notification', {
        method: 'POST',
        body,
        schema: providerNotificationResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.notifications }),
  });
}
