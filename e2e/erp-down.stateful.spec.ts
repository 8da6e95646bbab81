import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { SIM_URL } from './playwright.config.ts';
import { DEMO, signInOk } from './support.ts';

// Issue 15 item 5: the ERP is down, the portal is not. Maria signed in before; while the demo ERP answers
// 500 to everything she still signs in (on the status kept at that sign-in), sees the invoices she last
// saw with 'Os dados podem estar desatualizados', and cannot pay them; once the ERP is back the notice
// goes. This project runs alone, after every other one.

const NOTICE = 'Os dados podem estar desatualizados';
const INVOICE = '1019';

async function erpFaults(body: { mode: string } | null) {
  const res = await fetch(`${SIM_URL}/__sim/ixc/demo/faults`, {
    method: body ? 'PUT' : 'DELETE',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`sim faults: ${res.status}`);
}

test.describe('the ERP is down, the portal is not (issue 15)', () => {
  // axe is injected by the test; the portal's CSP rightly refuses it otherwise.
  test.use({ bypassCSP: true });
  test.afterEach(() => erpFaults(null));

  test('signs in on the last known status, shows the last invoices with the notice, and pays nothing until the ERP is back', async ({
    page,
  }) => {
    test.slow();
    // Online: the home shows her invoices, and the portal keeps them.
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await expect(page.getByRole('link', { name: /^Pagar fatura nº/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'SAIR' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await erpFaults({ mode: 'http500' });
    // The API keeps an ERP answer for 5 s; after that it can only ask the ERP.
    await page.waitForTimeout(5_000);
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await expect(page.getByText(NOTICE)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pagar fatura nº/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Ver fatura nº/ }).first()).toBeVisible();

    await page.goto(`/panel/financial/invoice/${INVOICE}`);
    await expect(page.getByRole('heading', { name: 'Detalhes da Fatura', level: 1 })).toBeVisible();
    await expect(page.getByText(NOTICE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar código PIX' })).toBeDisabled();
    for (const name of [/^Boleto/, /^PIX/]) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    await expect(page.getByRole('button', { name: /^Enviar por e-mail/ })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    // A payment page opened directly says why there is nothing to pay with.
    await page.goto(`/panel/financial/invoice/${INVOICE}/payment/pix`);
    await expect(page.getByText('O pagamento volta assim que os dados forem atualizados.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Código PIX copia e cola' })).toHaveCount(0);

    // The ERP is back; after the circuit's pause (1 s here) the page is fresh again.
    await erpFaults(null);
    await page.waitForTimeout(1_500);
    await page.goto(`/panel/financial/invoice/${INVOICE}`);
    await expect(page.getByRole('button', { name: 'Copiar código PIX' })).toBeEnabled();
    await expect(page.getByText(NOTICE)).toHaveCount(0);
    await page.goto('/panel');
    await expect(page.getByRole('link', { name: /^Pagar fatura nº/ }).first()).toBeVisible();
    await expect(page.getByText(NOTICE)).toHaveCount(0);
  });
});
