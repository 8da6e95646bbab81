import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

/** spec §2.1: password recovery and first access, one page per step. */
export const recoveryRoutes: RouteObject[] = [
  {
    path: paths.recovery.cpfCnpj,
    lazy: () =>
      import('./pages/request-restoration-page').then((m) => ({ Component: m.RequestRestorationPage })),
  },
  {
    path: paths.recovery.email,
    lazy: () =>
      import('./pages/send-restoration-request-page').then((m) => ({
        Component: m.SendRestorationRequestPage,
      })),
  },
  {
    path: paths.recovery.code,
    lazy: () => import('./pages/verification-code-page').then((m) => ({ Component: m.VerificationCodePage })),
  },
  {
    path: paths.recovery.password,
    lazy: () => import('./pages/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
  },
  {
    path: paths.recovery.done,
    lazy: () => import('./pages/password-changed-page').then((m) => ({ Component: m.PasswordChangedPage })),
  },
];
