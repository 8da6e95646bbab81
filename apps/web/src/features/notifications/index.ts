import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

export { HomeNotificationPrompt } from './components/home-notification-prompt';
export { notificationsMenuEntry } from './menu';

/** spec §2.2 /panel/notifications: push-notification settings. */
export const notificationRoutes: RouteObject[] = [
  {
    path: paths.notifications,
    lazy: () => import('./pages/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  },
];
