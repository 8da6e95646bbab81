import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { SIM_URL } from './playwright.config.ts';
import { DEMO, signInOk } from './support.ts';

type SimSubscription = {
  id: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

/** A subscription of the sim's push service for the portal's VAPID key, as a browser would get one. */
async function simSubscription(page: Page): Promise<SimSubscription> {
  const key = await page.request.get('/api/central/config/push-key', { headers: { client_id: 'demo' } });
  expect(key.ok()).toBe(true);
  const { publicKey } = (await key.json()) as { publicKey: string };
  const created = await fetch(`${SIM_URL}/__sim/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey: publicKey }),
  });
  expect(created.status).toBe(201);
  return (await created.json()) as SimSubscription;
}

/**
 * Browsers under test cannot reach a real push service (issue 12 item 9): `PushManager.subscribe` and
 * `getSubscription` answer the sim's subscription instead, and nothing else is replaced. Like a browser,
 * the page keeps it across reloads until it unsubscribes.
 */
function usePushService(page: Page, simulated: SimSubscription['subscription']) {
  return page.addInitScript((json) => {
    const SUBSCRIBED = 'e2e:push-subscription-key';
    const bytes = (base64url: string) => {
      const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
      return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
    };
    const base64url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const subscription = (serverKey: string) => ({
      endpoint: json.endpoint,
      expirationTime: json.expirationTime,
      options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
      getKey: (name: 'p256dh' | 'auth') => bytes(json.keys[name]),
      toJSON: () => structuredClone(json),
      unsubscribe: async () => {
        localStorage.removeItem(SUBSCRIBED);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function getSubscription() {
      const key = localStorage.getItem(SUBSCRIBED);
      return (key ? subscription(key) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!key || typeof key === 'string') throw new DOMException('no key', 'InvalidAccessError');
      const buffer = ArrayBuffer.isView(key)
        ? (key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer)
        : (key as ArrayBuffer);
      localStorage.setItem(SUBSCRIBED, base64url(buffer));
      return subscription(base64url(buffer)) as unknown as PushSubscription;
    };
  }, simulated);
}

test.describe('notification settings (spec §2.2, §4, §5, §7.7)', () => {
  test.use({ permissions: ['notifications'], bypassCSP: true });

  test('saves a 5-day reminder and reads it back after a reload', async ({ page, isMobile }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    const { subscription } = await simSubscription(page);
    await usePushService(page, subscription);
    await page.reload();
    // Allowed already: the home does not prompt.
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ativar notificações' })).toHaveCount(0);

    if (isMobile) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Notificações' })
      .click();
    await expect(page).toHaveURL(/\/panel\/notifications$/);
    await expect(page).toHaveTitle('Central - Notificações');
    const period = page.getByRole('radiogroup', { name: 'Quando você quer ser lembrado?' });
    await expect(period).toBeVisible();

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Por favor, selecione um período')).toBeVisible();
    await period.getByRole('radio', { name: '5 dias antes do vencimento', exact: true }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações de notificação atualizadas!')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('radio', { name: '5 dias antes do vencimento', exact: true })).toBeChecked();
    // The push worker is the portal's own, registered for /notification/, beside the app shell's at /.
    const scopes = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname).sort(),
    );
    expect(scopes).toEqual(['/', '/notification/']);
  });

  test("a provider's general notification reaches the subscriber's browser, decrypted", async ({
    page,
    browser,
  }, info) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    const phone = await simSubscription(page);
    const saved = await page.request.post('/api/central/config/push-notification', {
      headers: { client_id: 'demo' },
      data: { subscription: phone.subscription, invoiceRange: 10 },
    });
    expect(saved.ok()).toBe(true);

    // The provider, in a browser of its own, sends from /provider.
    const staff = await browser.newPage();
    await staff.goto('/admin');
    await staff.getByRole('textbox', { name: 'Usuário' }).fill('demo');
    await staff.getByLabel('Senha', { exact: true }).fill('provedor123');
    await staff.getByRole('button', { name: 'Entrar' }).click();
    await expect(staff).toHaveURL(/\/provider$/);
    const title = `Aviso da Fibra Demo (${info.project.name}, ${Date.now()})`;
    await staff.getByRole('textbox', { name: 'Título' }).fill(title);
    await staff
      .getByRole('textbox', { name: 'Mensagem' })
      .fill('A rede passa por manutenção no domingo às 3h.');
    await staff.getByRole('button', { name: 'Enviar notificação' }).click();
    await staff
      .getByRole('dialog', { name: 'Enviar notificação?' })
      .getByRole('button', { name: 'Enviar' })
      .click();

    // What the phone's push service holds, decrypted with the phone's keys: the provider's words.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${SIM_URL}/__sim/push/subscriptions/${phone.id}/messages`);
          const received = (await res.json()) as { payload: string | null }[];
          return received.map(
            (m) => JSON.parse(m.payload ?? '{}') as { title?: string; body?: string; url?: string },
          );
        },
        { timeout: 60_000 },
      )
      .toContainEqual(
        expect.objectContaining({
          title,
          body: 'A rede passa por manutenção no domingo às 3h.',
          url: '/panel',
        }),
      );
    // The provider's page follows the delivery until it is done.
    const sent = staff
      .getByRole('region', { name: 'Últimas notificações enviadas' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(sent.getByTestId('delivery')).toHaveText(/^Entregue em \d+ aparelhos?/, { timeout: 30_000 });
    await staff.close();
  });
});
