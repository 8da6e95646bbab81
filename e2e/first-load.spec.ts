import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, tenantUrl } from './support.ts';

/** The API calls the page makes, and what the browser says went wrong (a CSP violation included). */
function watch(page: Page) {
  const api: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(`${url.pathname}${url.search}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { api, errors };
}

test.describe('the first load comes with the page (issue 14 item 3)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective}`),
      ),
    );
  });

  test('draws the sign-in in the provider’s colours without asking for the theme or the session', async ({
    page,
    baseURL,
  }) => {
    const { api, errors } = watch(page);
    await page.goto(tenantUrl(baseURL, 'outro', '/sign-in'));
    await expect(page.getByLabel('CPF/CNPJ')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Outra Net' })).toBeVisible();
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#6A1B9A');
    expect(api).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("fetches the panel home's data once, with the page, and shows it whole", async ({ page }) => {
    await signIn(page, DEMO.maria.document, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();

    const { api, errors } = watch(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resumo das faturas' })).toBeVisible();
    await expect(page.getByText('Carregando faturas')).toHaveCount(0);
    // The session came with the HTML; each of the home's answers was asked for once, by the preload.
    expect(api).not.toContain('/api/central/auth/valid-token');
    expect(api).not.toContain('/api/central/theme');
    for (const url of [
      '/api/central/customer/list/invoices?status=to_pay',
      '/api/central/customer/list/contracts',
      '/api/central/customer/apps',
    ]) {
      expect(
        api.filter((called) => called === url),
        url,
      ).toHaveLength(1);
    }
    expect(errors).toEqual([]);
  });
});
