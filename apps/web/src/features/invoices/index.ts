import { type RouteObject, redirect } from 'react-router';
import * as paths from '@/shared/paths';

export { HomeInvoices, prefetchHomeInvoices } from './components/home-invoices';
export { invoicesMenuEntry } from './menu';

/** spec §2.2: the invoice lists, one invoice, and its PIX and boleto payments. */
export const invoiceRoutes: RouteObject[] = [
  { path: paths.invoices, loader: () => redirect(paths.invoicesToPay) },
  {
    path: paths.invoicesToPay,
    lazy: () => import('./pages/invoices-page').then((m) => ({ Component: m.ToPayInvoicesPage })),
  },
  {
    path: paths.invoicesReceived,
    lazy: () => import('./pages/invoices-page').then((m) => ({ Component: m.ReceivedInvoicesPage })),
  },
  {
    path: paths.invoice(':invoiceId'),
    children: [
      { index: true, lazy: () => import('./pages/invoice-page').then((m) => ({ Component: m.InvoicePage })) },
      {
        path: paths.pixPayment(':invoiceId'),
        lazy: () => import('./pages/pix-page').then((m) => ({ Component: m.PixPage })),
      },
      {
        path: paths.boletoPayment(':invoiceId'),
        lazy: () => import('./pages/boleto-page').then((m) => ({ Component: m.BoletoPage })),
      },
    ],
  },
];
