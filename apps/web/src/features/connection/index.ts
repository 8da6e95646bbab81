import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

export { connectionMenuEntry } from './menu';

/** Issue 15 /panel/connection: its chart library comes with this route's chunk only. */
export const connectionRoutes: RouteObject[] = [
  {
    path: paths.connection,
    lazy: () => import('./pages/connection-page').then((m) => ({ Component: m.ConnectionPage })),
  },
];
