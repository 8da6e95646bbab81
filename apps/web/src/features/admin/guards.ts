import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, redirect } from 'react-router';
import * as paths from '@/shared/paths';
import { adminSessionQuery } from './api';

const freshSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...adminSessionQuery(), staleTime: 0 });

/** spec §6: every admin page checks the session; without one, back to the admin sign-in. */
export const requireAdmin =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await freshSession(queryClient))) throw redirect(paths.admSignIn);
    return null;
  };

/** An admin still signed in goes on to the list instead of signing in again. */
export const redirectIfAdmin =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const session = await freshSession(queryClient).catch(() => null);
    if (session) throw redirect(paths.admCustomers);
    return null;
  };
