import {
  type AppDetails,
  type CloudUserList,
  type CustomerAppItem,
  type CustomerAppList,
  GB_BYTES,
  messages,
  type OleTvCheck,
  oleTvRecoverySent,
  type TocaLivrosPrefill,
} from '@central/domain';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { renderRoutes } from '@/test/render-routes';
import { appKeys } from './api';
import { HomeAppsCard } from './components/home-apps-card';
import { appRoutes } from './index';

const WATCH = '6f1c7a52-3c2e-4b8e-9a55-0d6f2b0c1e11';
const WATCH_EXTRA = '6f1c7a52-3c2e-4b8e-9a55-0d6f2b0c1e12';
const BOX = '0b7f6a4e-1111-4c2e-8a55-0d6f2b0c1e13';
const BOOKS = '0b7f6a4e-2222-4c2e-8a55-0d6f2b0c1e14';
const GROUP = 'maria-aparecida-souza-52998224725-101';

const item = (
  id: string,
  name: string,
  method: CustomerAppItem['customer_app']['integration_method'],
  overrides: Partial<CustomerAppItem> = {},
): CustomerAppItem => ({
  customer_app: { id, name, image: `/apps/${id}.png`, integration_method: method, product_ids: [] },
  service: null,
  contract: { id: '101' },
  link: paths.app(id, '101'),
  description: `${name} pendente`,
  app_store_link: null,
  play_store_link: null,
  active: false,
  ...overrides,
});

const details = (overrides: Partial<AppDetails> = {}): AppDetails => ({
  id: WATCH,
  name: 'Watch Brasil',
  image: '/apps/watch.png',
  pending_text: 'Ative para assistir.',
  active_text: 'Baixe o app e entre com o seu e-mail.',
  app_store_link: 'https://apps.apple.com/app/watch',
  play_store_link: 'https://play.google.com/store/apps/watch',
  integration_method: 'watchbr',
  integration: null,
  is_active: false,
  is_online: true,
  product_ids: ['133'],
  platform: null,
  customer: {
    full_name: 'Maria Aparecida Souza',
    cpf_cnpj: '52998224725',
    email: 'maria.souza@gmail.com',
    phone_number: '(48) 99999-0000',
  },
  app: null,
  title: '',
  description: '',
  atp_box_group: null,
  static_catalogue: false,
  contract_product_ids: ['133'],
  ...overrides,
});

const cloudList: CloudUserList = {
  group: { id: GROUP, contractId: '101', quota_limit: 10 * GB_BYTES, quota_allocated: 5 * GB_BYTES },
  users: [
    {
      id: 'maria.fotos',
      displayname: 'Maria Fotos',
      email: 'maria.fotos@example.com',
      quota: { used: 1.25 * GB_BYTES, total: 5 * GB_BYTES },
    },
  ],
};

function renderHome(list?: CustomerAppList) {
  return renderRoutes([{ path: paths.panel, Component: HomeAppsCard }], paths.panel, {
    seed: (client) => {
      if (list) client.setQueryData(appKeys.list, list);
    },
  });
}

function renderApp(url: string, seed: Parameters<typeof renderRoutes>[2] = {}) {
  return renderRoutes(appRoutes, url, seed);
}

const renderDetails = (d: AppDetails, url = paths.app(d.id, '101')) =>
  renderApp(url, { seed: (client) => client.setQueryData(appKeys.details(d.id, '101', null), d) });

