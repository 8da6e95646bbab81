import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, redirect } from 'react-router';
import * as paths from '@/shared/paths';

const notFound: RouteObject = {
  path: '*',
  lazy: () => import('@/shared/components/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
};
const tenantPages = () => import('./pages/tenant-page');
const appPages = () => import('./pages/app-form-page');
// The guards come with their pages' chunks: not a byte of the back office is in the subscriber's entry.
const guards = () => import('./guards');

/**
 * spec §2.4: the staff's back office. /adm and /auth/adm lead to the sign-in; the pages check the
 * session first. Every page is a chunk of its own, so subscribers never download them.
 */
export const adminRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: paths.authAdm,
    children: [
      { index: true, loader: () => redirect(paths.admSignIn) },
      {
        path: paths.admSignIn,
        lazy: async () => {
          const [page, { redirectIfAdmin }] = await Promise.all([import('./pages/sign-in-page'), guards()]);
          return { Component: page.AdminSignInPage, loader: redirectIfAdmin(queryClient) };
        },
      },
      notFound,
    ],
  },
  {
    path: paths.adm,
    children: [
      { index: true, loader: () => redirect(paths.admSignIn) },
      {
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        lazy: async () => {
          const [layout, { requireAdmin }] = await Promise.all([
            import('./components/admin-layout'),
            guards(),
          ]);
          return { Component: layout.AdminLayout, loader: requireAdmin(queryClient) };
        },
        children: [
          {
            path: paths.admCustomers,
            lazy: () => import('./pages/customers-page').then((m) => ({ Component: m.CustomersPage })),
          },
          {
            path: paths.admNewCustomer,
            lazy: () => tenantPages().then((m) => ({ Component: m.NewTenantPage })),
          },
          {
            path: paths.admCustomer(':clientId'),
            lazy: () => tenantPages().then((m) => ({ Component: m.EditTenantPage })),
          },
          {
            path: paths.admNewApp(':clientId'),
            lazy: () => appPages().then((m) => ({ Component: m.NewAppPage })),
          },
          {
            path: paths.admEditApp(':clientId', ':appId'),
            lazy: () => appPages().then((m) => ({ Component: m.EditAppPage })),
          },
        ],
      },
      notFound,
    ],
  },
];
