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
      paths.notifications,
      paths.devices,
      paths.device('ZTEGC8A12345'),
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
      paths.admSignIn,
      paths.admCustomers,
      paths.admNewCustomer,
      paths.admCustomer('acme'),
      paths.admNewApp('acme'),
      paths.admEditApp('acme', '2f1c3e0a-5b6d-4e7f-8a9b-0c1d2e3f4a5b'),
      paths.providerSignIn,
      paths.provider,
    ];
    for (const url of built) {
      expect(page(url)?.path, url).not.toBe('*');
      // Every page is its own chunk but the sign-in, where every session starts: it is in the entry.
      if (url === paths.signIn) expect(page(url)?.Component, url).toBeTypeOf('function');
      else expect(page(url)?.lazy, url).toBeTypeOf('function');
    }
  });

  it('never takes a customer-service page for a ticket id', () => {
    for (const url of Object.values(paths.customerService)) expect(page(url)?.path).toBe(url);
    expect(page(paths.supportTicket('3004'))?.path).toBe(paths.supportTicket(':supportId'));
  });

  it('redirects the paths that only forward', () => {
    for (const url of [paths.root, paths.invoices, paths.adm, paths.authAdm]) {
      expect(page(url)?.loader, url).toBeTypeOf('function');
      expect(page(url)?.lazy, url).toBeUndefined();
    }
  });

  it('leaves unknown back-office paths to not-found', () => {
    const notFound = [
      `${paths.adm}/tenants`,
      `${paths.authAdm}/sign-up`,
      `${paths.providerSignIn}/x`,
      `${paths.provider}/x`,
    ];
    for (const url of notFound) expect(page(url)?.path, url).toBe('*');
  });

  it('keeps the back office out of the tenant gate: it needs no provider theme', () => {
    const chain = (url: string) => matchRoutes(routes, url)?.map((m) => m.route.Component?.name) ?? [];
    expect(chain(paths.signIn)).toContain('TenantLayout');
    for (const url of [paths.admCustomers, paths.admSignIn, paths.providerSignIn, paths.provider])
      expect(chain(url), url).not.toContain('TenantLayout');
  });

  it.each([`${paths.adm}/nada`, `${paths.provider}/nada`])('shows the not-found page at %s', async (url) => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });
});
