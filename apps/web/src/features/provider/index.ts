import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

// The guards come with their pages' chunks: not a byte of this area is in the subscriber's entry.
const guards = () => import('./guards');

const notFound: RouteObject = {
  path: '*',
  lazy: () => import('@/shared/components/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
};

/** spec §2.4: the provider's sign-in at /admin and its general notification at /provider, own chunks. */
export const providerAreaRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: paths.providerSignIn,
    children: [
      {
        index: true,
        lazy: async () => {
          const [page, { redirectIfProvider }] = await Promise.all([
            import('./pages/sign-in-page'),
            guards(),
          ]);
          return { Component: page.ProviderSignInPage, loader: redirectIfProvider(queryClient) };
        },
      },
      notFound,
    ],
  },
  {
    path: paths.provider,
    children: [
      {
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        lazy: async () => {
          const [layout, { requireProvider }] = await Promise.all([
            import('./components/provider-layout'),
            guards(),
          ]);
          return { Component: layout.ProviderLayout, loader: requireProvider(queryClient) };
        },
        children: [
          {
            index: true,
            lazy: () => import('./pages/notification-page').then((m) => ({ Component: m.NotificationPage })),
          },
        ],
      },
      notFound,
    ],
  },
];
