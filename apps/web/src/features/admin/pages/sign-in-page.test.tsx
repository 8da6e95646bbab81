import { messages } from '@central/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { renderRoutes } from '@/test/render-routes';
import { adminSignInError } from '../api';
import { AdminSignInPage } from './sign-in-page';

function renderSignIn() {
  const page = renderRoutes([{ path: paths.admSignIn, Component: AdminSignInPage }], paths.admSignIn);
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Entrar' }));
  return { ...page, submit };
}

describe('admin sign-in (spec §2.4, §5, §8)', () => {
  it('asks for a valid e-mail and a password', async () => {
    const { field, message, submit, user } = renderSignIn();
    expect(await screen.findByRole('heading', { name: 'Acesso administrativo' })).toBeTruthy();
    await submit();
    expect(message('E-mail')).toBe(messages.emailInvalid);
    expect(message('Senha')).toBe(messages.passwordRequired);
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('E-mail'), 'admin@central');
    await user.type(field('Senha'), 'x');
    await submit();
    expect(message('E-mail')).toBe(messages.emailInvalid);
    expect(message('Senha')).toBe('');
  });

  it("says 'Falha ao acessar' when the server cannot be reached", async () => {
    const { field, submit, user } = renderSignIn();
    await user.type(field('E-mail'), 'admin@central.local');
    await user.type(field('Senha'), 'admin12345');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.adminSignInFailed);
  });

  it.each([
    [401, 'INVALID_CREDENTIALS', messages.adminInvalidCredentials],
    [403, 'FORBIDDEN', messages.adminInvalidData],
    [500, 'INTERNAL', messages.adminSignInFailed],
    [0, 'NETWORK', messages.adminSignInFailed],
  ])('maps an answer %i to its spec text', (status, code, text) => {
    expect(adminSignInError(new ApiError(status, code, 'x'))).toBe(text);
  });
});
