import { type Session, sessionSchema } from '@central/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from './http';

export const sessionKey = ['session'] as const;

/** spec §2.1/§2.2: the session as the server sees it; `null` when there is none (401). */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await api('/auth/valid-token', { schema: sessionSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) => fetchSession(signal),
    // The route guards refetch on every page entry; components read what the guard just fetched.
    staleTime: 30_000,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Forgets everything about the subscriber (spec §2.5 SAIR); the tenant's theme stays. */
export function clearSessionData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !query.meta?.persistent });
  queryClient.getMutationCache().clear();
  queryClient.setQueryData(sessionKey, null);
}
