/** The app shell's service worker (src/app-shell/sw.ts, written by build/app-shell-worker.ts). */
const WORKER_URL = '/sw.js';

/**
 * Registers the app shell's worker once the page has loaded, so that its precaching never competes with
 * the first page. Builds only: under `vite` there is no worker. A browser that refuses it (a private
 * window) keeps the portal working online.
 */
export function registerAppShellWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
