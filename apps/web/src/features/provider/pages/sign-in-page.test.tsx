import { messages } from '@central/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { renderRoutes } from '@/test/render-routes';
import { providerSignInError } from '../api';
import { ProviderSignInPage } from './sign-in-page';

function renderSignIn() {
  const page = renderRoutes(
    [{ path: paths.providerSignIn, Component: ProviderSignInPage }],
    paths.providerSignIn,
  );
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Entrar' }));
  return { ...page, submit };
}

describe('provider sign-in (spec §2.4 /admin, §8)', () => {
  it("says 'Usuário ou senha não informados' when either is missing", async () => {
    const { field, submit, user } = renderSignIn();
    expect(await screen.findByRole('heading', { name: 'Acesso do provedor' })).toBeTruthy();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(messages.providerCredentialsMissing);
    expect(field('Usuário').getAttribute('aria-invalid')).toBe('true');
    await user.type(field('Usuário'), 'demo');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(messages.providerCredentialsMissing);
    expect(field('Usuário').getAttribute('aria-invalid')).toBe('false');
    expect(field('Senha').getAttribute('aria-invalid')).toBe('true');
  });

  it("says 'Falha ao acessar' when the server cannot be reached", async () => {
    const { field, submit, user } = renderSignIn();
    await user.type(field('Usuário'), 'demo');
    await user.type(field('Senha'), 'provedor123');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.adminSignInFailed);
  });

  it.each([
    [400, 'VALIDATION', messages.providerCredentialsMissing],
    [401, 'PROVIDER_INVALID_CREDENTIALS', messages.adminInvalidCredentials],
    [404, 'TENANT_NOT_FOUND', messages.adminInvalidCredentials],
    [500, 'INTERNAL', messages.adminSignInFailed],
  ])('maps an answer %i to its spec text', (status, code, text) => {
    expect(providerSignInError(new ApiError(status, code, 'x'))).toBe(text);
  });
});
