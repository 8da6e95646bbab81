import { expect, type Page, test } from '@playwright/test';
import { tenantUrl } from './support.ts';

const OFFLINE = 'Você está sem conexão. Verifique sua internet e tente novamente.';

/** Waits until the app shell's worker is active and controls the page (it claims open pages). */
async function appShellWorkerControls(page: Page) {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js$/);
}

test.describe('installable per provider, and the sign-in offline (issue 14 item 4)', () => {
  test('opens the sign-in without a connection, with the offline notice, and never keeps API answers', async ({
    page,
    context,
    baseURL,
  }) => {
    const apiFromWorker: boolean[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/'))
        apiFromWorker.push(response.fromServiceWorker());
    });
    await page.goto(tenantUrl(baseURL, 'demo', '/sign-in'));
    await expect(page.getByLabel('CPF/CNPJ')).toBeVisible();
    await expect(page.getByText(OFFLINE)).toHaveCount(0);
    await appShellWorkerControls(page);

    // The connection drops on the open page: the notice appears.
    await context.setOffline(true);
    await expect(page.getByText(OFFLINE)).toBeVisible();

    // Opened again without a connection: the worker's own try at the network fails, and the shell comes
    // from its cache, with the provider's look.
    const workerMissed: string[] = [];
    context.on('requestfailed', (request) => {
      if (request.serviceWorker()) workerMissed.push(new URL(request.url()).pathname);
    });
    const shell = await page.reload();
    expect(shell?.status()).toBe(200);
    expect(shell?.fromServiceWorker()).toBe(true);
    expect(workerMissed).toContain('/sign-in');
    await expect(page.getByLabel('CPF/CNPJ')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0B5CAD');
    // Nothing of the API is answered from a cache.
    const theme = await page.evaluate(() =>
      fetch('/api/central/theme', { headers: { client_id: 'demo' } }).then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(theme).toBe('failed');

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE)).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('CPF/CNPJ')).toBeVisible();
    // The sign-in's theme and session came with its HTML; a call of the page goes to the server.
    await page.evaluate(() => fetch('/api/central/theme', { headers: { client_id: 'demo' } }));
    expect(apiFromWorker.length).toBeGreaterThan(0);
    expect(apiFromWorker.every((fromWorker) => !fromWorker)).toBe(true);
  });

  test("links each host's own manifest and colours the browser with the provider's colour", async ({
    page,
    baseURL,
  }) => {
    for (const { client, name, color } of [
      { client: 'demo', name: 'Fibra Demo', color: '#0B5CAD' },
      { client: 'outro', name: 'Outra Net', color: '#6A1B9A' },
    ]) {
      await page.goto(tenantUrl(baseURL, client, '/sign-in'));
      await expect(page.getByLabel('CPF/CNPJ')).toBeVisible();
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', color);
      const href = await page.locator('link[rel="manifest"]').evaluate((link: HTMLLinkElement) => link.href);
      expect(new URL(href).pathname).toBe('/manifest.webmanifest');
      const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href);
      expect(manifest).toMatchObject({
        name,
        short_name: name,
        theme_color: color,
        display: 'standalone',
        lang: 'pt-BR',
        start_url: '/',
      });
      // The icons are PNGs of the sizes they claim.
      const sizes = await page.evaluate(
        async (icons: { src: string }[]) =>
          Promise.all(
            icons.map(async (icon) => {
              const blob = await (await fetch(icon.src)).blob();
              const bitmap = await createImageBitmap(blob);
              return `${blob.type} ${bitmap.width}x${bitmap.height}`;
            }),
          ),
        manifest.icons,
      );
      expect(sizes).toEqual(['image/png 192x192', 'image/png 512x512', 'image/png 512x512']);

      // Chromium's own verdict: nothing keeps the portal from being installed (the test browser's
      // private profile aside).
      await appShellWorkerControls(page);
      const cdp = await page.context().newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
      await cdp.detach();
    }
  });

  test('leaves the push worker its own scope, /notification/', async ({ page, baseURL }) => {
    await page.goto(tenantUrl(baseURL, 'demo', '/sign-in'));
    await appShellWorkerControls(page);
    // As the notifications page registers it (features/notifications/push.ts).
    const scopes = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/notification/sw.js', {
        scope: '/notification/',
      });
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      if (worker && worker.state !== 'activated') {
        await new Promise<void>((resolve) =>
          worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
        );
      }
      return (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname).sort();
    });
    expect(scopes).toEqual(['/', '/notification/']);
    // The page stays the app shell's.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  });
});
