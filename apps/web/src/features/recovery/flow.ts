import { useSearchParams } from 'react-router';
import type { RecoveryState } from './state';

export const RECOVERY_STEPS = 4;

export const flowTitle = (firstAccess: boolean) => (firstAccess ? 'Primeiro acesso' : 'Recuperar senha');

/** First access when the URL says so (spec §2.1), or the stored state does. */
export function useFirstAccess(state?: RecoveryState | null): boolean {
  const [params] = useSearchParams();
  return params.get('first_access') === 'true' || Boolean(state?.firstAccess);
}
