import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { SnackbarProvider } from '@/shared/snackbar';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label, with or without the ' *' MUI adds to required ones (its thin space read as a space). */
export const labelText = (label: string) => new RegExp(`^${escapeRegExp(label)}( \\*)?$`);

/**
 * Renders routes at `url` with the app's providers but no tenant (the back office has none). The cache
 * comes seeded by `seed`, so the pages show what the API would have answered; a call that does reach the
 * network fails, as it would with the server down.
 */
export function renderRoutes(
  routes: RouteObject[],
  url: string,
  { seed }: { seed?: (client: QueryClient) => void } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  seed?.(client);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(labelText(label)) as HTMLInputElement;
  /** The text under a field, as a screen reader announces it with the field. */
  const message = (label: string) =>
    document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent ?? '';
  return { client, router, user, field, message };
}
