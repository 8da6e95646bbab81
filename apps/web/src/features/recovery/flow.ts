import { useLocation, useSearchParams } from 'react-router';
import type { RecoveryState } from './state';

/** spec §2.1: the recovery's pages, in order. */
export const recoveryPaths = {
  cpfCnpj: '/request-password-restoration',
  email: '/send-password-restoration-request',
  code: '/verification-code',
  password: '/change-password',
  done: '/password-changed-successfully',
} as const;

export const RECOVERY_STEPS = 4;

/** A page of the flow, keeping `?first_access=true` so every page keeps the first-access wording. */
export function stepUrl(path: string, firstAccess: boolean): string {
  return firstAccess ? `${path}?first_access=true` : path;
}

export const flowTitle = (firstAccess: boolean) => (firstAccess ? 'Primeiro acesso' : 'Recuperar senha');

/** A message carried to the page a step sends the user back to. */
export type NoticeState = { notice?: string } | null;

export function useNotice(): string | undefined {
  return (useLocation().state as NoticeState)?.notice;
}

/** First access when the URL says so (spec §2.1), or the stored state does. */
export function useFirstAccess(state?: RecoveryState | null): boolean {
  const [params] = useSearchParams();
  return params.get('first_access') === 'true' || Boolean(state?.firstAccess);
}
