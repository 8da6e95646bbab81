import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { createAppRoutes } from './router';

const routes = createAppRoutes(new QueryClient());
const page = (url: string) => matchRoutes(routes, url)?.at(-1)?.route;

describe('app routes', () => {
  it('has a page for every path that is built', () => {
    const built = [
      paths.signIn,
      paths.signInPassword,
      ...Object.values(paths.recovery),
      paths.panel,
      paths.security,
      paths.invoicesToPay,
      paths.invoicesReceived,
      paths.invoice('1019'),
      paths.pixPayment('1019'),
      paths.boletoPayment('1019'),
      paths.cardPayment('1019'),
      paths.cardPaymentNewCard('1019'),
      paths.cards,
      paths.newCard,
      paths.fiscalNotes,
      paths.contracts,
      ...Object.values(paths.customerService),
      paths.supportTicket('3004'),
      paths.supportAddMessage('3004'),
      paths.terms,
    ];
    for (const url of built) {
      expect(page(url)?.path, url).not.toBe('*');
      expect(page(url)?.lazy, url).toBeTypeOf('function');
    }
  });

  it('never takes a customer-service page for a ticket id', () => {
    for (const url of Object.values(paths.customerService)) expect(page(url)?.path).toBe(url);
    expect(page(paths.supportTicket('3004'))?.path).toBe(paths.supportTicket(':supportId'));
  });

  it('redirects the paths that only forward', () => {
    expect(page(paths.root)?.loader).toBeTypeOf('function');
    expect(page(paths.invoices)?.loader).toBeTypeOf('function');
  });

  it('leaves the pages not built yet, the back office and the provider area to not-found', () => {
    const notYet = [paths.notifications, paths.devices, paths.adm, `${paths.adm}/tenants`, paths.provider];
    for (const url of notYet) expect(page(url)?.path, url).toBe('*');
  });

  it.each([paths.adm, paths.provider])('shows the not-found page at %s', async (url) => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });
});
