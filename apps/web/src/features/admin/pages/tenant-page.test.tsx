import { messages, type TenantDetails } from '@central/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { renderRoutes } from '@/test/render-routes';
import { adminKeys } from '../api';
import { acme, acmeAudit, watchApp } from '../test-fixtures';
import { EditTenantPage, NewTenantPage } from './tenant-page';

function renderNew() {
  const page = renderRoutes(
    [
      { path: paths.admNewCustomer, Component: NewTenantPage },
      { path: paths.admCustomer(':clientId'), Component: () => <h1>Editar</h1> },
    ],
    paths.admNewCustomer,
  );
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Criar cliente' }));
  return { ...page, submit };
}

function renderEdit(tenant: TenantDetails = acme) {
  return renderRoutes(
    [{ path: paths.admCustomer(':clientId'), Component: EditTenantPage }],
    paths.admCustomer(tenant.client_id),
    {
      seed: (client) => {
        client.setQueryData(adminKeys.tenant(tenant.client_id), tenant);
        client.setQueryData(adminKeys.audit(tenant.client_id), acmeAudit);
        client.setQueryData(adminKeys.apps(tenant.client_id), [watchApp]);
      },
    },
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('new provider form (spec §2.4, §5 Tenant form)', () => {
  it('shows the required fields’ texts when sent empty, on the Principal tab', async () => {
    const { field, message, submit } = renderNew();
    expect(await screen.findByRole('heading', { name: 'Novo Cliente', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Aplicativos' })).toBeNull();
    await submit();

    expect(tab('Principal').getAttribute('aria-selected')).toBe('true');
    expect(message('Client ID')).toBe('Por favor, informe um client ID');
    expect(message('Nome do provedor (alias)')).toBe('Por favor, informe um alias');
    expect(message('URL do logo vertical')).toBe(messages.urlInvalid);
    expect(message('Cor primária')).toBe(messages.tenantColorInvalid);
    expect(message('Domínio do IXC')).toBe('Por favor, informe o domínio do IXC');
    expect(message('Token do IXC')).toBe('Por favor, informe o token do IXC');
    // The optional ones stay quiet.
    expect(field('URL do logo horizontal').getAttribute('aria-invalid')).toBe('false');
    expect(field('Cor secundária').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(field('Client ID')));
  });

  it('checks the client id, the colours, the URLs, the e-mail and the CNPJ', async () => {
    const { field, message, submit, user } = renderNew();
    await user.type(field('Client ID'), 'Acme Fibra');
    await user.type(field('URL do logo vertical'), 'logo.svg');
    await user.type(field('Cor primária'), '0B5CAD');
    await user.type(field('E-mail de contato'), 'contato@');
    await user.type(field('CNPJ'), '11.222.333/0001-80');
    await submit();
    expect(message('Client ID')).toBe(messages.tenantClientIdInvalid);
    expect(message('URL do logo vertical')).toBe(messages.urlInvalid);
    expect(message('Cor primária')).toBe(messages.tenantColorInvalid);
    expect(message('E-mail de contato')).toBe(messages.emailInvalid);
    expect(message('CNPJ')).toBe(messages.cnpjInvalid);
  });

  it("takes a logo at an http(s) address or among the portal's own files, nothing else", async () => {
    const { field, message, submit, user } = renderNew();
    await user.type(field('URL do logo vertical'), '/brand/demo/vertical.svg');
    await user.type(field('URL do logo horizontal'), 'https://acme.example/logo.svg');
    await user.type(field('URL do favicon'), '//acme.example/favicon.svg');
    await user.type(field('URL do logo do app'), 'ftp://acme.example/app.svg');
    await submit();
    expect(message('URL do logo vertical')).toBe('');
    expect(message('URL do logo horizontal')).toBe('');
    expect(message('URL do favicon')).toBe(messages.urlInvalid);
    expect(message('URL do logo do app')).toBe(messages.urlInvalid);
  });

  it('keeps the colour picker and the hex text together', async () => {
    const { field, user } = renderNew();
    await user.type(field('Cor primária'), '#FF8800');
    expect((screen.getByLabelText('Escolher cor primária') as HTMLInputElement).value).toBe('#ff8800');
  });

  it('shows the Suporte tab when the first failing field is there', async () => {
    const { field, message, submit, user } = renderNew();
    await user.type(field('Client ID'), 'acme');
    await user.type(field('Nome do provedor (alias)'), 'Acme Fibra');
    await user.type(field('URL do logo vertical'), 'https://acme.example/logo.svg');
    await user.type(field('Cor primária'), '#0B5CAD');
    await user.type(field('Domínio do IXC'), 'ixc.acme.example');
    await user.type(field('Token do IXC'), '1:abc');
    await user.click(tab('Suporte'));
    await user.type(field('ID do departamento'), '0012');
    await user.click(tab('Principal'));
    await submit();

    expect(tab('Suporte').getAttribute('aria-selected')).toBe('true');
    expect(message('ID do departamento')).toBe('ID inválido');
    await waitFor(() => expect(document.activeElement).toBe(field('ID do departamento')));
  });

  it('asks for the three ACS fields together (or “-” in all three)', async () => {
    const { field, message, submit, user } = renderNew();
    await user.type(field('URL do ACS'), 'https://acs.acme.example');
    await submit();
    expect(message('URL do ACS')).toBe(messages.acsInvalid);
    expect(screen.getByText(/preencha “-” nos três campos/)).toBeTruthy();
  });
});

describe('editing a provider (spec §2.4)', () => {
  it('shows its values, the three tabs, and no client id field', async () => {
    const { field } = renderEdit();
    expect(await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Principal',
      'Suporte',
      'Aplicativos',
    ]);
    expect(screen.queryByLabelText(/^Client ID/)).toBeNull();
    expect(field('Nome do provedor (alias)').value).toBe('Acme Fibra');
    expect(field('Cor primária').value).toBe('#0B5CAD');
  });

  it('shows a stored secret masked, to be kept when left blank', async () => {
    const { field, message } = renderEdit();
    await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 });
    expect(field('Token do IXC').value).toBe('');
    expect(field('Token do IXC').placeholder).toBe('••••••••');
    expect(message('Token do IXC')).toBe('Deixe em branco para manter');
    // Not stored: no placeholder.
    expect(field('Merchant Key').placeholder).toBe('');
  });

  it('lists the subjects as “id - content” and refuses a duplicate or a bad id', async () => {
    const { field, message, user } = renderEdit();
    await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 });
    await user.click(tab('Suporte'));
    expect(screen.getByText('12 - Sem conexão')).toBeTruthy();
    await user.type(field('Assuntos'), '12{Enter}');
    expect(message('Assuntos')).toBe(messages.subjectDuplicate);
    await user.clear(field('Assuntos'));
    await user.type(field('Assuntos'), 'abc{Enter}');
    expect(message('Assuntos')).toBe(messages.subjectIdInvalid);
    // Enter adds ids: it never sends the form.
    expect(screen.queryByText(messages.tenantEdited)).toBeNull();
  });

  it('offers the support types of the spec', async () => {
    const { field, user } = renderEdit();
    await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 });
    await user.click(tab('Suporte'));
    const options = [...field('Tipo de suporte').querySelectorAll('option')].map((o) => [
      o.value,
      o.textContent,
    ]);
    expect(options).toEqual([
      ['os', 'Ordem de serviço'],
      ['customer_service', 'Atendimento'],
    ]);
  });

  it('lists the apps on the Aplicativos tab', async () => {
    const { user } = renderEdit();
    await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 });
    await user.click(tab('Aplicativos'));
    const list = screen.getByRole('list', { name: 'Aplicativos' });
    expect(within(list).getByText('Watch Brasil')).toBeTruthy();
    expect(within(list).getByText('Produto no contrato')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo Aplicativo' }).getAttribute('href')).toBe(
      paths.admNewApp('acme'),
    );
    expect(screen.getByRole('link', { name: 'Editar Watch Brasil' }).getAttribute('href')).toBe(
      paths.admEditApp('acme', watchApp.id),
    );
    // The save above the list is the form's (the integrations); each app is saved on its own page.
    const save = screen.getByRole('button', { name: 'Salvar alterações' });
    expect(save.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the apps’ integrations above the list, a stored token masked and kept when blank', async () => {
    const { field, message, user } = renderEdit({
      ...acme,
      apps_static_catalogue: true,
      nextcloud_url: 'https://cloud.acme.example',
      nextcloud_user: 'admin',
      cloud_quota_gb: 50,
      secrets: { ...acme.secrets, nextcloud_app_password: true },
    });
    await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Integrações dos aplicativos' })).toBeNull();
    await user.click(tab('Aplicativos'));
    const section = screen.getByRole('heading', { name: 'Integrações dos aplicativos' });
    const appsHeading = screen.getByRole('heading', { name: 'Aplicativos', level: 2 });
    expect(section.compareDocumentPosition(appsHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    expect(field('Catálogo fixo de streaming').checked).toBe(true);
    expect(field('URL da API do Watch Brasil').value).toBe('https://api.watch.example');
    expect(field('Token do Watch Brasil').value).toBe('');
    expect(field('Token do Watch Brasil').type).toBe('password');
    expect(field('Token do Watch Brasil').placeholder).toBe('••••••••');
    expect(message('Token do Watch Brasil')).toBe('Token salvo — deixe em branco para manter');
    // Not stored: nothing to keep.
    expect(field('URL da API do Playhub').value).toBe('');
    expect(field('Token do Playhub').placeholder).toBe('');
    expect(message('Token do Playhub')).toBe('');
    expect(field('URL do Nextcloud').value).toBe('https://cloud.acme.example');
    expect(field('Usuário do Nextcloud').value).toBe('admin');
    expect(message('Senha de aplicativo do Nextcloud')).toBe('Senha salva — deixe em branco para manter');
    expect(field('Quota total do ATP Box por contrato (GB)').value).toBe('50');
  });

  it('checks the apps’ fields on save and shows their tab with the first failing one', async () => {
    const { field, message, user } = renderEdit();
    await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 });
    await user.click(tab('Aplicativos'));
    await user.type(field('URL da API da Olé TV'), 'oletv.example');
    await user.type(field('Token da Tocalivros'), 'segredo');
    await user.type(field('Quota total do ATP Box por contrato (GB)'), '0');
    await user.click(tab('Principal'));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(tab('Aplicativos').getAttribute('aria-selected')).toBe('true');
    expect(message('URL da API da Olé TV')).toBe(messages.urlInvalid);
    expect(message('Quota total do ATP Box por contrato (GB)')).toBe(messages.cloudQuotaInvalid);
    await waitFor(() => expect(document.activeElement).toBe(field('URL da API da Olé TV')));

    // Once those are right, a token without its URL is refused on the URL.
    await user.clear(field('URL da API da Olé TV'));
    await user.clear(field('Quota total do ATP Box por contrato (GB)'));
    await user.type(field('Quota total do ATP Box por contrato (GB)'), '20');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(message('URL da API da Tocalivros')).toBe(messages.appsUrlRequired);
    expect(screen.queryByText(messages.tenantEdited)).toBeNull();
  });

  it('asks before suspending, and offers to reactivate a suspended provider', async () => {
    const { user } = renderEdit();
    await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspender cliente?' });
    expect(within(dialog).getByText(/Provedor não encontrado/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  });

  it('marks a suspended provider and offers Reativar', async () => {
    renderEdit({ ...acme, suspended: true });
    await screen.findByRole('heading', { name: 'Editar Cliente', level: 1 });
    expect(screen.getByText('Suspenso')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reativar' })).toBeTruthy();
  });

  it('saves the provider password on its own, at least 8 characters', async () => {
    const { field, message, user } = renderEdit();
    await screen.findByRole('heading', { name: 'Senha do provedor' });
    await user.type(field('Nova senha do provedor'), 'curta');
    await user.click(screen.getByRole('button', { name: 'Salvar senha' }));
    expect(message('Nova senha do provedor')).toBe('Por favor informe uma senha com no mínimo 8 caracteres');
  });

  it('shows the history of changes, newest first, with the fields by name', async () => {
    renderEdit();
    const history = (await screen.findByRole('heading', { name: 'Histórico de alterações' })).closest(
      'section',
    );
    if (!history) throw new Error('no history section');
    const items = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('p'));
    expect(items[0]?.textContent).toContain('Cliente editado');
    expect(items[0]?.textContent).toContain('por Bruno Staff');
    expect(within(history).getByText('Token do IXC')).toBeTruthy();
    expect(items[1]?.textContent).toContain('Cliente criado');
  });
});
