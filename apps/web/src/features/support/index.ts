import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

export { NewRequestButton } from './components/new-request-button';
export { supportMenuEntry } from './menu';

const listPages = () => import('./pages/support-list-page');

/** spec §2.2 customer service: request, the two lists, a ticket and a new message on it. */
export const supportRoutes: RouteObject[] = [
  {
    path: paths.customerService.request,
    lazy: () => import('./pages/request-page').then((m) => ({ Component: m.RequestPage })),
  },
  {
    path: paths.customerService.inProgress,
    lazy: () => listPages().then((m) => ({ Component: m.InProgressPage })),
  },
  {
    path: paths.customerService.closed,
    lazy: () => listPages().then((m) => ({ Component: m.ClosedPage })),
  },
  {
    path: paths.supportTicket(':supportId'),
    lazy: () => import('./pages/details-page').then((m) => ({ Component: m.DetailsPage })),
  },
  {
    path: paths.supportAddMessage(':supportId'),
    lazy: () => import('./pages/add-message-page').then((m) => ({ Component: m.AddMessagePage })),
  },
];
