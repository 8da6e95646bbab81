import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { appRoutes } from '@/features/apps';
import { cardRoutes } from '@/features/cards';
import { connectionRoutes } from '@/features/connection';
import { contractRoutes } from '@/features/contracts';
import { deviceRoutes } from '@/features/devices';
import { fiscalNoteRoutes } from '@/features/fiscal-notes';
import { invoiceRoutes } from '@/features/invoices';
import { notificationRoutes } from '@/features/notifications';
import { panelHomeRoutes } from '@/features/panel';
import { securityRoutes } from '@/features/security';
import { supportRoutes } from '@/features/support';
import { requireSession } from '@/shared/guards';
import * as paths from '@/shared/paths';

/** The subscriber's panel (spec §2.2): a session is required, the pages sit in the panel's frame. */
export const panelRoutes = (queryClient: QueryClient): RouteObject => ({
  path: paths.panel,
  loader: requireSession(queryClient),
  shouldRevalidate: () => true,
  lazy: () => import('../layouts/panel-layout').then((m) => ({ Component: m.PanelLayout })),
  children: [
    ...panelHomeRoutes(queryClient),
    ...notificationRoutes,
    ...deviceRoutes(queryClient),
    ...connectionRoutes,
    ...securityRoutes,
    {
      path: paths.financial,
      children: [...invoiceRoutes, ...cardRoutes(queryClient), ...fiscalNoteRoutes, ...contractRoutes],
    },
    ...supportRoutes,
    ...appRoutes,
  ],
});
