import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { API_PORT, SIM_URL } from './playwright.config.ts';
import { tenantUrl } from './support.ts';

const ADMIN = { email: 'admin@central.local', password: 'admin12345' };
const PROVIDER = { user: 'demo', password: 'provedor123' };
/** The demo ERP and its webservice token (apps/sim), for a provider created in the test. */
const DEMO_ERP = { domain: `${SIM_URL}/ixc/demo`, token: '1:d3m0c3ntr4l5ecr3t0ixc' };

/** A text field by its label (a required one's asterisk is not part of its name). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page (as accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function signInAsAdmin(page: Page) {
  await page.goto('/adm');
  await expect(page).toHaveURL(/\/auth\/adm\/sign-in$/);
  await field(page, 'E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/adm\/customers$/);
}

test.describe('back office (spec §2.4, §5, §8 Admin and provider)', () => {
  test('admin sign-in refuses wrong credentials and keeps pages behind it', async ({ page }) => {
    await page.goto('/adm/customers');
    await expect(page).toHaveURL(/\/auth\/adm\/sign-in$/);
    await page.goto('/auth/adm');
    await expect(page).toHaveURL(/\/auth\/adm\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Acesso administrativo' })).toBeVisible();
    await expect(page).toHaveTitle('Central - Acesso administrativo');

    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Por favor informe um e-mail valido')).toBeVisible();
    await expect(page.getByText('Por favor informe uma senha')).toBeVisible();

    await field(page, 'E-mail').fill(ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Credenciais inválidas');

    await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Central - Clientes');
    const header = page.getByRole('banner');
    await expect(header.getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Clientes' }).getByText('Fibra Demo')).toBeVisible();

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth\/adm\/sign-in$/);
    await page.goto('/adm/customers');
    await expect(page).toHaveURL(/\/auth\/adm\/sign-in$/);
  });

  test('creates a provider whose portal shows its brand, adds an app, and suspends it', async ({
    page,
    baseURL,
  }, info) => {
    // Both projects share one database: each creates its own provider.
    const clientId = `acme-${info.project.name}`;
    const alias = `Acme Fibra ${info.project.name}`;
    const logo = `http://${clientId}.localhost:${API_PORT}/brand/demo/vertical.svg`;
    await signInAsAdmin(page);

    await page.getByRole('navigation').getByRole('link', { name: 'Novo Cliente' }).click();
    await expect(page.getByRole('heading', { name: 'Novo Cliente', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Aplicativos' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Criar cliente' }).click();
    await expect(page.getByText('Por favor, informe um client ID')).toBeVisible();
    await expect(page.getByText('Por favor, informe um alias')).toBeVisible();
    await expect(page.getByText('Por favor, informe o domínio do IXC')).toBeVisible();

    await field(page, 'Client ID').fill(clientId);
    await field(page, 'Nome do provedor (alias)').fill(alias);
    await field(page, 'URL do logo vertical').fill(logo);
    await field(page, 'Cor primária').fill('#7A1FA2');
    await field(page, 'Domínio do IXC').fill(DEMO_ERP.domain);
    await page.getByLabel(/^Token do IXC/).fill(DEMO_ERP.token);
    await page.getByRole('button', { name: 'Criar cliente' }).click();
    await expect(page.getByText('Cliente criado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/adm/customer/${clientId}/edit$`));
    await expect(page.getByRole('heading', { name: 'Editar Cliente', level: 1 })).toBeVisible();
    await expect(page.getByLabel(/^Token do IXC/)).toHaveAttribute('placeholder', '••••••••');

    // The new provider's own portal, at its host: its name and colour.
    const portal = await page.context().newPage();
    await portal.goto(tenantUrl(baseURL, clientId, '/sign-in'));
    await expect(portal.getByRole('heading', { name: 'Central do Assinante' })).toBeVisible();
    await expect(portal.getByRole('img', { name: alias })).toBeVisible();
    // spec §2.5: the page's name after 'Central - '; the brand shows in the logo above
    await expect(portal).toHaveTitle('Central - Entrar');
    await expect(portal.getByRole('button', { name: 'Continuar' })).toHaveCSS(
      'background-color',
      'rgb(122, 31, 162)',
    );

    // An app: a method the criterion does not allow is refused, then one that fits is saved.
    await page.getByRole('tab', { name: 'Aplicativos' }).click();
    await expect(page.getByText('Nenhum aplicativo cadastrado')).toBeVisible();
    await page.getByRole('link', { name: 'Novo Aplicativo' }).click();
    await expect(page.getByRole('heading', { name: 'Novo Aplicativo', level: 1 })).toBeVisible();
    const criterion = page.getByRole('combobox', { name: 'Critério de ativação' });
    const method = page.getByRole('combobox', { name: 'Método de integração' });
    await criterion.selectOption({ label: 'Produto no contrato' });
    await method.selectOption({ label: 'Watch Brasil (watchbr)' });
    await criterion.selectOption({ label: 'Qualquer contrato' });
    await expect(page.getByText('Opção não permitida para o critério de ativação selecionado')).toBeVisible();
    await expect(method.locator('option[value="playhub"]')).toBeDisabled();

    await method.selectOption({ label: 'Somente exibição (display_only)' });
    await expect(page.getByText('Opção não permitida para o critério de ativação selecionado')).toHaveCount(
      0,
    );
    await field(page, 'Nome').fill('Guia de canais');
    await field(page, 'URL da imagem').fill(`http://${clientId}.localhost:${API_PORT}/brand/demo/app.svg`);
    await field(page, 'Texto pendente').fill('O guia de canais estará disponível em breve.');
    await field(page, 'Texto ativo').fill('Confira a programação dos seus canais.');
    await page.getByRole('button', { name: 'Criar aplicativo' }).click();
    await expect(page.getByText('Aplicativo criado com sucesso')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Aplicativos' }).getByText('Guia de canais')).toBeVisible();

    // Suspended, the portal shows the astronaut instead of the app.
    await page.getByRole('button', { name: 'Suspender' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspender cliente?' });
    await dialog.getByRole('button', { name: 'Suspender' }).click();
    await expect(page.getByText('Cliente suspenso com sucesso')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reativar' })).toBeVisible();

    await expect(async () => {
      await portal.reload();
      await expect(portal.getByRole('heading', { name: 'Provedor não encontrado' })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 15_000 });
    await expect(portal.getByRole('button', { name: 'Continuar' })).toHaveCount(0);

    // The history names what was done.
    const history = page.getByRole('region', { name: 'Histórico de alterações' });
    await expect(history.getByText('Cliente suspenso')).toBeVisible();
    await expect(history.getByText('Aplicativo criado')).toBeVisible();

    // The list marks it.
    await page.getByRole('navigation').getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill(clientId);
    const item = page.getByRole('list', { name: 'Clientes' }).getByRole('link').filter({ hasText: alias });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('Suspenso')).toBeVisible();
  });

  test('the provider signs in at /admin and sends a general notification', async ({ page }, info) => {
    await page.goto('/provider');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Acesso do provedor' })).toBeVisible();

    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Usuário ou senha não informados');
    await field(page, 'Usuário').fill(PROVIDER.user);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Credenciais inválidas');

    await page.getByLabel('Senha', { exact: true }).fill(PROVIDER.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/provider$/);
    await expect(page.getByRole('heading', { name: 'Notificação geral', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Central - Notificação geral');
    await expect(page.getByRole('banner').getByText('Fibra Demo')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Clientes' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Novo Cliente' })).toHaveCount(0);

    const title = field(page, 'Título');
    const message = field(page, 'Mensagem');
    await page.getByRole('button', { name: 'Enviar notificação' }).click();
    await expect(page.getByText('Título não informado')).toBeVisible();
    await expect(page.getByText('Mensagem não informada')).toBeVisible();

    await title.fill('t'.repeat(300));
    await message.fill('m'.repeat(1400));
    await expect(page.getByText('300/299')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar notificação' }).click();
    await expect(page.getByText('O título precisa ser menor que 300 caracteres')).toBeVisible();
    await expect(page.getByText('A mensagem precisa ser menor que 1400 caracteres')).toBeVisible();

    const sent = `Manutenção programada (${info.project.name}, ${Date.now()})`;
    await title.fill(sent);
    await message.fill('Na madrugada de domingo a rede passa por manutenção.');
    await page.getByRole('button', { name: 'Enviar notificação' }).click();
    await page
      .getByRole('dialog', { name: 'Enviar notificação?' })
      .getByRole('button', { name: 'Enviar' })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: /assinante/ })).toBeVisible();
    await expect(title).toHaveValue('');
    await expect(
      page.getByRole('region', { name: 'Últimas notificações enviadas' }).getByText(sent),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/provider');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('unknown back-office paths show the not-found page', async ({ page }) => {
    for (const path of ['/adm/nada', '/provider/nada', '/auth/adm/nada']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    }
  });

  test.describe('accessibility (WCAG 2.1 AA, axe-core)', () => {
    // The portal's CSP rightly refuses injected scripts; axe is injected by the test only.
    test.use({ bypassCSP: true });

    test('sign-in pages, the list, the tenant form with its tabs, the app form, the provider page', async ({
      page,
    }) => {
      await page.goto('/auth/adm/sign-in');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Por favor informe uma senha')).toBeVisible();
      expect(await seriousViolations(page), 'admin sign-in').toEqual([]);

      await signInAsAdmin(page);
      expect(await seriousViolations(page), 'customers').toEqual([]);
      await page.goto('/adm/customer/new');
      await page.getByRole('button', { name: 'Criar cliente' }).click();
      await expect(page.getByText('Por favor, informe um client ID')).toBeVisible();
      expect(await seriousViolations(page), 'new customer').toEqual([]);
      await page.goto('/adm/customer/demo/edit');
      await expect(page.getByRole('heading', { name: 'Histórico de alterações' })).toBeVisible();
      expect(await seriousViolations(page), 'edit: Principal').toEqual([]);
      await page.getByRole('tab', { name: 'Suporte' }).click();
      expect(await seriousViolations(page), 'edit: Suporte').toEqual([]);
      await page.getByRole('tab', { name: 'Aplicativos' }).click();
      await expect(page.getByRole('link', { name: 'Novo Aplicativo' })).toBeVisible();
      expect(await seriousViolations(page), 'edit: Aplicativos').toEqual([]);
      await page.goto('/adm/customer/demo/app/add');
      await page.getByRole('button', { name: 'Criar aplicativo' }).click();
      await expect(page.getByText('Por favor, informe um nome')).toBeVisible();
      expect(await seriousViolations(page), 'new app').toEqual([]);

      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Acesso do provedor' })).toBeVisible();
      expect(await seriousViolations(page), 'provider sign-in').toEqual([]);
      await field(page, 'Usuário').fill(PROVIDER.user);
      await page.getByLabel('Senha', { exact: true }).fill(PROVIDER.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByRole('heading', { name: 'Últimas notificações enviadas' })).toBeVisible();
      expect(await seriousViolations(page), 'provider').toEqual([]);
    });
  });
});
