import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { DEMO, signInOk } from './support.ts';

// The demo provider's apps (apps/api/src/seed/demo.ts): Watch Brasil and Olé TV by products of Maria's
// contract 101, the ATP Box by her plan (10 GB per contract; the sim's Nextcloud already has her user
// maria.fotos with 5 GB), Tocalivros and Clube de Vantagens for everyone. Padaria's plan gives no product
// or plan app.
//
// The phone and desktop projects may run these at the same time against one API: an activation done by
// one is already done for the other, so each test accepts the app either way; the cloud users of the two
// projects differ in name and fit together within the box's 10 GB (5 + 3 + 2).

async function homeApps(page: Page) {
  const card = page.getByRole('region', { name: 'Seus aplicativos' });
  await expect(card).toBeVisible();
  return card;
}

async function openApp(page: Page, name: string) {
  const card = await homeApps(page);
  await card
    .getByRole('listitem', { name })
    .first()
    .getByRole('link', { name: new RegExp(`^(Ativar|Abrir) ${name}$`) })
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Central - ${name}`);
}

test.describe('apps (spec §2.2, §2.3, §4, §5, §8 Apps)', () => {
  test.use({ bypassCSP: true });

  test('Maria sees her apps on the home, grouped by method', async ({ page }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    const card = await homeApps(page);
    for (const name of ['Watch Brasil', 'Olé TV', 'ATP Box', 'Tocalivros', 'Clube de Vantagens']) {
      await expect(card.getByRole('listitem', { name }).first()).toBeVisible();
    }
    const watch = card.getByRole('listitem', { name: 'Watch Brasil' });
    await expect(watch.getByRole('link', { name: 'Watch Brasil no Google Play' })).toHaveAttribute(
      'href',
      /play\.google\.com/,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Maria activates Watch Brasil with her e-mail', async ({ page }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await openApp(page, 'Watch Brasil');
    const activate = page.getByRole('button', { name: 'Ativar aplicativo' });
    const active = page.getByText('Parabéns! Seu Watch Brasil está ativo.');
    await expect(activate.or(active)).toBeVisible();
    if (await activate.isVisible()) {
      const email = page.getByLabel('E-mail', { exact: true });
      await expect(email).toHaveValue(DEMO.maria.email);
      await email.fill('');
      await activate.click();
      await expect(page.getByText('E-mail não informado.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await email.fill(DEMO.maria.email);
      await activate.click();
    }
    await expect(active).toBeVisible();
    // the active text shows in the page's description and in the congratulations card
    await expect(
      page.getByText('Seu Watch Brasil está ativo. Entre no app com o seu e-mail.').first(),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Watch Brasil na App Store' })).toBeVisible();
  });

  test("Maria manages her ATP Box's users", async ({ page, isMobile }, info) => {
    // 2 → 3 GB on desktop (the case), 1 → 2 GB on the phone: both fit next to maria.fotos.
    const [added, edited] = isMobile ? ['1', '2'] : ['2', '3'];
    const name = `Teste ${info.project.name}`;
    const email = `teste.${info.project.name}.${Date.now() % 100_000}@example.com`;

    await signInOk(page, DEMO.maria.document, DEMO.password);
    await openApp(page, 'ATP Box');
    const users = page.getByRole('region', { name: 'Usuários do ATP Box' });
    await expect(users.getByRole('listitem', { name: 'Maria Fotos' })).toBeVisible();
    await expect(users.getByRole('listitem', { name: 'Maria Fotos' }).getByText('de 5 GB')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await users.getByRole('link', { name: 'Adicionar usuário' }).click();
    await expect(page.getByRole('heading', { name: 'Adicionar Usuário ATP Box', level: 1 })).toBeVisible();
    await expect(page.getByText('Informe os dados do novo usuário.')).toBeVisible();
    await page.getByLabel('Nome').fill(name);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-da-nuvem-1');
    await page.getByLabel('Quota (GB)').fill('50');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByText('Quota excede o limite')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Quota (GB)').fill(added);
    await page.getByRole('button', { name: 'Adicionar' }).click();

    const row = page.getByRole('listitem', { name });
    await expect(row.getByText(`de ${added} GB`)).toBeVisible();
    await row.getByRole('link', { name: `Editar ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Editar Usuário ATP Box', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Quota (GB)')).toHaveValue(added);
    await page.getByLabel('Quota (GB)').fill(edited);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Usuário atualizado')).toBeVisible();
    await expect(row.getByText(`de ${edited} GB`)).toBeVisible();

    await row.getByRole('link', { name: `Editar ${name}` }).click();
    await page.getByLabel('Quota (GB)').fill('11');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Quota excede o limite')).toBeVisible();

    await page.getByRole('button', { name: 'Remover' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover usuário' });
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Usuário removido com sucesso')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Maria Fotos' })).toBeVisible();
    await expect(page.getByRole('listitem', { name })).toHaveCount(0);
  });

  test('Maria activates Tocalivros', async ({ page }, info) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await openApp(page, 'Tocalivros');
    const start = page.getByRole('link', { name: 'Ativar Tocalivros' });
    const done = page.getByText('Parabéns! Seu Tocalivros está ativo.');
    await expect(start.or(done)).toBeVisible();
    if (await done.isVisible()) return;

    await start.click();
    await expect(page).toHaveTitle('Central - Tocalivros');
    const form = page.getByRole('form', { name: 'Ativar Tocalivros' });
    const active = page.getByText('Seu Tocalivros está ativo', { exact: true });
    await expect(form.or(active)).toBeVisible();
    if (await form.isVisible()) {
      await expect(form.getByLabel('CPF/CNPJ')).toHaveValue(DEMO.maria.document);
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByLabel('Usuário').fill(`maria.${info.project.name}`);
      await form.getByLabel('Senha', { exact: true }).fill('livros123');
      await form.getByRole('button', { name: 'Ativar Tocalivros' }).click();
      // The other project may have activated it between the page's load and this answer.
      await expect(active.or(page.getByRole('alert')).first()).toBeVisible();
      if (!(await active.isVisible())) await page.reload();
    }
    await expect(active).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Maria activates Olé TV and asks for its password recovery', async ({ page }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await page.goto('/panel/app/atplus-oletv');
    await expect(page.getByRole('heading', { name: 'Olé TV', level: 1 })).toBeVisible();
    const activate = page.getByRole('button', { name: 'Ativar Olé TV' });
    const active = page.getByRole('heading', { name: 'Seu Olé TV está ativo' });
    await expect(activate.or(active)).toBeVisible();
    if (await activate.isVisible()) {
      await expect(page.getByText('A liberação do seu Olé TV pode levar até 2 horas.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await activate.click();
    }
    // the other project may have activated it meanwhile: either way the page ends in the active view
    await expect(active).toBeVisible();
    await expect(page.getByText('E-mail de acesso')).toBeVisible();
    await page.getByRole('button', { name: 'Recuperar senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar senha do Olé TV' });
    const email = dialog.getByLabel('E-mail');
    const address = await email.inputValue();
    expect(address).toContain('@');
    await email.fill('outra.pessoa@exemplo.com.br');
    await dialog.getByRole('button', { name: /Enviar/ }).click();
    await expect(
      dialog.getByText('E-mail ou contrato não encontrado. Por favor, entre em contato com o suporte.'),
    ).toBeVisible();
    await email.fill(address);
    await dialog.getByRole('button', { name: /Enviar/ }).click();
    await expect(
      dialog.getByText(`Enviamos as instruções de recuperação de senha para ${address}.`),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Padaria, whose only contract is blocked, has no apps on the home', async ({ page }) => {
    await signInOk(page, DEMO.padaria.document, DEMO.password);
    // the home has loaded (its invoices), and no apps card came with it
    await expect(page.getByRole('heading', { name: /Olá/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Seus aplicativos' })).toHaveCount(0);
    for (const name of ['Watch Brasil', 'Olé TV', 'ATP Box'])
      await expect(page.getByText(name)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
