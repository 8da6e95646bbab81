import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { SIM_URL } from './playwright.config.ts';
import { DEMO, signInOk, tenantUrl } from './support.ts';

// The demo ACS of the sim (apps/sim/src/acs/seed.ts): Maria's Huawei EG8145V5 answers at once, Padaria's
// ZTE F670L has been offline for days; the provider `outro` has no ACS.
const MARIA_ROUTER = { serial: '4857544308A1C2D3', name: 'Huawei Technologies Co., Ltd EG8145V5' };
const PADARIA_ROUTER = { serial: 'ZTEGC8D51E27', name: 'ZTE F670L' };
const PASSPHRASE_5G = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.5.PreSharedKey.1.KeyPassphrase';

/** A parameter of a device as the sim's ACS holds it (admin route, by serial), flat or as GenieACS nests it. */
async function acsParameter(serial: string, path: string): Promise<unknown> {
  const response = await fetch(`${SIM_URL}/__sim/acs/demo/devices/${encodeURIComponent(serial)}`);
  if (!response.ok) throw new Error(`the sim has no device ${serial}: ${response.status}`);
  const device = (await response.json()) as Record<string, unknown>;
  const flat = (device.parameters ?? device) as Record<string, unknown>;
  if (path in flat) return flat[path];
  let node: unknown = device.doc ?? device;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { _value?: unknown } | undefined)?._value;
}

async function openFromMenu(page: Page, isMobile: boolean, label: string) {
  if (isMobile) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: label }).click();
}

async function changePassword(page: Page, band: string, password: string) {
  const form = page.getByRole('form', { name: band });
  await form.getByLabel('Nova senha', { exact: true }).fill(password);
  await form.getByLabel('Confirme a nova senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Alterar senha' }).click();
}

test.describe('devices (spec §2.2, §6, §7.8, §8 Devices)', () => {
  test.use({ bypassCSP: true });

  test("changes Maria's 5 GHz Wi-Fi password, applied by the router", async ({ page, isMobile }, info) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await openFromMenu(page, isMobile, 'Dispositivos');
    await expect(page).toHaveURL(/\/panel\/devices$/);
    await expect(page).toHaveTitle('Central - Seus Dispositivos');
    const card = page.getByRole('article', { name: MARIA_ROUTER.name });
    await expect(card.getByText(`Nº de série ${MARIA_ROUTER.serial}`)).toBeVisible();
    await expect(card.getByText('Online', { exact: true })).toBeVisible();
    await expect(card.getByText('MARIA_5G')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('link', { name: /^Ver detalhes/ }).click();
    await expect(page.getByRole('heading', { name: 'Detalhes do Dispositivo', level: 1 })).toBeVisible();
    await expect(page.getByText('maria.souza', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Wi-Fi 2.4 GHz' }).getByText('MARIA_2G')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Wi-Fi 5 GHz' }).getByText('MARIA_5G')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The form refuses what a WPA2 router would.
    await changePassword(page, 'Wi-Fi 5 GHz', 'curta');
    await expect(page.getByText('A senha do Wi-Fi deve ter de 8 a 63 caracteres')).toBeVisible();

    const password = `girassol-${info.project.name}-${Date.now() % 100_000}`;
    await changePassword(page, 'Wi-Fi 5 GHz', password);
    await expect(page.getByText('Senha do Wi-Fi alterada com sucesso!')).toBeVisible();
    await expect.poll(() => acsParameter(MARIA_ROUTER.serial, PASSPHRASE_5G)).toBe(password);
  });

  test("Padaria's offline router takes the password later: the page says so", async ({ page }) => {
    await signInOk(page, DEMO.padaria.document, DEMO.password);
    await page.goto('/panel/devices');
    const card = page.getByRole('article', { name: PADARIA_ROUTER.name });
    await expect(card.getByText('Offline', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: /^Ver detalhes/ }).click();
    await expect(page).toHaveURL(new RegExp(`/panel/device/${PADARIA_ROUTER.serial}$`));

    await changePassword(page, 'Wi-Fi 2.4 GHz', 'pao-quente-fresquinho');
    const band = page.getByRole('region', { name: 'Wi-Fi 2.4 GHz' });
    await expect(
      band.getByText(
        'Seu roteador está desconectado. A nova senha será aplicada assim que ele se conectar novamente.',
      ),
    ).toBeVisible();
    await expect(band.getByText('Alteração pendente')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a provider without an ACS has no devices area', async ({ page, baseURL, isMobile }) => {
    await page.goto(tenantUrl(baseURL, 'outro', '/sign-in'));
    await page.getByLabel('CPF/CNPJ').fill(DEMO.fernanda.document);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Olá, Fernanda!' })).toBeVisible();
    if (isMobile) await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Notificações' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dispositivos' })).toHaveCount(0);

    await page.goto(tenantUrl(baseURL, 'outro', '/panel/devices'));
    await expect(page).toHaveURL(/\/panel$/);
    await page.goto(tenantUrl(baseURL, 'outro', `/panel/device/${MARIA_ROUTER.serial}`));
    await expect(page).toHaveURL(/\/panel$/);
  });
});
