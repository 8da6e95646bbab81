import { messages, type ProviderNotificationList } from '@central/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { renderRoutes } from '@/test/render-routes';
import { providerKeys } from '../api';
import { ProviderLayout } from '../components/provider-layout';
import { NotificationPage } from './notification-page';

const lastSent: ProviderNotificationList['notifications'] = [
  {
    id: 'n2',
    title: 'Manutenção programada',
    message: 'Na madrugada de domingo a rede passa por manutenção.',
    recipients: 3,
    created_at: '2025-03-02T12:00:00.000Z',
    delivery: { status: 'done', subscriptions: 4, delivered: 3, failed: 0, removed: 1 },
  },
  {
    id: 'n1',
    title: 'Nova loja',
    message: 'Inauguramos a loja do centro.',
    recipients: 3,
    created_at: '2025-03-01T12:00:00.000Z',
    delivery: { status: 'sending', subscriptions: 1200, delivered: 400, failed: 2, removed: 1 },
  },
];

function renderPage() {
  const page = renderRoutes(
    [
      {
        path: paths.provider,
        Component: ProviderLayout,
        children: [{ index: true, Component: NotificationPage }],
      },
    ],
    paths.provider,
    {
      seed: (client) => {
        client.setQueryData(providerKeys.session, {
          provider: { client_id: 'demo', alias: 'Fibra Demo' },
          expiresAt: '2099-01-01T00:00:00.000Z',
        });
        client.setQueryData(providerKeys.notifications, lastSent);
      },
    },
  );
  const send = () => page.user.click(screen.getByRole('button', { name: 'Enviar notificação' }));
  return { ...page, send };
}

describe('general notification (spec §2.4 /provider, §5, §8)', () => {
  it('shows the provider in the header, with Sair and no admin links', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Notificação geral', level: 1 })).toBeTruthy();
    expect(screen.getByText('Fibra Demo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Clientes' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Novo Cliente' })).toBeNull();
  });

  it('asks for a title and a message', async () => {
    const { message, send } = renderPage();
    await screen.findByRole('heading', { name: 'Notificação geral', level: 1 });
    await send();
    expect(message('Título')).toBe(`${messages.notificationTitleRequired}0/299`);
    expect(message('Mensagem')).toBe(`${messages.notificationMessageRequired}0/1.399`);
  });

  it('counts the characters and refuses a title of 300 and a message of 1400', async () => {
    const { user, field, message, send } = renderPage();
    await user.click(field('Título'));
    await user.paste('t'.repeat(300));
    await user.click(field('Mensagem'));
    await user.paste('m'.repeat(1400));
    expect(message('Título')).toBe('300/299');
    expect(field('Título').getAttribute('aria-invalid')).toBe('true');
    await send();
    expect(message('Título')).toBe(`${messages.notificationTitleMax}300/299`);
    expect(message('Mensagem')).toBe(`${messages.notificationMessageMax}1.400/1.399`);
  });

  it("asks before sending, and says 'Falha ao se comunicar com o servidor' when it fails", async () => {
    const { user, field, send } = renderPage();
    await user.type(field('Título'), 'Manutenção');
    await user.type(field('Mensagem'), 'A rede passa por manutenção hoje.');
    await send();
    const dialog = screen.getByRole('dialog', { name: 'Enviar notificação?' });
    expect(within(dialog).getByText('Manutenção')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(messages.generic)).toBeTruthy();
  });

  it('lists the last notifications sent, with how many received them', async () => {
    renderPage();
    const list = (await screen.findByRole('heading', { name: 'Últimas notificações enviadas' })).closest(
      'section',
    );
    if (!list) throw new Error('no list');
    expect(within(list).getByText('Manutenção programada')).toBeTruthy();
    expect(within(list).getAllByText(/3 assinantes/)).toHaveLength(2);
    const lines = within(list)
      .getAllByTestId('delivery')
      .map((e) => e.textContent);
    expect(lines).toEqual([
      'Entregue em 3 aparelhos · 0 falhas · 1 inscrição removida',
      'Enviando… 403 de 1.200 aparelhos',
    ]);
  });
});
