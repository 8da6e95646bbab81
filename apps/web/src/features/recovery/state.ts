import { useQuery } from '@tanstack/react-query';
import { secureStorage } from '@/shared/secure-storage';

/** What the SPA remembers of a recovery between its pages (the flow itself is the server's cookie). */
export type RecoveryState = {
  firstAccess: boolean;
  /** The chosen e-mail, already masked by the server (ma***@gm***.com). */
  maskedEmail: string | null;
  emailExpiresAt: number | null;
};

const SLOT = 'recovery';
/** As long as the server's recovery flow (its cookie lives 30 minutes). */
const STATE_TTL_MS = 30 * 60_000;
/** spec §4/§9: the selected e-mail is remembered 10 minutes. */
export const EMAIL_TTL_MS = 10 * 60_000;
const stateKey = ['recovery-state'] as const;

function isRecoveryState(value: unknown): value is RecoveryState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.firstAccess === 'boolean' &&
    (v.maskedEmail === null || typeof v.maskedEmail === 'string') &&
    (v.emailExpiresAt === null || typeof v.emailExpiresAt === 'number')
  );
}

/** The stored state, with the e-mail left out once its 10 minutes are over. */
export async function readRecoveryState(): Promise<RecoveryState | null> {
  const value = await secureStorage.get(SLOT);
  if (!isRecoveryState(value)) return null;
  if (value.emailExpiresAt === null || value.emailExpiresAt <= Date.now()) {
    return { ...value, maskedEmail: null, emailExpiresAt: null };
  }
  return value;
}

export function saveRecoveryState(state: RecoveryState): Promise<void> {
  return secureStorage.set(SLOT, state, STATE_TTL_MS);
}

export function clearRecoveryState(): Promise<void> {
  return secureStorage.remove(SLOT);
}

/** Read on every page entry: the e-mail may have expired while the page was away. */
export function useRecoveryState() {
  return useQuery({ queryKey: stateKey, queryFn: readRecoveryState, staleTime: 0, gcTime: 0, retry: false });
}
