// The app shell's service worker, scope /: the sign-in opens without a connection. Built as one classic
// script (build/service-worker.ts) at the stable URL /sw.js, with the build's shell files listed in
// `self.__WB_MANIFEST` (URLs and content hashes), so that every build that changes them is a new worker.
//
// What it never does: answer /api/ (personal data, always the network's), touch /notification/ (the push
// worker's scope) or keep a page of its own: a page comes from the network while there is one, and the
// shell of this worker's build only when there is none.

import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

/** index.html as the server sends it for any client route (its default client id filled in). */
const SHELL_URL = '/';
/** Past this a slow network counts as none: the shell opens and the page's own calls keep trying. */
const NAVIGATION_TIMEOUT_SECONDS = 10;
const NOT_MINE = [/^\/api\//, /^\/notification\//, /^\/pwa\//, /^\/manifest\.webmanifest$/];

// A new build takes over at once (skipWaiting/clientsClaim): pages always come from the network while
// online, so an open tab keeps running the files it loaded and only the offline copy changes hands.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

enableNavigationPreload();
cleanupOutdatedCaches();

// Registered before the precache's route, so that a navigation to / is never answered from the cache
// while the network answers.
const network = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(SHELL_URL)) ?? Response.error();
      }
    },
    { denylist: NOT_MINE },
  ),
);

precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });

// The provider's logos, for the sign-in page offline: public files, refreshed on every use.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/brand/') &&
    request.destination === 'image',
  new StaleWhileRevalidate({
    cacheName: 'central-brand',
    plugins: [new ExpirationPlugin({ maxEntries: 30, purgeOnQuotaError: true })],
  }),
);
