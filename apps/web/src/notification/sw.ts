// The push service worker (spec §7.7), scope /notification/: it shows what the portal's server pushes
// and opens the portal where the notification points. Built as one classic script of its own
// (vite.config.ts, serviceWorker plugin) at the stable URL /notification/sw.js.
import { readPushPayload } from './payload';

declare const self: ServiceWorkerGlobalScope;

const HOME = '/panel';

// A new version takes over at once: the worker keeps no state, so there is nothing to hand over.
self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const shown = readPushPayload(event.data?.text(), self.location.origin);
  if (!shown) return;
  const options: NotificationOptions = { body: shown.body, data: { url: shown.url } };
  if (shown.tag) options.tag = shown.tag;
  if (shown.icon) options.icon = shown.icon;
  event.waitUntil(self.registration.showNotification(shown.title, options));
});

async function openPortal(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const portal = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const already = portal.find((client) => client.url === url);
  if (already) return already.focus();
  const open = portal[0];
  if (open) {
    try {
      // Only a window this worker controls can be navigated; the panel's pages are outside its scope.
      const navigated = await open.navigate(url);
      if (navigated) return navigated.focus();
    } catch {
      // Not controlled by this worker: a new window instead.
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url =
    typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string'
      ? (data as { url: string }).url
      : new URL(HOME, self.location.origin).href;
  event.waitUntil(openPortal(url));
});
