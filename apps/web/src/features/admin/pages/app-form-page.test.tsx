import { messages } from '@central/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { renderRoutes } from '@/test/render-routes';
import { adminKeys } from '../api';
import { acme, watchApp } from '../test-fixtures';
import { EditAppPage, NewAppPage } from './app-form-page';

function renderNew() {
  const page = renderRoutes(
    [{ path: paths.admNewApp(':clientId'), Component: NewAppPage }],
    paths.admNewApp('acme'),
    {
      seed: (client) => client.setQueryData(adminKeys.tenant('acme'), acme),
    },
  );
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Criar aplicativo' }));
  return { ...page, submit };
}

const options = (select: HTMLInputElement) =>
  [...select.querySelectorAll('option')].map((o) => ({ value: o.value, disabled: o.disabled }));

describe('app form (spec §2.4, §5 App form)', () => {
  it('shows the required fields’ texts when sent empty', async () => {
    const { message, submit } = renderNew();
    expect(await screen.findByRole('heading', { name: 'Novo Aplicativo', level: 1 })).toBeTruthy();
    expect(screen.getByText('Acme Fibra · acme')).toBeTruthy();
    await submit();
    expect(message('Nome')).toBe('Por favor, informe um nome');
    expect(message('URL da imagem')).toBe(messages.urlInvalid);
    expect(message('Texto pendente')).toBe('Por favor, informe um texto pendente');
    expect(message('Texto ativo')).toBe('Por favor, informe um texto ativo');
    expect(message('Critério de ativação')).toBe('Por favor, selecione um critério de ativação');
    expect(message('Método de integração')).toBe('Por favor, selecione um método de integração');
  });

  it("refuses an image URL that is not an image ('URL da imagem não é válida')", async () => {
    const { user, field, message, submit } = renderNew();
    await user.type(field('URL da imagem'), 'https://acme.example/app');
    await submit();
    expect(message('URL da imagem')).toBe(messages.imageUrlInvalid);
  });

  it('offers the criteria of the spec', async () => {
    const { field } = renderNew();
    await screen.findByRole('heading', { name: 'Novo Aplicativo', level: 1 });
    const labels = [...field('Critério de ativação').querySelectorAll('option')].map((o) => o.textContent);
    expect(labels).toEqual([
      'Selecione um critério',
      'Qualquer contrato',
      'Produto no contrato',
      'Plano no contrato',
    ]);
  });

  it('disables watchbr, ole_tv and playhub when the criterion is any', async () => {
    const { user, field } = renderNew();
    await user.selectOptions(field('Critério de ativação'), 'any');
    const disabled = options(field('Método de integração'))
      .filter((o) => o.disabled)
      .map((o) => o.value);
    expect(disabled).toEqual(['watchbr', 'ole_tv', 'playhub']);
    await user.selectOptions(field('Critério de ativação'), 'plan_in_contract');
    expect(options(field('Método de integração')).some((o) => o.disabled)).toBe(false);
  });

  it('says a method chosen before is not allowed once the criterion becomes any', async () => {
    const { user, field, message, submit } = renderNew();
    await user.selectOptions(field('Critério de ativação'), 'product_in_contract');
    await user.selectOptions(field('Método de integração'), 'ole_tv');
    expect(message('Método de integração')).not.toBe(messages.appMethodNotAllowed);
    await user.selectOptions(field('Critério de ativação'), 'any');
    expect(message('Método de integração')).toBe(messages.appMethodNotAllowed);
    expect(field('Método de integração').getAttribute('aria-invalid')).toBe('true');
    await submit();
    expect(message('Método de integração')).toBe(messages.appMethodNotAllowed);
  });

  it('asks for a product with the criterion “Produto no contrato”', async () => {
    const { user, field, message, submit } = renderNew();
    await user.type(field('Nome'), 'Watch Brasil');
    await user.type(field('URL da imagem'), 'https://acme.example/watch.png');
    await user.type(field('Texto pendente'), 'Ative.');
    await user.type(field('Texto ativo'), 'Ativo.');
    await user.selectOptions(field('Critério de ativação'), 'product_in_contract');
    await user.selectOptions(field('Método de integração'), 'watchbr');
    await submit();
    expect(message('Produtos')).toBe('Adicione ao menos um produto');
  });

  it('edits an app: its values filled, a product already there refused', async () => {
    const { user, field, message } = renderRoutes(
      [{ path: paths.admEditApp(':clientId', ':appId'), Component: EditAppPage }],
      paths.admEditApp('acme', watchApp.id),
      { seed: (client) => client.setQueryData(adminKeys.app('acme', watchApp.id), watchApp) },
    );
    expect(await screen.findByRole('heading', { name: 'Editar Aplicativo', level: 1 })).toBeTruthy();
    expect(field('Nome').value).toBe('Watch Brasil');
    expect(field('Método de integração').value).toBe('watchbr');
    expect(screen.getByText('10 - Watch Brasil Básico')).toBeTruthy();
    await user.type(field('Produtos'), '10{Enter}');
    expect(message('Produtos')).toBe(messages.productDuplicate);
    await user.clear(field('Planos'));
    await user.type(field('Planos'), 'x{Enter}');
    expect(message('Planos')).toBe(messages.planIdInvalid);
    expect(screen.getByRole('button', { name: 'Salvar alterações' })).toBeTruthy();
  });
});
