import { clientIdFromHost } from '@central/domain';

const FALLBACK_CLIENT_ID = 'demo';

/** The server writes its DEFAULT_CLIENT_ID into index.html; under `vite dev` the placeholder stays. */
function defaultClientId(): string {
  const content = document
    .querySelector<HTMLMetaElement>('meta[name="central:default-client-id"]')
    ?.content.trim();
  return content && !content.startsWith('%') ? content : FALLBACK_CLIENT_ID;
}

export const clientId = clientIdFromHost(window.location.hostname, defaultClientId());