describe('home apps card (spec §2.2, §2.5, §4)', () => {
  it('merges the apps of one method into one tile, each tile linking to its page', async () => {
    renderHome({
      apps: [
        item(WATCH, 'Watch Brasil', 'watchbr', {
          play_store_link: 'https://play.google.com/store/apps/watch',
        }),
        item(BOX, 'ATP Box', 'api_atp_box', { active: true, description: 'Seu ATP Box está ativo' }),
        item(WATCH_EXTRA, 'Watch Kids', 'watchbr', { contract: { id: '102' } }),
      ],
      inactive_apps: [],
      apps_disabled: false,
    });
    const watch = await screen.findByRole('listitem', { name: 'Watch Brasil, Watch Kids' });
    expect(within(watch).getByText('Watch Brasil pendente')).toBeTruthy();
    expect(
      within(watch).getByRole('link', { name: 'Ativar Watch Brasil, Watch Kids' }).getAttribute('href'),
    ).toBe(paths.app(WATCH, '101'));
    expect(
      within(watch)
        .getByRole('link', { name: 'Watch Brasil, Watch Kids no Google Play' })
        .getAttribute('href'),
    ).toBe('https://play.google.com/store/apps/watch');
    const box = screen.getByRole('listitem', { name: 'ATP Box' });
    expect(within(box).getByText('Seu ATP Box está ativo')).toBeTruthy();
    expect(within(box).getByText('Ativo')).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Abrir ATP Box' }).getAttribute('href')).toBe(
      paths.app(BOX, '101'),
    );
    expect(screen.queryByText(messages.appsDisabledOpenInvoices)).toBeNull();
  });

  it('warns that the apps are disabled when the partner says so', async () => {
    renderHome({ apps: [item(WATCH, 'Watch Brasil', 'watchbr')], inactive_apps: [], apps_disabled: true });
    expect(await screen.findByText(messages.appsDisabledOpenInvoices)).toBeTruthy();
  });

  it('shows no card to a subscriber without apps', async () => {
    renderHome({ apps: [], inactive_apps: [], apps_disabled: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('heading', { name: 'Seus aplicativos' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Não foi possível carregar seus aplicativos.' with a retry", async () => {
    renderHome();
    expect(await screen.findByText(messages.appsLoadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});

describe('app detail page (spec §2.3, §4 Activation, §5)', () => {
  it('asks the e-mail for a streaming app, filled in from the customer', async () => {
    const { user, field, message } = renderDetails(details());
    expect(await screen.findByRole('heading', { name: 'Watch Brasil', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Central - Watch Brasil');
    expect(screen.getByText('Ative para assistir.')).toBeTruthy();
    expect(field('E-mail').value).toBe('maria.souza@gmail.com');

    await user.clear(field('E-mail'));
    await user.click(screen.getByRole('button', { name: 'Ativar aplicativo' }));
    expect(message('E-mail')).toBe(messages.appEmailMissing);

    await user.type(field('E-mail'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Ativar aplicativo' }));
    expect(message('E-mail')).toBe(messages.cloudUserEmailInvalid);
  });

  it('says the activation failed when the server cannot be reached', async () => {
    const { user } = renderDetails(details());
    await user.click(await screen.findByRole('button', { name: 'Ativar aplicativo' }));
    expect(await screen.findByText(messages.appActivationFailed)).toBeTruthy();
  });

  it('keeps the button disabled, and says why, when the customer has no phone', async () => {
    renderDetails(details({ customer: { ...details().customer, phone_number: null } }));
    expect(await screen.findByText(messages.appPhoneMissing)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Ativar aplicativo' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('asks no e-mail for an app that does not need one', async () => {
    renderDetails(details({ integration_method: 'login_sva' }));
    await screen.findByRole('button', { name: 'Ativar aplicativo' });
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
  });

  it("shows 'Seu app está desativado' when the app is offline", async () => {
    renderDetails(details({ is_online: false }));
    expect(await screen.findByText(messages.appDisabled)).toBeTruthy();
    expect(screen.getByText('Desativado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ativar aplicativo' })).toBeNull();
  });

  it('congratulates an active app, with its login and its stores', async () => {
    renderDetails(details({ is_active: true, integration: { login: 'maria.watch' } }));
    expect(await screen.findByText('Parabéns! Seu Watch Brasil está ativo.')).toBeTruthy();
    expect(screen.getByText('Baixe o app e entre com o seu e-mail.')).toBeTruthy();
    expect(screen.getByText('maria.watch')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch Brasil na App Store' }).getAttribute('href')).toBe(
      'https://apps.apple.com/app/watch',
    );
  });

  it("lists the static catalogue's entries the contract holds", async () => {
    renderDetails(
      details({
        static_catalogue: true,
        product_ids: ['133', '389', '173'],
        contract_product_ids: ['133', '174'],
      }),
    );
    expect(await screen.findByText('Globo Play')).toBeTruthy();
    expect(screen.queryByText('Telemedicina')).toBeNull();
    expect(screen.queryByText('Premiere')).toBeNull();
  });

  it('sends a book app that is not active to its form', async () => {
    renderDetails(details({ id: BOOKS, name: 'Tocalivros', integration_method: 'api_toca_livros' }));
    const link = await screen.findByRole('link', { name: 'Ativar Tocalivros' });
    expect(link.getAttribute('href')).toBe(paths.tocaLivros('101', BOOKS));
  });

  it("manages the cloud box's users on the page", async () => {
    const box = details({
      id: BOX,
      name: 'ATP Box',
      integration_method: 'api_atp_box',
      atp_box_group: GROUP,
    });
    renderApp(paths.app(BOX, '101'), {
      seed: (client) => {
        client.setQueryData(appKeys.details(BOX, '101', null), box);
        client.setQueryData(appKeys.cloud(GROUP), cloudList);
      },
    });
    const row = await screen.findByRole('listitem', { name: 'Maria Fotos' });
    expect(within(row).getByText('maria.fotos@example.com')).toBeTruthy();
    expect(within(row).getByText('1,25 GB de 5 GB')).toBeTruthy();
    expect(within(row).getByRole('progressbar', { name: 'Espaço usado por Maria Fotos' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Editar Maria Fotos' }).getAttribute('href')).toBe(
      `${paths.cloudUserEdit('101', null, 'maria.fotos')}?app=${BOX}`,
    );
    expect(screen.getByText('5 GB de 10 GB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adicionar usuário' }).getAttribute('href')).toBe(
      `${paths.cloudUserNew('101')}?app=${BOX}`,
    );
  });

  it("says 'Falha ao obter detalhes do aplicativo' with a retry", async () => {
    renderApp(paths.app(WATCH, '101'));
    expect(await screen.findByText(messages.appDetailsFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('is also the page of /panel/app/watchbr/{contract_id}/{app_id}', async () => {
    renderDetails(details(), paths.watchbrApp('101', WATCH));
    expect(await screen.findByRole('heading', { name: 'Watch Brasil', level: 1 })).toBeTruthy();
  });
});

describe('cloud box users (spec §2.2 atp-box, §4 Cloud app, §5 Cloud user)', () => {
  const box = details({ id: BOX, name: 'ATP Box', integration_method: 'api_atp_box', atp_box_group: GROUP });
  const seed = {
    seed: (client: QueryClient) => {
      client.setQueryData(appKeys.details(BOX, '101', '900'), box);
      client.setQueryData(appKeys.cloud(GROUP), cloudList);
    },
  };

  it('adds a user within what the group has left', async () => {
    const { user, field, message } = renderApp(`${paths.cloudUserNew('101', '900')}?app=${BOX}`, seed);
    expect(await screen.findByRole('heading', { name: messages.cloudUserNewTitle, level: 1 })).toBeTruthy();
    expect(screen.getByText(messages.cloudUserNewIntro)).toBeTruthy();
    expect(message('Quota (GB)')).toBe('Disponível: 5 GB');

    await user.type(field('Nome'), 'Ana');
    await user.type(field('E-mail'), 'ana@example.com');
    await user.type(field('Senha'), 'curta');
    await user.type(field('Quota (GB)'), '6');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(message('Senha')).toBe(messages.cloudUserPasswordLength);
    expect(message('Quota (GB)')).toBe(messages.cloudQuotaExceeded);

    await user.clear(field('Senha'));
    await user.type(field('Senha'), 'senha-da-ana-1');
    await user.clear(field('Quota (GB)'));
    await user.type(field('Quota (GB)'), '2');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(messages.cloudUserCreateFailed)).toBeTruthy();
  });

  it('edits a user, counting its own quota as available', async () => {
    const { user, field, message } = renderApp(
      `${paths.cloudUserEdit('101', '900', 'maria.fotos')}?app=${BOX}`,
      seed,
    );
    expect(await screen.findByRole('heading', { name: 'Editar Usuário ATP Box', level: 1 })).toBeTruthy();
    expect(field('Nome').value).toBe('Maria Fotos');
    expect(field('E-mail').value).toBe('maria.fotos@example.com');
    expect(field('Senha').value).toBe('');
    expect(field('Quota (GB)').value).toBe('5');
    expect(message('Quota (GB)')).toBe('Disponível: 10 GB');

    await user.clear(field('Quota (GB)'));
    await user.type(field('Quota (GB)'), '11');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(message('Quota (GB)')).toBe(messages.cloudQuotaExceeded);

    await user.clear(field('Quota (GB)'));
    await user.type(field('Quota (GB)'), '6');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.cloudUserUpdateFailed)).toBeTruthy();
  });

  it('asks before removing a user', async () => {
    const { user } = renderApp(`${paths.cloudUserEdit('101', '900', 'maria.fotos')}?app=${BOX}`, seed);
    await user.click(await screen.findByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(messages.cloudUserRemoveFailed)).toBeTruthy();
  });

  it('cannot find the box without the app it belongs to', async () => {
    renderApp(paths.cloudBox('101', '900'));
    expect(await screen.findByText(messages.cloudLoadFailed)).toBeTruthy();
  });
});

describe('Toca Livros (spec §2.2 tocalivros, §7.6)', () => {
  const prefill: TocaLivrosPrefill = {
    name: 'Maria Aparecida Souza',
    email: 'maria.souza@gmail.com',
    cpf_cnpj: '52998224725',
    ddd: '48',
    telefone: '999990000',
    internal_id: '15',
    contract_id: '101',
  };
  const render = (state: TocaLivrosPrefill | null) =>
    renderApp(paths.tocaLivros('101', BOOKS), {
      seed: (client) => client.setQueryData(appKeys.tocaLivros('101'), state),
    });

  it('shows the app as active when the server says so (204)', async () => {
    render(null);
    expect(await screen.findByText('Seu Tocalivros está ativo')).toBeTruthy();
  });

  it('fills the form in and checks it before sending', async () => {
    const { user, field, message } = render(prefill);
    expect(await screen.findByRole('heading', { name: 'Tocalivros', level: 1 })).toBeTruthy();
    expect(field('Nome').value).toBe('Maria Aparecida Souza');
    expect(field('CPF/CNPJ').value).toBe('529.982.247-25');
    expect(field('Telefone').value).toBe('99999-0000');
    await user.clear(field('DDD'));
    await user.type(field('DDD'), '0');
    await user.click(screen.getByRole('button', { name: 'Ativar Tocalivros' }));
    expect(message('Usuário')).toBe('Por favor, informe um usuário');
    expect(message('Senha')).toBe(messages.passwordMin);
    expect(message('DDD')).toBe(messages.phoneInvalid);
  });
});

describe('Olé TV (spec §2.3 TV app, §8)', () => {
  const render = (check: OleTvCheck) =>
    renderApp(paths.oleTv, { seed: (client) => client.setQueryData(appKeys.oleTv, check) });

  it('offers the activation, which may take up to 2 hours', async () => {
    render({ hasOletv: false, customerEmail: null, contractId: '101', oletvAmount: 0 });
    expect(await screen.findByText(messages.oleTvReleaseTime)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ativar Olé TV' })).toBeTruthy();
  });

  it('shows the e-mail of an active one and recovers its password', async () => {
    const { user, field } = render({
      hasOletv: true,
      customerEmail: 'maria.souza@gmail.com',
      contractId: '101',
      oletvAmount: 1,
    });
    expect(await screen.findByText('maria.souza@gmail.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Recuperar senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar senha do Olé TV' });
    expect(field('E-mail').value).toBe('maria.souza@gmail.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(messages.oleTvRecoveryFailed)).toBeTruthy();
    expect(screen.queryByText(oleTvRecoverySent('maria.souza@gmail.com'))).toBeNull();
  });
});
