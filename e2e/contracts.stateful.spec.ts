import { expect, test } from '@playwright/test';
import { blockContractInErp, DEMO, signInOk } from './support.ts';

// The unlock changes Maria's contract 102 in the ERP; each width starts from it blocked again, as the
// provider's staff would leave it after the grace period.
test.describe('trust unlock (spec §4, §7.2)', () => {
  test.beforeEach(() => blockContractInErp('102'));

  test("unlocks Maria's blocked contract from the home and sees it 'Ativo'", async ({ page }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    const prompt = page.getByRole('region', { name: 'Contrato com bloqueio' });
    await expect(prompt.getByText('Financeiro Pendente')).toBeVisible();
    await prompt.getByRole('link', { name: 'Ver contratos' }).click();

    const card = page.getByRole('article', { name: /Contrato nº 102/ });
    await expect(card.getByText('Financeiro Pendente', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Desbloqueio de confiança' }).click();
    await page
      .getByRole('dialog', { name: 'Desbloqueio de confiança' })
      .getByRole('button', { name: 'Desbloquear' })
      .click();
    await expect(page.getByText('Desbloqueio de confiança realizado com sucesso!')).toBeVisible();
    await expect(card.getByText('Ativo', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Desbloqueio de confiança' })).toHaveCount(0);

    await page.goto('/panel');
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contrato com bloqueio' })).toHaveCount(0);
  });
});
