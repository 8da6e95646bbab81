import type { FeatureFlag } from '@central/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, type Params, redirect } from 'react-router';
import { takeFirstLoadSession } from './first-load';
import * as paths from './paths';
import { sessionKey, sessionQueryOptions } from './session';

/**
 * spec §2.2: validity is checked on entering every page, so the guards always ask the server; for the
 * first page, the server has just checked it and sent the answer with the HTML.
 */
async function freshSession(queryClient: QueryClient) {
  const served = takeFirstLoadSession();
  if (served !== undefined) {
    queryClient.setQueryData(sessionKey, served);
    return served;
  }
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

/** spec §2.1: a missing token on a /panel page sends the user to /. */
export const requireSession =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const session = await freshSession(queryClient);
    if (!session) throw redirect(paths.root);
    return null;
  };

/** spec §2.1: a valid token on a public page sends the user to /panel. */
export const redirectIfSignedIn =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    // A failed check (offline, 5xx) must not lock anyone out of the sign-in pages; offline (the app shell
    // opened from the service worker's cache) it is not even tried, so the page shows at once.
    if (!navigator.onLine) return null;
    const session = await freshSession(queryClient).catch(() => null);
    if (session) throw redirect(paths.panel);
    return null;
  };

/**
 * spec §2.2/§6: pages of a feature flag (the saved cards and card payment need credit_card). Without
 * it the page sends the user on: to /panel, or to `fallback(params)` when given.
 */
export const requireFeature =
  (
    queryClient: QueryClient,
    flag: FeatureFlag,
    fallback: (params: Params) => string = () => paths.panel,
  ): LoaderFunction =>
  async ({ params }) => {
    // The panel's own guard fetches the session at the same time; this waits for the same request.
    const session = await queryClient.fetchQuery(sessionQueryOptions());
    if (!session) throw redirect(paths.root);
    if (!session.featureFlag.includes(flag)) throw redirect(fallback(params));
    return null;
  };
