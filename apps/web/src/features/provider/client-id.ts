/**
 * The provider signed in on this tab. Its calls name its tenant in the client_id header (the session is
 * checked against it), whatever the host: kept for the tab only, like the session it goes with.
 */
const KEY = 'central.provider.client-id';

export function providerClientId(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberProviderClientId(clientId: string) {
  try {
    sessionStorage.setItem(KEY, clientId);
  } catch {
    // Storage refused (private mode): the session still works until the tab reloads.
  }
}

export function forgetProviderClientId() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
