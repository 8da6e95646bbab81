import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

export { securityMenuEntry } from './menu';

export const securityRoutes: RouteObject[] = [
  {
    path: paths.security,
    lazy: () => import('./pages/security-page').then((m) => ({ Component: m.SecurityPage })),
  },
];
