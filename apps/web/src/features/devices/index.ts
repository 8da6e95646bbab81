import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';
import { requireAcs } from './guards';

export { acsCheckQuery } from './check-query';
export { devicesMenuEntry } from './menu';

/** spec §2.2 /panel/devices and /panel/device/{device_id}, only where the device service is configured. */
export function deviceRoutes(queryClient: QueryClient): RouteObject[] {
  const loader = requireAcs(queryClient);
  return [
    {
      path: paths.devices,
      loader,
      lazy: () => import('./pages/devices-page').then((m) => ({ Component: m.DevicesPage })),
    },
    {
      path: paths.device(':serial'),
      loader,
      lazy: () => import('./pages/device-page').then((m) => ({ Component: m.DevicePage })),
    },
  ];
}
