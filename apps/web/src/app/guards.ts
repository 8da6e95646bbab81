import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, redirect } from 'react-router';
import { sessionQueryOptions } from '@/shared/session';

/** spec §2.2: validity is checked on entering every page, so the guards always ask the server. */
const freshSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });

/** spec §2.1: a missing token on a /panel page sends the user to /. */
export const requireSession =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const session = await freshSession(queryClient);
    if (!session) throw redirect('/');
    return null;
  };

/** spec §2.1: a valid token on a public page sends the user to /panel. */
export const redirectIfSignedIn =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    // A failed check (offline, 5xx) must not lock anyone out of the sign-in pages.
    const session = await freshSession(queryClient).catch(() => null);
    if (session) throw redirect('/panel');
    return null;
  };
