const FALLBACK_CLIENT_ID = 'demo';
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The server writes its DEFAULT_CLIENT_ID into index.html; under `vite dev` the placeholder stays. */
function defaultClientId(): string {
  const content = document
    .querySelector<HTMLMetaElement>('meta[name="central:default-client-id"]')
    ?.content.trim();
  return content && !content.startsWith('%') ? content : FALLBACK_CLIENT_ID;
}

/** ARCHITECTURE §3: the first label of the host name; a bare host or an IP gets the default tenant. */
export function clientIdFromHost(hostname: string, fallback: string): string {
  const host = hostname.toLowerCase();
  if (IPV4.test(host) || host.includes(':') || host.startsWith('[')) return fallback;
  const labels = host.split('.').filter(Boolean);
  return labels.length > 1 && labels[0] ? labels[0] : fallback;
}

export const clientId = clientIdFromHost(window.location.hostname, defaultClientId());
