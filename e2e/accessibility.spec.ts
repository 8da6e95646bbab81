import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { DEMO, signInOk } from './support.ts';

test.describe('accessibility (WCAG 2.1 AA, axe-core)', () => {
  // The portal's CSP rightly refuses injected scripts; axe is injected by the test only.
  test.use({ bypassCSP: true });

  test('public pages: sign-in, password step, recovery, terms, not found', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Central do Assinante' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('CPF/CNPJ').fill(DEMO.maria.document);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/request-password-restoration?first_access=true');
    await expect(page.getByRole('heading', { name: 'Primeiro acesso', level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/termos-de-privacidade');
    await expect(
      page.getByRole('heading', { name: 'Termos de Uso e Política de Privacidade', level: 1 }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/nao/existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('panel pages: home, invoices, invoice, cards, fiscal notes, password, contracts, support', async ({
    page,
  }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    const pages: [string, string][] = [
      ['/panel', 'Olá, Maria!'],
      ['/panel/financial/invoices/to-pay', 'Faturas em aberto'],
      ['/panel/financial/invoice/1019', 'Detalhes da Fatura'],
      ['/panel/financial/invoice/1019/payment/boleto', 'Pagar com boleto'],
      ['/panel/financial/credit-card/new', 'Novo cartão'],
      ['/panel/financial/nfs', 'Notas Fiscais'],
      ['/panel/security', 'Minha Senha'],
      ['/panel/financial/contracts', 'Contratos'],
      ['/panel/customer-service/request', 'Solicitar Atendimento'],
      ['/panel/customer-service/in-progress', 'Atendimentos Em Andamento'],
      ['/panel/customer-service/closed', 'Atendimentos Fechados'],
      ['/panel/customer-service/5001', 'Detalhes do Atendimento'],
      ['/panel/customer-service/5001/add-message', 'Nova Mensagem no Atendimento'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
