import { expect, type Page, test } from '@playwright/test';
import { DEMO, payInvoiceByPix, reopenInvoiceInErp, signInOk } from './support.ts';

// Issue 15 item 4: while the PIX page or the invoice page is open, the page learns that the invoice was
// paid (the API polls the ERP every PAYMENT_POLL_MS, 1 s in this suite, and pushes it by Server-Sent
// Events) and says 'Pagamento recebido' without a reload. Maria's invoice due in 25 days is paid here,
// so each width starts from it open again.
const INVOICE = '1020';

async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

test.describe('live PIX status (issue 15)', () => {
  test.beforeEach(() => reopenInvoiceInErp(INVOICE));

  test("the PIX page says 'Pagamento recebido' once the bank settles the charge", async ({ page }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await page.goto(`/panel/financial/invoice/${INVOICE}/payment/pix`);
    await expect(page.getByRole('img', { name: `QR Code PIX da fatura nº ${INVOICE}` })).toBeVisible();
    await markDocument(page);

    await payInvoiceByPix(INVOICE);
    await expect(page.getByText('Pagamento recebido')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: 'Código PIX copia e cola' })).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);

    await page.getByRole('link', { name: 'Ver detalhes da fatura' }).click();
    await expect(page.getByRole('heading', { name: 'Detalhes da Fatura' })).toBeVisible();
    await expect(page.getByText('Paga', { exact: true })).toBeVisible();
  });

  test('the invoice page shows the payment as it arrives', async ({ page }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await page.goto(`/panel/financial/invoice/${INVOICE}`);
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
    await markDocument(page);

    await payInvoiceByPix(INVOICE);
    await expect(page.getByRole('status').filter({ hasText: 'Pagamento recebido' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Paga', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);
  });
});
