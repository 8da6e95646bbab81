import type { Theme } from '@central/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { SnackbarProvider } from '@/shared/snackbar';
import { TenantContext } from '@/shared/tenant';

export const demoTheme: Theme = {
  client_id: 'demo',
  alias: 'Demo Telecom',
  vertical_logo_url: '/logo.svg',
  horizontal_logo_url: null,
  app_logo_url: null,
  favicon_url: null,
  primary_color: '#0b5cad',
  secondary_color: null,
  whatsapp_number: '(48) 99999-0000',
  phone_number: '0800 123 4567',
  contact_email: 'atendimento@demo.example',
  faq_url: null,
  support_type: 'customer_service',
  support_chat: false,
  show_contract_download: true,
  show_annual_statement: true,
  legal_name: 'Demo Telecom Ltda',
  cnpj: '11222333000181',
  address: 'Rua das Flores, 100, Centro, Florianópolis - SC',
};

/**
 * Renders pages at `url` with the app's providers. The cache comes seeded by `seed`, so the pages show
 * what the API would have answered without a server; a call that does reach the network fails.
 */
export function renderPages(
  routes: RouteObject[],
  url: string,
  { theme = demoTheme, seed }: { theme?: Theme; seed?: (client: QueryClient) => void } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  seed?.(client);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <TenantContext value={theme}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </TenantContext>
    </QueryClientProvider>,
  );
  return { client, router };
}
