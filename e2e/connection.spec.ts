import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { DEMO, signInOk } from './support.ts';

// Issue 15 'Meu Consumo': Maria's last 30 days from the demo ERP's RADIUS accounting.

test.describe('connection history (issue 15)', () => {
  // axe is injected by the test; the portal's CSP rightly refuses it otherwise.
  test.use({ bypassCSP: true });

  test("opens from the menu with the connection's state, the daily chart and the latest sessions", async ({
    page,
    isMobile,
  }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    if (isMobile) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Meu Consumo' })
      .click();
    await expect(page).toHaveURL(/\/panel\/connection$/);
    await expect(page.getByRole('heading', { name: 'Meu Consumo', level: 1 })).toBeVisible();
    expect(await page.title()).toBe('Central - Meu Consumo');

    // Her PPPoE logins: the one connected says since when and with which address.
    const now = page.getByRole('region', { name: 'Sua conexão agora' });
    await expect(now.getByText('maria.souza')).toBeVisible();
    await expect(now.getByText(/^Conectado desde \d{2}\/\d{2}\/\d{4} às 06:12$/)).toBeVisible();
    await expect(now.getByText(/^IP 100\.64\.\d+\.\d+$/)).toBeVisible();
    await expect(now.getByText('maria.praia')).toBeVisible();
    await expect(now.getByText('Online')).toHaveCount(1);
    await expect(now.getByText('Offline')).toHaveCount(1);

    // 30 days: totals in base 1024 with a decimal comma, the chart, and its figures as a table.
    const days = page.getByRole('region', { name: 'Últimos 30 dias' });
    await expect(days.getByText(/^\d+(,\d)? GB$/).first()).toBeVisible();
    await expect(days.locator('canvas')).toBeVisible();
    const figures = page.getByRole('table', { name: 'Consumo por dia nos últimos 30 dias' });
    await expect(figures.getByRole('row')).toHaveCount(31);

    // The latest 20 sessions, the open one first.
    const sessions = page.getByRole('table', { name: 'Últimas conexões' });
    await expect(sessions.getByRole('row')).toHaveCount(21);
    await expect(sessions.getByRole('row').nth(1)).toContainText('(aberta)');

    // Nothing scrolls sideways, on a 360 px phone either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
