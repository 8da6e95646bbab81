import { expect, type Page, test } from '@playwright/test';
import { DEMO, enterDocument, signInOk, tenantUrl } from './support.ts';

// spec §2.5: every page's title is 'Central - ' and the page's name, whether the page was loaded by the
// browser or reached inside the running app.

type Visit = [path: string, name: string];

/**
 * Goes to `path` inside the running app, as a link does (the router follows the history entry), and
 * fails if the browser loaded a document instead.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    (window as { sameDocument?: boolean }).sameDocument = true;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectStillSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

/** Each page loaded directly, then each reached from the previous one without a load. */
async function checkTitles(page: Page, visits: Visit[]) {
  for (const [path, name] of visits) {
    await page.goto(path);
    await expect(page, `${path} loaded directly`).toHaveTitle(`Central - ${name}`);
  }
  for (const [path, name] of visits) {
    await navigateInApp(page, path);
    await expect(page, `${path} after navigating in the app`).toHaveTitle(`Central - ${name}`);
    await expectStillSameDocument(page);
  }
}

/** The address of the link to an app on the home's apps card. */
async function appHref(page: Page, name: string): Promise<string> {
  await page.goto('/panel');
  const link = page
    .getByRole('region', { name: 'Seus aplicativos' })
    .getByRole('listitem', { name })
    .first()
    .getByRole('link', { name: new RegExp(`^(Ativar|Abrir) ${name}$`) });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no link to ${name} on the home`);
  return href;
}

test.describe('page titles (spec §2.5)', () => {
  test('public pages, the recovery start and the not-found pages', async ({ page, baseURL }) => {
    await checkTitles(page, [
      ['/sign-in', 'Entrar'],
      ['/request-password-restoration', 'Recuperar senha'],
      ['/request-password-restoration?first_access=true', 'Primeiro acesso'],
      ['/termos-de-privacidade', 'Termos de Uso e Política de Privacidade'],
      ['/nao/existe', 'Página não encontrada'],
    ]);

    await page.goto('/sign-in');
    await enterDocument(page, DEMO.maria.document);
    await expect(page).toHaveURL(/\/sign-in-2$/);
    await expect(page).toHaveTitle('Central - Entrar');
    await page.getByRole('link', { name: 'Recuperar senha' }).click();
    await expect(page).toHaveTitle('Central - Recuperar senha');

    await page.goto(tenantUrl(baseURL, 'nao-existe', '/sign-in'));
    await expect(page).toHaveTitle('Central - Provedor não encontrado');
  });

  test("the subscriber's panel, its financial, support, device and app pages", async ({ page }) => {
    // Some 60 page loads and navigations: three times the default time.
    test.slow();
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await expect(page).toHaveTitle('Central - Início');
    const watch = await appHref(page, 'Watch Brasil');
    const tocaLivros = await appHref(page, 'Tocalivros');
    const atpBox = await appHref(page, 'ATP Box');
    await page.goto(atpBox);
    const users = page.getByRole('region', { name: 'Usuários do ATP Box' });
    const newUser = await users.getByRole('link', { name: 'Adicionar usuário' }).getAttribute('href');
    const editUser = await users.getByRole('link', { name: 'Editar Maria Fotos' }).getAttribute('href');
    if (!newUser || !editUser) throw new Error("no links to the cloud box's user pages");

    await checkTitles(page, [
      ['/panel', 'Início'],
      ['/panel/notifications', 'Notificações'],
      ['/panel/devices', 'Seus Dispositivos'],
      ['/panel/device/4857544308A1C2D3', 'Detalhes do Dispositivo'],
      ['/panel/security', 'Minha Senha'],
      ['/panel/financial/credit-card', 'Meus Cartões'],
      ['/panel/financial/credit-card/new', 'Novo cartão'],
      ['/panel/financial/invoices/to-pay', 'Faturas em aberto'],
      ['/panel/financial/invoices/received', 'Faturas pagas'],
      ['/panel/financial/invoice/1019', 'Detalhes da Fatura'],
      ['/panel/financial/invoice/1019/payment/card', 'Pagar com cartão'],
      ['/panel/financial/invoice/1019/payment/card/new', 'Novo cartão'],
      ['/panel/financial/invoice/1019/payment/boleto', 'Pagar com boleto'],
      ['/panel/financial/invoice/1019/payment/pix', 'Pagar com PIX'],
      ['/panel/financial/nfs', 'Notas Fiscais'],
      ['/panel/financial/contracts', 'Contratos'],
      ['/panel/customer-service/request', 'Solicitar Atendimento'],
      ['/panel/customer-service/in-progress', 'Atendimentos Em Andamento'],
      ['/panel/customer-service/closed', 'Atendimentos Fechados'],
      ['/panel/customer-service/5001', 'Detalhes do Atendimento'],
      ['/panel/customer-service/5001/add-message', 'Nova Mensagem no Atendimento'],
      [watch, 'Watch Brasil'],
      [tocaLivros, 'Tocalivros'],
      [atpBox, 'ATP Box'],
      [newUser.replace(/\/user(?=\?|$)/, ''), 'ATP Box'],
      [newUser, 'Adicionar Usuário ATP Box'],
      [editUser, 'Editar Usuário ATP Box'],
      ['/panel/app/atplus-oletv', 'Olé TV'],
      ['/termos-de-privacidade', 'Termos de Uso e Política de Privacidade'],
      ['/panel/nao-existe', 'Página não encontrada'],
    ]);
  });

  test("the staff's back office", async ({ page }) => {
    await page.goto('/auth/adm/sign-in');
    await expect(page).toHaveTitle('Central - Acesso administrativo');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('admin@central.local');
    await page.getByLabel('Senha', { exact: true }).fill('admin12345');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/adm\/customers$/);
    await page.goto('/adm/customer/demo/edit');
    await page.getByRole('tab', { name: 'Aplicativos' }).click();
    const editApp = await page.getByRole('link', { name: 'Editar Watch Brasil' }).getAttribute('href');
    if (!editApp) throw new Error('no link to edit an app of the demo provider');

    await checkTitles(page, [
      ['/adm/customers', 'Clientes'],
      ['/adm/customer/new', 'Novo Cliente'],
      ['/adm/customer/demo/edit', 'Editar Cliente'],
      ['/adm/customer/demo/app/add', 'Novo Aplicativo'],
      [editApp, 'Editar Aplicativo'],
    ]);
  });

  test("the provider's area", async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveTitle('Central - Acesso do provedor');
    await page.getByRole('textbox', { name: 'Usuário', exact: true }).fill('demo');
    await page.getByLabel('Senha', { exact: true }).fill('provedor123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/provider$/);
    await checkTitles(page, [['/provider', 'Notificação geral']]);
  });
});
