import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInOk } from './support.ts';

async function pdfOf(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test.describe('contracts (spec §2.2, §7.2, §8 Contracts)', () => {
  test('lists the contracts from the menu, with status, address and services', async ({ page, isMobile }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    if (isMobile) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Contratos' })
      .click();
    await expect(page).toHaveURL(/\/panel\/financial\/contracts$/);
    await expect(page.getByRole('heading', { name: 'Contratos', level: 1 })).toBeVisible();
    const active = page.getByRole('article', { name: /Contrato nº 101/ });
    await expect(active.getByText('Ativo', { exact: true })).toBeVisible();
    await expect(active.getByText('FIBRA 500 MEGA', { exact: true })).toBeVisible();
    await expect(active.getByText(/Rua Felipe Schmidt, 315/)).toBeVisible();
    await expect(active.getByText('Roteador Wi-Fi 6 em comodato')).toBeVisible();
    await expect(active.getByRole('button', { name: 'Desbloqueio de confiança' })).toHaveCount(0);
    // 102 is installed at an address of its own (endereco_padrao_cliente 'N')
    await expect(
      page.getByRole('article', { name: /Contrato nº 102/ }).getByText(/Rua das Gaivotas, 1200/),
    ).toBeVisible();
  });

  test("downloads the contract and this year's debt-settlement statement as PDFs", async ({ page }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await page.goto('/panel/financial/contracts');
    const card = page.getByRole('article', { name: /Contrato nº 101/ });

    const contract = await pdfOf(page, () => card.getByRole('button', { name: 'Baixar contrato' }).click());
    expect(contract.name).toBe('contrato-101.pdf');
    expect(contract.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText('Contrato baixado com sucesso!')).toBeVisible();

    const year = String(new Date().getFullYear());
    await expect(card.getByLabel('Ano')).toHaveValue(year);
    const statement = await pdfOf(page, () => card.getByRole('button', { name: 'Baixar quitação' }).click());
    expect(statement.name).toContain(year);
    expect(statement.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText('Quitação anual de débitos baixados com sucesso!')).toBeVisible();
  });

  test("shows the ERP's refusal when the trust unlock was already used", async ({ page }) => {
    await signInOk(page, DEMO.padaria.document, DEMO.password);
    await page.goto('/panel/financial/contracts');
    const blocked = page.getByRole('article', { name: /Contrato nº 103/ });
    await expect(blocked.getByText('Bloqueado', { exact: true })).toBeVisible();
    await blocked.getByRole('button', { name: 'Desbloqueio de confiança' }).click();
    await page
      .getByRole('dialog', { name: 'Desbloqueio de confiança' })
      .getByRole('button', { name: 'Desbloquear' })
      .click();
    await expect(
      page.getByText(
        'O desbloqueio de confiança não está disponível para o contrato 103, este recurso já foi usado e o título em aberto ainda não foi pago.',
      ),
    ).toBeVisible();
    await expect(blocked.getByText('Bloqueado', { exact: true })).toBeVisible();
  });
});

test.describe('terms (spec §2.1)', () => {
  test("opens from sign-in with the provider's legal name, CNPJ and date", async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Termos de Uso e Política de Privacidade' }).click();
    await expect(page).toHaveURL(/\/termos-de-privacidade$/);
    await expect(
      page.getByRole('heading', { name: 'Termos de Uso e Política de Privacidade', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Fibra Demo Telecomunicações Ltda').first()).toBeVisible();
    await expect(page.getByText('48.372.615/0001-75').first()).toBeVisible();
    await expect(page.getByText(/27\/03\/2024/).first()).toBeVisible();
  });
});
