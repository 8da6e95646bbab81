import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from './http';

/** spec §6: a 401 or 403 in the back office means the session is gone: no error toast, back to sign-in. */
export function isSessionLost(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

/** spec §6: while a back-office page is open, any call answered 401/403 sends the user to `signInPath`. */
export function useSessionLossRedirect(signInPath: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const leave = () => navigate(signInPath, { replace: true });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionLost(event.action.error))
        leave();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionLost(event.action.error))
        leave();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, signInPath]);
}
