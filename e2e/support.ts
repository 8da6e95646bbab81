import { expect, type Page } from '@playwright/test';
import { SMTP_SINK_HTTP } from './playwright.config.ts';

export const DEMO = {
  maria: { document: '529.982.247-25', email: 'maria.souza@gmail.com' },
  padaria: { document: '11.222.333/0001-81' },
  joao: { document: '111.444.777-35', emails: ['joao.lima@gmail.com', 'jp.lima@outlook.com'] },
  carlos: { document: '390.533.447-05' },
  fernanda: { document: '714.602.380-01' },
  password: 'senha123',
};

/** The tenant's address: `demo.localhost:<port>` style hosts resolve to this machine in Chromium. */
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

/** The 9-digit code of the newest e-mail to `to` received after `since` (ms), as the subscriber reads it. */
export async function codeSentTo(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${SMTP_SINK_HTTP}/messages?to=${encodeURIComponent(to)}`)).json()) as {
      raw: string;
      at: number;
    }[];
    const mail = mails.filter((m) => m.at >= since).at(-1);
    const code = mail?.raw.replace(/=\r?\n/g, '').match(/\d{3}-\d{3}-\d{3}/)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code e-mailed to ${to}`);
}

/** Signs in and waits for the panel. */
export async function signInOk(page: Page, document: string, password: string) {
  await signIn(page, document, password);
  await expect(page).toHaveURL(/\/panel$/);
}
