import { cardMessages, messages } from '@central/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { SnackbarProvider } from '@/shared/snackbar';
import { CardFormPage } from './card-form-page';

function renderPage() {
  const router = createMemoryRouter([{ path: paths.newCard, Component: CardFormPage }], {
    initialEntries: [paths.newCard],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  /** The text under a field, as a screen reader announces it with the field. */
  const message = (label: string) =>
    document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent;
  const submit = () => user.click(screen.getByRole('button', { name: 'Cadastrar cartão' }));
  return { user, field, message, submit };
}

describe('new card form', () => {
  it('shows the spec text of every required field when sent empty', async () => {
    const { field, message, submit } = renderPage();
    await screen.findByRole('heading', { name: 'Novo cartão' });
    await submit();

    expect(message('Número do cartão')).toBe(cardMessages.numberInvalid);
    expect(message('Nome do titular')).toBe(cardMessages.holderRequired);
    expect(message('Validade (MM/AA)')).toBe(cardMessages.expiryRequired);
    expect(message('CVV')).toBe(cardMessages.cvvRequired);
    expect(field('Número do cartão').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses invalid values with the spec texts', async () => {
    const { user, field, message, submit } = renderPage();
    await screen.findByRole('heading', { name: 'Novo cartão' });
    await user.type(field('Número do cartão'), '4111111111111112');
    await user.type(field('Nome do titular'), 'A');
    await user.type(field('Validade (MM/AA)'), '1330');
    await user.type(field('CVV'), '12');
    await submit();

    expect(field('Número do cartão').value).toBe('4111 1111 1111 1112');
    expect(message('Número do cartão')).toBe(cardMessages.numberInvalid);
    expect(message('Nome do titular')).toBe(cardMessages.holderMin);
    expect(field('Validade (MM/AA)').value).toBe('13/30');
    expect(message('Validade (MM/AA)')).toBe(cardMessages.expiryInvalid);
    expect(message('CVV')).toBe(cardMessages.cvvInvalid);
  });

  it('accepts only Visa and Mastercard, holder names of letters, and cards not expired', async () => {
    const { user, field, message, submit } = renderPage();
    await screen.findByRole('heading', { name: 'Novo cartão' });
    await user.type(field('Número do cartão'), '6011111111111117');
    await user.type(field('Nome do titular'), 'Maria 2');
    await user.type(field('Validade (MM/AA)'), '0120');
    await user.type(field('CVV'), '123');
    await submit();

    expect(message('Número do cartão')).toBe(cardMessages.brandNotAccepted);
    expect(message('Nome do titular')).toBe(cardMessages.holderChars);
    expect(message('Validade (MM/AA)')).toBe(messages.cardExpired);
    expect(field('CVV').getAttribute('aria-invalid')).toBe('false');
  });

  it('names the brand as the number is typed', async () => {
    const { user, field, message } = renderPage();
    await screen.findByRole('heading', { name: 'Novo cartão' });
    expect(message('Número do cartão')).toBe('Visa ou Mastercard, 16 números');
    await user.type(field('Número do cartão'), '55');
    expect(message('Número do cartão')).toBe('Bandeira: Mastercard');
  });
});
