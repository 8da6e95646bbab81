import type { Theme } from '@central/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTenant } from '@/shared/tenant';
import { TenantGate } from './tenant-gate';

// jsdom has no server: every theme call fails as it does without a connection.
const demo: Theme = {
  client_id: 'demo',
  alias: 'Fibra Demo',
  vertical_logo_url: '/brand/demo/vertical.svg',
  horizontal_logo_url: null,
  app_logo_url: '/brand/demo/app.svg',
  favicon_url: null,
  primary_color: '#0B5CAD',
  secondary_color: null,
  whatsapp_number: null,
  phone_number: null,
  contact_email: null,
  faq_url: null,
  support_type: 'os',
  support_chat: false,
  show_contract_download: true,
  show_annual_statement: true,
  legal_name: null,
  cnpj: null,
  address: null,
};

function Alias() {
  return <p>{useTenant().alias}</p>;
}

function renderGate() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TenantGate>
        <Alias />
      </TenantGate>
    </QueryClientProvider>,
  );
}

afterEach(() => localStorage.clear());

describe('the tenant gate without a connection', () => {
  it("shows the provider's pages with the theme this browser saw last", async () => {
    localStorage.setItem('central:theme:demo', JSON.stringify(demo));
    document.head.insertAdjacentHTML('beforeend', '<meta name="theme-color" content="#ffffff">');
    renderGate();
    expect(await screen.findByText('Fibra Demo')).toBeTruthy();
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0B5CAD');
  });

  it('asks to check the connection when this browser never saw the theme', async () => {
    renderGate();
    expect(await screen.findByText('Verifique a sua conexão com a internet e tente novamente.')).toBeTruthy();
  });
});
