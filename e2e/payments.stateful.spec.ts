import { expect, test } from '@playwright/test';
import { DEMO, signInOk } from './support.ts';

// Each width pays its own invoice of the bakery with its own cards, so the two runs do not meet.
const RUN = {
  'stateful-phone': {
    invoice: '1023',
    card: '4111 1111 1111 1111',
    last: '1111',
    declined: '4000 0000 0000 0002',
  },
  'stateful-desktop': {
    invoice: '1022',
    card: '5555 5555 5555 4444',
    last: '4444',
    declined: '5555 5555 5555 5052',
  },
} as const;

test.describe('card payment (spec §4 Card payment, §8 Cards)', () => {
  // The declined payment comes first: it needs an invoice that is still open.
  test('a declined card is refused and the invoice stays open', async ({ page }, info) => {
    const run = RUN[info.project.name as keyof typeof RUN];
    await signInOk(page, DEMO.padaria.document, DEMO.password);
    await page.goto('/panel/financial/credit-card/new');
    await page.getByLabel('Apelido do cartão').fill('Recusado');
    await page.getByLabel('Número do cartão').fill(run.declined);
    await page.getByLabel('Nome do titular').fill('Padaria Pao Quente');
    await page.getByLabel('Validade (MM/AA)').fill('12/30');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Cadastrar cartão' }).click();
    await expect(page.getByText('Cartão de crédito cadastrado com sucesso!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meus Cartões' })).toBeVisible();

    const open = await page.request.get('/api/central/customer/list/invoices?status=to_pay', {
      headers: { client_id: 'demo' },
    });
    const invoice = ((await open.json()) as { invoices: { id: string }[] }).invoices[0]?.id;
    expect(invoice).toBeTruthy();
    await page.goto(`/panel/financial/invoice/${invoice}/payment/card`);
    await page.getByRole('radio', { name: new RegExp(`final ${run.declined.slice(-4)}`) }).check();
    await page.getByLabel('Código de segurança (CVV)').fill('123');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirmar pagamento' })
      .getByRole('button', { name: 'Confirmar pagamento' })
      .click();
    await expect(
      page.getByText(
        'Pagamento não autorizado pelo emissor do cartão. Confira os dados ou use outro cartão.',
      ),
    ).toBeVisible();
    await page.goto(`/panel/financial/invoice/${invoice}`);
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  });

  test('pays an open invoice with a new card in 2 installments and sees it paid', async ({ page }, info) => {
    const run = RUN[info.project.name as keyof typeof RUN];
    await signInOk(page, DEMO.padaria.document, DEMO.password);
    await page.goto(`/panel/financial/invoice/${run.invoice}`);
    await page.getByRole('link', { name: /^Pagar com cartão de crédito/ }).click();
    await expect(page.getByRole('heading', { name: 'Pagar com cartão', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Adicionar cartão' }).click();

    await expect(page.getByRole('heading', { name: 'Novo cartão' })).toBeVisible();
    await page.getByLabel('Número do cartão').fill(run.card);
    await page.getByLabel('Nome do titular').fill('Padaria Pao Quente');
    await page.getByLabel('Validade (MM/AA)').fill('12/30');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Cadastrar cartão' }).click();
    await expect(page.getByText('Cartão de crédito cadastrado com sucesso!')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Pagar com cartão', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(`final ${run.last}`) })).toBeChecked();
    await page.getByLabel('Parcelas').selectOption('2');
    await page.getByLabel('Código de segurança (CVV)').fill('123');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar pagamento' });
    await expect(dialog).toContainText('2x');
    await dialog.getByRole('button', { name: 'Confirmar pagamento' }).dblclick();
    await expect(page.getByText('Pagamento realizado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/panel/financial/invoice/${run.invoice}$`));
    await expect(page.getByText('Paga', { exact: true })).toBeVisible();
    await expect(page.getByText('Cartão de crédito')).toBeVisible();
  });

  test('a provider without a card gateway offers no card', async ({ page, baseURL }) => {
    const url = new URL('/sign-in', baseURL);
    url.hostname = 'outro.localhost';
    await page.goto(url.toString());
    await page.getByLabel('CPF/CNPJ').fill(DEMO.fernanda.document);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Olá, Fernanda!' })).toBeVisible();
    await page.goto(new URL('/panel/financial/invoice/7003', url).toString());
    await expect(page.getByRole('heading', { name: 'Outras formas de pagamento' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pagar com cartão de crédito/ })).toHaveCount(0);
    await page.goto(new URL('/panel/financial/credit-card', url).toString());
    await expect(page).toHaveURL(/\/panel$/);
  });
});
