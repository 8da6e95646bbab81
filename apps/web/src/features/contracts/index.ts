import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

export { BlockedContractsCard, prefetchBlockedContracts } from './components/blocked-contracts-card';
export { contractsMenuEntry } from './menu';

/** spec §2.2 /panel/financial/contracts. */
export const contractRoutes: RouteObject[] = [
  {
    path: paths.contracts,
    lazy: () => import('./pages/contracts-page').then((m) => ({ Component: m.ContractsPage })),
  },
];
