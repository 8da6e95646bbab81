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
    await period.getByRole('radio', { name: '5 dias antes do vencimento' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações de notificação atualizadas!')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('radio', { name: '5 dias antes do vencimento' })).toBeChecked();
    // The service worker is the portal's own, registered for /notification/.
    const scope = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistrations())[0]?.scope,
    );
    expect(scope).toMatch(/\/notification\/$/);
  });
});
