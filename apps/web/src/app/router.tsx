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

/** An area with no page yet would match its root and show nothing: until it has one, not-found shows. */
const withPages = (areas: RouteObject[]) => areas.filter((area) => (area.children?.length ?? 0) > 0);

/** Every page is its own chunk (spec §2); the guards run before a page renders, so nothing flashes. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: FullScreenSpinner,
      ErrorBoundary: RouteError,
      children: [
        { index: true, loader: () => redirect(paths.signIn) },
        publicRoutes(queryClient),
        panelRoutes(queryClient),
        ...withPages([admRoutes, providerRoutes]),
        {
          path: '*',
          lazy: () =>
            import('@/shared/components/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
