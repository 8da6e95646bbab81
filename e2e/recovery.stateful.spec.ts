import { expect, test } from '@playwright/test';
import { codeSentTo, DEMO, enterDocument, signIn } from './support.ts';

test.describe('first access and password recovery (spec §4 Password recovery, §8 Recovery)', () => {
  test('first access of a customer with two e-mails, reading the code from the e-mail', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Primeiro acesso' }).click();
    await expect(page).toHaveURL(/\/request-password-restoration\?first_access=true$/);
    await expect(page.getByRole('heading', { name: 'Primeiro acesso', level: 1 })).toBeVisible();
    await enterDocument(page, DEMO.joao.document);

    await expect(page).toHaveURL(/\/send-password-restoration-request/);
    await expect(page.getByRole('radio')).toHaveCount(2);
    await expect(page).toHaveTitle('Central - Primeiro acesso');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText('Por favor selecione um e-mail')).toBeVisible();
    const since = Date.now();
    await page.getByRole('radio', { name: 'jp***@ou***.com' }).check();
    await page.getByRole('button', { name: 'Enviar código' }).click();

    await expect(page).toHaveURL(/\/verification-code/);
    await expect(page).toHaveTitle('Central - Primeiro acesso');
    await expect(page.getByText(/Enviamos um código de 9 números para jp\*\*\*@ou\*\*\*\.com/)).toBeVisible();
    const code = await codeSentTo('jp.lima@outlook.com', since);
    await page.getByLabel('Código de verificação').fill('12345');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(
      page.getByText('Por favor informe um código de verificação que contenha 9 números'),
    ).toBeVisible();
    await page.getByLabel('Código de verificação').fill(code.replaceAll('-', ''));
    await expect(page.getByLabel('Código de verificação')).toHaveValue(code);
    await page.getByRole('button', { name: 'Verificar' }).click();

    await expect(page).toHaveURL(/\/change-password/);
    await expect(page).toHaveTitle('Central - Primeiro acesso');
    await page.getByLabel('Nova senha', { exact: true }).fill('12345');
    await page.getByLabel('Repita a nova senha', { exact: true }).fill('54321');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await expect(page.getByText('Por favor informe uma senha com no mínimo 6 caracteres')).toBeVisible();
    await page.getByLabel('Nova senha', { exact: true }).fill('joao-nova-1');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await expect(page.getByText('Por favor informe senhas que correspondam')).toBeVisible();
    await page.getByLabel('Repita a nova senha', { exact: true }).fill('joao-nova-1');
    await page.getByRole('button', { name: 'Salvar senha' }).click();

    await expect(page.getByRole('heading', { name: 'Senha criada com sucesso!' })).toBeVisible();
    await expect(page).toHaveTitle('Central - Senha criada');
    await page.getByRole('link', { name: 'Entrar' }).click();
    await signIn(page, DEMO.joao.document, 'joao-nova-1');
    await expect(page.getByRole('heading', { name: 'Olá, João!' })).toBeVisible();
  });

  test('recovers a password; the old one then fails, the new one works; Minha Senha puts it back', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Recuperar senha' }).click();
    await expect(page.getByRole('heading', { name: 'Recuperar senha', level: 1 })).toBeVisible();
    await enterDocument(page, DEMO.maria.document);
    const since = Date.now();
    await page.getByRole('radio', { name: 'ma***@gm***.com' }).check();
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const code = await codeSentTo(DEMO.maria.email, since);
    // spec §2.5: a step loaded again by the browser keeps its title.
    await expect(page).toHaveURL(/\/verification-code/);
    await page.reload();
    await expect(page).toHaveTitle('Central - Recuperar senha');
    const wrong = code === '111-111-111' ? '222222222' : '111111111';
    await page.getByLabel('Código de verificação').fill(wrong);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('Código de verificação inválido')).toBeVisible();
    await page.getByLabel('Código de verificação').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/change-password/);
    await page.reload();
    await expect(page).toHaveTitle('Central - Recuperar senha');
    await page.getByLabel('Nova senha', { exact: true }).fill('recuperada1');
    await page.getByLabel('Repita a nova senha', { exact: true }).fill('recuperada1');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await expect(page.getByRole('heading', { name: 'Senha alterada com sucesso!' })).toBeVisible();
    await expect(page).toHaveTitle('Central - Senha alterada');

    await signIn(page, DEMO.maria.document, DEMO.password);
    await expect(
      page.getByText('CPF/CNPJ ou senha inválidos, tente novamente ou clique em Recuperar Senha'),
    ).toBeVisible();
    await signIn(page, DEMO.maria.document, 'recuperada1');
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();

    await page.goto('/panel/security');
    await expect(page.getByRole('heading', { name: 'Minha Senha', level: 1 })).toBeVisible();
    await page.getByLabel('Senha atual', { exact: true }).fill('errada-123');
    await page.getByLabel('Nova senha', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Repita a nova senha', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Atualizar senha' }).click();
    await expect(page.getByText('Senha atual inválida')).toBeVisible();
    await page.getByLabel('Senha atual', { exact: true }).fill('recuperada1');
    await page.getByRole('button', { name: 'Atualizar senha' }).click();
    await expect(page.getByText('Senha atualizada com sucesso!')).toBeVisible();
    await page.getByRole('button', { name: 'SAIR' }).click();
    await signIn(page, DEMO.maria.document, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
  });

  test('a step opened directly by URL sends back with the spec message', async ({ page }) => {
    await page.goto('/verification-code');
    await expect(page).toHaveURL(/\/request-password-restoration/);
    await expect(page.getByText('Você não está autenticado, por favor saia e entre novamente')).toBeVisible();
    await page.goto('/change-password');
    await expect(page.getByText('Falha na autenticação')).toBeVisible();
  });

  test('no e-mail and disabled customers get their messages', async ({ page }) => {
    await page.goto('/request-password-restoration');
    await enterDocument(page, '123.456.789-09');
    await expect(page.getByText('Nenhum e-mail associado ao CPF/CNPJ.')).toBeVisible();
    await page.getByLabel('CPF/CNPJ').fill(DEMO.carlos.document);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Acesso negado, cliente desabilitado')).toBeVisible();
  });
});
