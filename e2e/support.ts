import { expect, type Page } from '@playwright/test';

export const DEMO = {
  maria: { document: '529.982.247-25', email: 'maria.souza@gmail.com' },
  padaria: { document: '11.222.333/0001-81' },
  joao: { document: '111.444.777-35', emails: ['joao.lima@gmail.com', 'jp.lima@outlook.com'] },
  carlos: { document: '390.533.447-05' },
  fernanda: { document: '714.602.380-01' },
  password: 'senha123',
};

/** The tenant's address: `demo.localhost:3100` style hosts resolve to this machine in Chromium. */
export function tenantUrl(baseURL: string | undefined, clientId: string, path = '/') {
  const url = new URL(path, baseURL);
  url.hostname = `${clientId}.localhost`;
  return url.toString();
}

export async function enterDocument(page: Page, document: string) {
  await page.getByLabel('CPF/CNPJ').fill(document);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

export async function signIn(page: Page, document: string, password: string) {
  await page.goto('/sign-in');
  await enterDocument(page, document);
  await expect(page).toHaveURL(/\/sign-in-2$/);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}
