import { useLocation } from 'react-router';

/** A message carried to the page a flow sends the user back to (e.g. 'Sua sessão de acesso expirou.'). */
export type NoticeState = { notice?: string } | null;

export function useNotice(): string | undefined {
  return (useLocation().state as NoticeState)?.notice;
}
