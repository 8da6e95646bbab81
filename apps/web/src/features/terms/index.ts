import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

/** spec §2.1 /termos-de-privacidade: the terms of use and privacy policy, with the provider's details. */
export const termsRoutes: RouteObject[] = [
  {
    path: paths.terms,
    lazy: () => import('./pages/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
];
