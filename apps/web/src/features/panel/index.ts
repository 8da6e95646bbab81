import type { RouteObject } from 'react-router';

export { homeMenuEntry } from './menu';

/** spec §2.2 /panel: the panel's home. */
export const panelHomeRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./pages/home-page').then((m) => ({ Component: m.HomePage })) },
];
