import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

export { useSignOut } from './api';

/** spec §2.1: the sign-in, CPF/CNPJ first, then the password. */
export const authRoutes: RouteObject[] = [
  {
    path: paths.signIn,
    lazy: () => import('./pages/sign-in-page').then((m) => ({ Component: m.SignInPage })),
  },
  {
    path: paths.signInPassword,
    lazy: () => import('./pages/sign-in-password-page').then((m) => ({ Component: m.SignInPasswordPage })),
  },
];
