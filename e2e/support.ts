import { expect, type Page } from '@playwright/test';
import { SIM_URL, SMTP_SINK_HTTP } from './playwright.config.ts';

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

/** The raw e-mails to `to` received since `since` (ms), oldest first, waiting up to 10 s for one. */
export async function mailsSentTo(to: string, since: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${SMTP_SINK_HTTP}/messages?to=${encodeURIComponent(to)}`)).json()) as {
      raw: string;
      at: number;
    }[];
    const recent = mails.filter((m) => m.at >= since).map((m) => m.raw);
    if (recent.length > 0) return recent;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to}`);
}

/** Signs in and waits for the panel. */
export async function signInOk(page: Page, document: string, password: string) {
  await signIn(page, document, password);
  await expect(page).toHaveURL(/\/panel$/);
}

/** The demo provider's IXC webservice, with its token, as the provider's staff (or a script of theirs) use it. */
const DEMO_ERP = { url: `${SIM_URL}/ixc/demo/webservice/v1`, token: '1:d3m0c3ntr4l5ecr3t0ixc' };
const erpHeaders = {
  authorization: `Basic ${Buffer.from(DEMO_ERP.token).toString('base64')}`,
  'content-type': 'application/json',
};

/**
 * Blocks a demo contract again in the ERP ('Financeiro Pendente', trust unlock not used), as an operator
 * would: IXC updates a record with the whole record (a PUT), so it is read first.
 */
export async function blockContractInErp(contractId: string) {
  const listing = await fetch(`${DEMO_ERP.url}/cliente_contrato`, {
    method: 'POST',
    headers: { ...erpHeaders, ixcsoft: 'listar' },
    body: JSON.stringify({ qtype: 'cliente_contrato.id', query: contractId, oper: '=', page: '1', rp: '1' }),
  });
  const { registros } = (await listing.json()) as { registros?: Record<string, string>[] };
  const record = registros?.[0];
  if (!record) throw new Error(`contract ${contractId} is not in the demo ERP`);
  const update = await fetch(`${DEMO_ERP.url}/cliente_contrato/${contractId}`, {
    method: 'PUT',
    headers: erpHeaders,
    body: JSON.stringify({ ...record, status_internet: 'FA', desbloqueio_confianca_ativo: 'N' }),
  });
  const answer = (await update.json()) as { type?: string; message?: string };
  if (answer.type !== 'success') throw new Error(`the ERP refused the update: ${answer.message}`);
}

/** The bank's return of a paid PIX charge, as the simulated ERP takes it (issue 15: live PIX status). */
export async function payInvoiceByPix(invoiceId: string) {
  const res = await fetch(`${SIM_URL}/__sim/ixc/demo/invoices/${invoiceId}/pix-paid`, { method: 'POST' });
  if (!res.ok) throw new Error(`the simulated bank could not settle ${invoiceId}: ${res.status}`);
}

/** Puts a demo invoice back to open in the ERP (a PUT of the whole record, as IXC takes it). */
export async function reopenInvoiceInErp(invoiceId: string) {
  const listing = await fetch(`${DEMO_ERP.url}/fn_areceber`, {
    method: 'POST',
    headers: { ...erpHeaders, ixcsoft: 'listar' },
    body: JSON.stringify({ qtype: 'fn_areceber.id', query: invoiceId, oper: '=', page: '1', rp: '1' }),
  });
  const { registros } = (await listing.json()) as { registros?: Record<string, string>[] };
  const record = registros?.[0];
  if (!record) throw new Error(`invoice ${invoiceId} is not in the demo ERP`);
  if (record.status === 'A') return;
  const update = await fetch(`${DEMO_ERP.url}/fn_areceber/${invoiceId}`, {
    method: 'PUT',
    headers: erpHeaders,
    body: JSON.stringify({
      ...record,
      status: 'A',
      valor_aberto: record.valor,
      valor_recebido: '0.00',
      pagamento_data: '',
      pagamento_valor: '0.00',
      tipo_recebimento: '',
    }),
  });
  const answer = (await update.json()) as { type?: string; message?: string };
  if (answer.type !== 'success') throw new Error(`the ERP refused the update: ${answer.message}`);
}
