import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { requireFeature } from '@/shared/guards';
import * as paths from '@/shared/paths';

export { cardsMenuEntry } from './menu';

const cardFormPage = () => import('./pages/card-form-page').then((m) => ({ Component: m.CardFormPage }));

/** spec §2.2/§6: the saved cards and the card payment, only with the credit_card feature flag. */
export function cardRoutes(queryClient: QueryClient): RouteObject[] {
  const requireCards = requireFeature(queryClient, 'credit_card');
  // Without the flag, a card payment goes back to its invoice.
  const requireCardPayment = requireFeature(queryClient, 'credit_card', (params) =>
    paths.invoice(params.invoiceId ?? ''),
  );
  return [
    {
      path: paths.cardPayment(':invoiceId'),
      loader: requireCardPayment,
      lazy: () => import('./pages/pay-with-card-page').then((m) => ({ Component: m.PayWithCardPage })),
    },
    { path: paths.cardPaymentNewCard(':invoiceId'), loader: requireCardPayment, lazy: cardFormPage },
    {
      path: paths.cards,
      loader: requireCards,
      lazy: () => import('./pages/cards-page').then((m) => ({ Component: m.CardsPage })),
    },
    { path: paths.newCard, loader: requireCards, lazy: cardFormPage },
  ];
}
