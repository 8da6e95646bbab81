import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/http';

declare module '@tanstack/react-query' {
  interface Register {
    /** `persistent` queries (the tenant's theme) survive sign-out. */
    queryMeta: { persistent?: boolean };
  }
}

/** Retries only what may succeed next time: network failures and 5xx, never a 4xx answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** `onSessionLost` runs when any call answers NOT_AUTHENTICATED (the session ended elsewhere). */
export function createQueryClient(onSessionLost: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error, 'NOT_AUTHENTICATED')) onSessionLost();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: { queries: { retry: shouldRetry }, mutations: { retry: false } },
  });
}
