import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { providerAreaRoutes } from '@/features/provider';

/** The providers' own area (spec §2.4): sign-in at /admin, the general notification at /provider. */
export const providerRoutes = (queryClient: QueryClient): RouteObject[] => providerAreaRoutes(queryClient);
