import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { DEMO, mailsSentTo, signIn } from './support.ts';

test.describe('invoices, PIX, boleto and fiscal notes (spec §2.2, §8)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.maria.document, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
  });

  test('the home shows the overdue invoices and a summary; the lists open them', async ({ page }) => {
    await expect(page.getByRole('article', { name: 'Fatura vencida: fatura nº 1017' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resumo das faturas' })).toBeVisible();
    await page.getByRole('link', { name: 'Ver todas as faturas' }).click();
    await expect(page).toHaveURL(/\/panel\/financial\/invoices\/to-pay$/);
    const open = page.getByRole('list', { name: 'Faturas em aberto' });
    await expect(open.getByRole('link')).toHaveCount(4);
    await expect(open.getByRole('link').first()).toContainText('Vencida');
    await page.getByRole('tab', { name: 'Pagas' }).click();
    await expect(page.getByRole('heading', { name: 'Faturas pagas', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Faturas pagas' }).getByRole('link')).toHaveCount(12);
    await page.getByRole('list', { name: 'Faturas pagas' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Detalhes da Fatura' })).toBeVisible();
    await expect(page.getByText('Paga', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toHaveCount(0);
  });

  test('copies the PIX code of an open invoice', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/panel/financial/invoice/1019/payment/pix');
    await expect(page.getByRole('heading', { name: 'Pagar com PIX' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR Code PIX da fatura nº 1019' })).toBeVisible();
    const code = await page.getByRole('textbox', { name: 'Código PIX copia e cola' }).inputValue();
    expect(code.startsWith('000201')).toBe(true);
    await page.getByRole('button', { name: 'Copiar código PIX' }).click();
    await expect(page.getByText('Código PIX copiado!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test('downloads a boleto as a PDF, and has none for an invoice without a digitable line', async ({
    page,
  }) => {
    await page.goto('/panel/financial/invoice/1019/payment/boleto');
    await expect(page.getByRole('heading', { name: 'Linha digitável' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar boleto' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('boleto-1019.pdf');
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/panel/financial/invoice/1018');
    await expect(page.getByRole('heading', { name: 'Outras formas de pagamento' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Boleto/ })).toHaveCount(0);
  });

  test('lists the fiscal notes of a month and downloads one', async ({ page }) => {
    await page.goto('/panel/financial/nfs');
    await expect(page.getByRole('heading', { name: 'Notas Fiscais', level: 1 })).toBeVisible();
    const first = page.getByRole('button', { name: /^Baixar nota fiscal nº/ }).first();
    await expect(first).toBeVisible();
    const downloading = page.waitForEvent('download');
    await first.click();
    const pdf = await readFile(await (await downloading).path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByLabel('Ano').selectOption('2014');
    await expect(page.getByRole('heading', { name: /^Notas de .* de 2014$/ })).toBeVisible();
    await page.getByLabel('Mês', { exact: true }).selectOption('02');
    await expect(page.getByRole('heading', { name: 'Notas de fevereiro de 2014' })).toBeVisible();
    await expect(page.getByText('Não há notas fiscais deste mês.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mês anterior' })).toBeDisabled();
  });

  test("another customer's invoice id answers 'Fatura não encontrada.'", async ({ page }) => {
    await page.goto('/panel/financial/invoice/1022');
    await expect(page.getByText('Fatura não encontrada.')).toBeVisible();
    await expect(page.getByText('Padaria')).toHaveCount(0);
  });
});

test.describe('an invoice by e-mail (issue 15)', () => {
  // The portal's CSP rightly refuses injected scripts; axe is injected by the test only.
  test.use({ bypassCSP: true });

  test("sends an open invoice's boleto and PIX code to the subscriber's own e-mail (issue 15)", async ({
    page,
  }) => {
    await signIn(page, DEMO.maria.document, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
    await page.goto('/panel/financial/invoice/1019');
    await expect(page.getByRole('heading', { name: 'Detalhes da Fatura' })).toBeVisible();
    const since = Date.now();
    await page.getByRole('button', { name: /^Enviar por e-mail/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar fatura por e-mail' });
    await expect(dialog.getByRole('radio', { name: 'ma***@gm***.com' })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Fatura enviada para ma***@gm***.com')).toBeVisible();
    await expect(dialog).toBeHidden();

    const [mail = ''] = await mailsSentTo('maria.souza@gmail.com', since);
    expect(mail).toMatch(/filename="?boleto-1019\.pdf/);
    expect(mail).toMatch(/Content-Type: application\/pdf/);
    expect(mail.replace(/=\r?\n/g, '')).toContain('000201');
  });
});
