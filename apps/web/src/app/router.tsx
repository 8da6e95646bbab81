import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect } from 'react-router';
import { FullScreenSpinner } from '@/shared/components/full-screen-spinner';
import { redirectIfSignedIn, requireFeature, requireSession } from './guards';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

/** Every page is its own chunk (spec §2); the guards run before a page renders, so nothing flashes. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      Component: RootLayout,
      HydrateFallback: FullScreenSpinner,
      ErrorBoundary: RouteError,
      children: [
        { index: true, loader: () => redirect('/sign-in') },
        {
          loader: redirectIfSignedIn(queryClient),
          shouldRevalidate: () => true,
          children: [
            {
              path: 'sign-in',
              lazy: () =>
                import('@/features/auth/pages/sign-in-page').then((m) => ({ Component: m.SignInPage })),
            },
            {
              path: 'sign-in-2',
              lazy: () =>
                import('@/features/auth/pages/sign-in-password-page').then((m) => ({
                  Component: m.SignInPasswordPage,
                })),
            },
            {
              path: 'request-password-restoration',
              lazy: () =>
                import('@/features/recovery/pages/request-restoration-page').then((m) => ({
                  Component: m.RequestRestorationPage,
                })),
            },
            {
              path: 'send-password-restoration-request',
              lazy: () =>
                import('@/features/recovery/pages/send-restoration-request-page').then((m) => ({
                  Component: m.SendRestorationRequestPage,
                })),
            },
            {
              path: 'verification-code',
              lazy: () =>
                import('@/features/recovery/pages/verification-code-page').then((m) => ({
                  Component: m.VerificationCodePage,
                })),
            },
            {
              path: 'change-password',
              lazy: () =>
                import('@/features/recovery/pages/change-password-page').then((m) => ({
                  Component: m.ChangePasswordPage,
                })),
            },
            {
              path: 'password-changed-successfully',
              lazy: () =>
                import('@/features/recovery/pages/password-changed-page').then((m) => ({
                  Component: m.PasswordChangedPage,
                })),
            },
          ],
        },
        {
          path: 'panel',
          loader: requireSession(queryClient),
          shouldRevalidate: () => true,
          lazy: () => import('./layouts/panel-layout').then((m) => ({ Component: m.PanelLayout })),
          children: [
            {
              index: true,
              lazy: () => import('@/features/panel/pages/home-page').then((m) => ({ Component: m.HomePage })),
            },
            {
              path: 'security',
              lazy: () =>
                import('@/features/security/pages/security-page').then((m) => ({
                  Component: m.SecurityPage,
                })),
            },
            {
              path: 'financial',
              children: [
                { path: 'invoices', loader: () => redirect('/panel/financial/invoices/to-pay') },
                {
                  path: 'invoices/to-pay',
                  lazy: () =>
                    import('@/features/invoices/pages/invoices-page').then((m) => ({
                      Component: m.ToPayInvoicesPage,
                    })),
                },
                {
                  path: 'invoices/received',
                  lazy: () =>
                    import('@/features/invoices/pages/invoices-page').then((m) => ({
                      Component: m.ReceivedInvoicesPage,
                    })),
                },
                {
                  path: 'invoice/:invoiceId',
                  children: [
                    {
                      index: true,
                      lazy: () =>
                        import('@/features/invoices/pages/invoice-page').then((m) => ({
                          Component: m.InvoicePage,
                        })),
                    },
                    {
                      path: 'payment/pix',
                      lazy: () =>
                        import('@/features/invoices/pages/pix-page').then((m) => ({ Component: m.PixPage })),
                    },
                    {
                      path: 'payment/boleto',
                      lazy: () =>
                        import('@/features/invoices/pages/boleto-page').then((m) => ({
                          Component: m.BoletoPage,
                        })),
                    },
                    {
                      path: 'payment/card',
                      // spec §6: card payment only with the credit_card flag; else back to the invoice.
                      loader: requireFeature(
                        queryClient,
                        'credit_card',
                        (params) => `/panel/financial/invoice/${params.invoiceId}`,
                      ),
                      lazy: () =>
                        import('@/features/cards/pages/pay-with-card-page').then((m) => ({
                          Component: m.PayWithCardPage,
                        })),
                    },
                    {
                      path: 'payment/card/new',
                      loader: requireFeature(
                        queryClient,
                        'credit_card',
                        (params) => `/panel/financial/invoice/${params.invoiceId}`,
                      ),
                      lazy: () =>
                        import('@/features/cards/pages/card-form-page').then((m) => ({
                          Component: m.CardFormPage,
                        })),
                    },
                  ],
                },
                {
                  path: 'credit-card',
                  loader: requireFeature(queryClient, 'credit_card'),
                  lazy: () =>
                    import('@/features/cards/pages/cards-page').then((m) => ({ Component: m.CardsPage })),
                },
                {
                  path: 'credit-card/new',
                  loader: requireFeature(queryClient, 'credit_card'),
                  lazy: () =>
                    import('@/features/cards/pages/card-form-page').then((m) => ({
                      Component: m.CardFormPage,
                    })),
                },
                {
                  path: 'nfs',
                  lazy: () =>
                    import('@/features/fiscal-notes/pages/fiscal-notes-page').then((m) => ({
                      Component: m.FiscalNotesPage,
                    })),
                },
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: () =>
            import('@/shared/components/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
        },
      ],
    },
  ]);
}
