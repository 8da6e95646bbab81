import { expect, test } from '@playwright/test';
import { DEMO, enterDocument, signIn, tenantUrl } from './support.ts';

test.describe('sign-in (spec §2.1, §8 Sign-in)', () => {
  test('/ shows the provider brand on /sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Central do Assinante' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Fibra Demo' })).toBeVisible();
    // spec §2.5: the title names the page ('Central - Entrar'); the brand is the logo's.
    await expect(page).toHaveTitle('Central - Entrar');
    await expect(page.getByRole('link', { name: 'Recuperar senha' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Primeiro acesso' })).toBeVisible();
    const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(favicon).toBe('/brand/demo/favicon.svg');
  });

  test('signs in with a CPF, greets by first name, and SAIR ends the session', async ({ page }) => {
    await signIn(page, DEMO.maria.document, DEMO.password);
    await expect(page).toHaveURL(/\/panel$/);
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
    // A public page with a valid session goes to /panel.
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/panel$/);
    await page.getByRole('button', { name: 'SAIR' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    // A /panel page without a session goes to /.
    await page.goto('/panel');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('signs in with a CNPJ', async ({ page }) => {
    await signIn(page, DEMO.padaria.document, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Olá, Pão Quente!' })).toBeVisible();
  });

  test('masks the CPF/CNPJ and validates it', async ({ page }) => {
    await page.goto('/sign-in');
    const field = page.getByLabel('CPF/CNPJ');
    await field.pressSequentially('52998224726');
    await expect(field).toHaveValue('529.982.247-26');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Por favor informe um CPF válido')).toBeVisible();
    await field.fill('');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Por favor informe um CPF/CNPJ', { exact: true })).toBeVisible();
    await field.fill('11222333000180');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Por favor informe um CNPJ válido')).toBeVisible();
  });

  test('refuses a wrong password with the spec text', async ({ page }) => {
    await signIn(page, DEMO.maria.document, 'senha-errada');
    await expect(
      page.getByText('CPF/CNPJ ou senha inválidos, tente novamente ou clique em Recuperar Senha'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in-2$/);
  });

  test('asks for a password', async ({ page }) => {
    await page.goto('/sign-in');
    await enterDocument(page, DEMO.maria.document);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Por favor informe uma senha')).toBeVisible();
  });

  test('denies a customer that the ERP marks inactive', async ({ page }) => {
    await signIn(page, DEMO.carlos.document, DEMO.password);
    await expect(page.getByText('Acesso negado, cliente desabilitado')).toBeVisible();
    await page.goto('/panel');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('points a customer without a password to Primeiro acesso', async ({ page }) => {
    await page.goto('/sign-in');
    await enterDocument(page, DEMO.joao.document);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Primeiro Acesso');
    await alert.getByRole('link', { name: 'Primeiro acesso' }).click();
    await expect(page).toHaveURL(/\/request-password-restoration\?first_access=true$/);
  });

  test('shows the astronaut 404 for an unknown provider', async ({ page, baseURL }) => {
    await page.goto(tenantUrl(baseURL, 'naoexiste', '/sign-in'));
    await expect(page.getByRole('heading', { name: 'Provedor não encontrado' })).toBeVisible();
    await expect(page.getByLabel('CPF/CNPJ')).toHaveCount(0);
  });

  test('another provider has its own brand and customers', async ({ page, baseURL }) => {
    await page.goto(tenantUrl(baseURL, 'outro', '/sign-in'));
    await expect(page.getByRole('img', { name: 'Outra Net' })).toBeVisible();
    // spec §2.5: the title names the page ('Central - Entrar'); the brand is the logo's.
    await expect(page).toHaveTitle('Central - Entrar');
    await enterDocument(page, DEMO.maria.document);
    await expect(page.getByRole('alert')).toContainText('Não encontramos um cadastro');
    await page.goto(tenantUrl(baseURL, 'outro', '/sign-in'));
    await enterDocument(page, DEMO.fernanda.document);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Olá, Fernanda!' })).toBeVisible();
    const appBar = page.locator('header').first();
    await expect(appBar).toHaveCSS('background-color', 'rgb(106, 27, 154)');
  });

  test('any unknown path shows Página não encontrada with Voltar', async ({ page }) => {
    await page.goto('/sign-in');
    await page.goto('/um/caminho/que/nao/existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe('panel shell (spec §2.5)', () => {
  test('has the menu, the help text, the logo and SAIR', async ({ page, isMobile }) => {
    await signIn(page, DEMO.maria.document, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'SAIR' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fibra Demo' }).first()).toBeVisible();
    if (isMobile) {
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
      await page.getByRole('button', { name: 'Abrir menu' }).click();
    } else {
      await expect(page.getByText('Precisa de ajuda? Fale com a gente')).toBeVisible();
    }
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav.getByRole('link', { name: 'Início' })).toBeVisible();
    const drawer = page.locator('.MuiDrawer-paper').filter({ has: nav });
    const box = await drawer.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(240);
  });
});
