import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { authRoutes } from '@/features/auth';
import { recoveryRoutes } from '@/features/recovery';
import { termsRoutes } from '@/features/terms';
import { redirectIfSignedIn } from '@/shared/guards';

/** The pages before a session: a signed-in user is sent on to the panel (spec §2.1). */
export const publicRoutes = (queryClient: QueryClient): RouteObject => ({
  children: [
    {
      loader: redirectIfSignedIn(queryClient),
      shouldRevalidate: () => true,
      children: [...authRoutes, ...recoveryRoutes],
    },
    // The terms stay readable after signing in: a subscriber may want to read them again.
    ...termsRoutes,
  ],
});
