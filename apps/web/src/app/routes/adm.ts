import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { adminRoutes } from '@/features/admin';

/** The staff's back office (spec §2.4): /adm, /auth/adm and their pages. */
export const admRoutes = (queryClient: QueryClient): RouteObject[] => adminRoutes(queryClient);
