import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';
import { SignInPage } from './pages/sign-in-page';

export { useSignOut } from './api';

/**
 * spec §2.1: the sign-in, CPF/CNPJ first, then the password. The first step is in the entry chunk, not
 * lazy: it is where every session starts (build/first-screens.ts).
 */
export const authRoutes: RouteObject[] = [
  {
    path: paths.signIn,
    Component: SignInPage,
  },
  {
    path: paths.signInPassword,
    lazy: () => import('./pages/sign-in-password-page').then((m) => ({ Component: m.SignInPasswordPage })),
  },
];
