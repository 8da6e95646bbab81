import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

export { homeMenuEntry } from './menu';

/** spec §2.2 /panel: the panel's home. */
export const panelHomeRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    index: true,
    lazy: () =>
      import('./pages/home-page').then((m) => ({ Component: m.HomePage, loader: m.homeLoader(queryClient) })),
  },
];
