import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTenant } from '@/shared/tenant';
import { demoTheme } from '@/test/fixtures';
import { TenantGate } from './tenant-gate';

// jsdom has no server: every theme call fails as it does without a connection.

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
    localStorage.setItem('central:theme:demo', JSON.stringify(demoTheme));
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
