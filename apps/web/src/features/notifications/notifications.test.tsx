import { messages, type PushSubscriptionJson, type Theme } from '@central/domain';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as paths from '@/shared/paths';
import { TenantContext } from '@/shared/tenant';
import { renderRoutes } from '@/test/render-routes';
import { notificationKeys } from './api';
import { HomeNotificationPrompt } from './components/home-notification-prompt';
import { NotificationsPage } from './pages/notifications-page';

// Browser globals jsdom lacks (Notification, PushManager, navigator.serviceWorker), stubbed as a browser
// would answer; the API is never reached (the cache is seeded, a call that gets out fails).

const subscription: PushSubscriptionJson = {
  endpoint: 'https://push.example/sub/abc123',
  expirationTime: null,
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'aaaaaaaaaaaaaaaaaaaaaa' },
};
const PUBLIC_KEY = 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function stubBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  // Notification is a constructor with static members: the page reads them only.
  const FakeNotification = {
    permission,
    requestPermission: vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    }),
  };
  const { requestPermission } = FakeNotification;
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  const existing = {
    endpoint: subscription.endpoint,
    options: { applicationServerKey: null },
    toJSON: () => subscription,
    unsubscribe: async () => true,
  };
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => existing) };
  const register = vi.fn(async () => ({ active: {}, pushManager }));
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  return { requestPermission, register, pushManager };
}

function removeServiceWorker() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

const tenant = { client_id: 'demo' } as Theme;

function renderPage(seed?: Parameters<typeof renderRoutes>[2]) {
  return renderRoutes(
    [
      { path: paths.notifications, Component: NotificationsPage },
      { path: paths.panel, Component: () => <h1>Início</h1> },
    ],
    paths.notifications,
    seed,
  );
}

function renderHome() {
  return renderRoutes(
    [
      {
        path: paths.panel,
        Component: () => (
          <TenantContext value={tenant}>
            <HomeNotificationPrompt />
          </TenantContext>
        ),
      },
      { path: paths.notifications, Component: () => <h1>Notificações</h1> },
    ],
    paths.panel,
  );
}

const seedSaved = (saved: number | null) => ({
  seed: (client: QueryClient) => {
    client.setQueryData(notificationKeys.pushKey, PUBLIC_KEY);
    client.setQueryData(
      notificationKeys.config(subscription.endpoint),
      saved === null ? null : { notification_config: { invoice_range: saved }, message: 'ok' },
    );
  },
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  removeServiceWorker();
});

describe('notification settings (spec §2.2 /panel/notifications, §4, §5)', () => {
  it('says so when the browser cannot take notifications', async () => {
    renderPage();
    expect(await screen.findByText('Seu navegador não permite notificações')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it("prompts while the browser has not asked, and 'Ativar notificações' asks it", async () => {
    const browser = stubBrowser('default', 'granted');
    const { user } = renderPage(seedSaved(null));
    expect(await screen.findByRole('heading', { name: 'Receba lembretes das suas faturas' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ativar notificações' }));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByRole('radio', { name: '5 dias antes do vencimento' })).toBeTruthy();
    expect(browser.register).toHaveBeenCalledWith('/notification/sw.js', { scope: '/notification/' });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
  });

  it('explains how to allow them when they are blocked, with the controls disabled', async () => {
    stubBrowser('denied');
    renderPage();
    expect(await screen.findByText('As notificações estão bloqueadas neste navegador')).toBeTruthy();
    expect(screen.getByText(/em Notificações, escolha Permitir/)).toBeTruthy();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.disabled)).toEqual([true, true, true, true]);
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers 15, 10, 5 or 1 days and shows the period this browser saved', async () => {
    stubBrowser('granted');
    renderPage(seedSaved(10));
    const group = await screen.findByRole('radiogroup', { name: 'Quando você quer ser lembrado?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['15', '10', '5', '1']);
    expect(
      (screen.getByRole('radio', { name: '10 dias antes do vencimento' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole('radio', { name: '1 dia antes do vencimento' })).toBeTruthy();
  });

  it("asks for a period when none is chosen ('Por favor, selecione um período')", async () => {
    stubBrowser('granted');
    const { user } = renderPage(seedSaved(null));
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    const group = screen.getByRole('radiogroup');
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      messages.notificationPeriodRequired,
    );
  });

  it('says the save failed when the API cannot be reached', async () => {
    stubBrowser('granted');
    const { user } = renderPage(seedSaved(null));
    await user.click(await screen.findByRole('radio', { name: '5 dias antes do vencimento' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.notificationConfigSaveFailed)).toBeTruthy();
  });

  it('says the settings did not load when the API cannot be reached', async () => {
    stubBrowser('granted');
    renderPage();
    expect(await screen.findByText(messages.notificationConfigLoadFailed)).toBeTruthy();
  });
});

describe('home notification prompt (spec §2.2 /panel)', () => {
  it('shows while the browser has not asked, and is put off per provider', async () => {
    stubBrowser('default');
    const { user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Agora não' }));
    expect(screen.queryByRole('heading', { name: 'Receba lembretes das suas faturas' })).toBeNull();
    expect(localStorage.getItem('central:demo:notification-prompt-dismissed')).toBe('1');
  });

  it('stays away once put off', async () => {
    stubBrowser('default');
    localStorage.setItem('central:demo:notification-prompt-dismissed', '1');
    renderHome();
    await Promise.resolve();
    expect(screen.queryByRole('button', { name: 'Ativar notificações' })).toBeNull();
  });

  it('asks the browser and goes on to choose the period when allowed', async () => {
    stubBrowser('default', 'granted');
    const { user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Ativar notificações' }));
    expect(await screen.findByRole('heading', { name: 'Notificações' })).toBeTruthy();
  });

  it.each(['granted', 'denied'] as const)('does not show once the browser answered %s', async (answer) => {
    stubBrowser(answer);
    renderHome();
    await Promise.resolve();
    expect(screen.queryByRole('button', { name: 'Ativar notificações' })).toBeNull();
  });

  it('does not show where notifications are not supported', async () => {
    renderHome();
    await Promise.resolve();
    expect(screen.queryByRole('button', { name: 'Ativar notificações' })).toBeNull();
  });
});
