import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { FullScreenSpinner } from '@/shared/components/full-screen-spinner';
import * as paths from '@/shared/paths';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import { admRoutes } from './routes/adm';
import { panelRoutes } from './routes/panel';
import { providerRoutes } from './routes/provider';
import { publicRoutes } from './routes/public';
import { TenantLayout } from './tenant/tenant-gate';

const notFound: RouteObject = {
  path: '*',
  lazy: () => import('@/shared/components/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
};

/**
 * Every page is its own chunk (spec §2); the guards run before a page renders, so nothing flashes. The
 * subscriber's areas wait for the provider's theme; the back office (its own chunks, never downloaded by
 * subscribers) is not white-labelled and works on any host.
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: FullScreenSpinner,
      ErrorBoundary: RouteError,
      children: [
        {
          Component: TenantLayout,
          children: [
            { index: true, loader: () => redirect(paths.signIn) },
            publicRoutes(queryClient),
            panelRoutes(queryClient),
            notFound,
          ],
        },
        {
          lazy: () => import('./layouts/back-office-root').then((m) => ({ Component: m.BackOfficeRoot })),
          children: [...admRoutes(queryClient), ...providerRoutes(queryClient)],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
