import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, redirect } from 'react-router';
import * as paths from '@/shared/paths';
import { providerSessionQuery } from './api';

const freshSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...providerSessionQuery(), staleTime: 0 });

/** spec §6: /provider checks the provider's session and sends to /admin when there is none. */
export const requireProvider =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await freshSession(queryClient))) throw redirect(paths.providerSignIn);
    return null;
  };

/** A provider still signed in on this tab goes on to its page. */
export const redirectIfProvider =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const session = await freshSession(queryClient).catch(() => null);
    if (session) throw redirect(paths.provider);
    return null;
  };
