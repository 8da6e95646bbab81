import { addDays, formatDateBR, messages, todayInSaoPaulo } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  type Harness,
  startHarness,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import { pdfText } from './test-support.ts';

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const { mariaActive, mariaFinancialPending, padariaBlocked } = IXC_DEMO.contracts;

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;
let maria: Record<string, string>;
let padaria: Record<string, string>;

async function session(clientId: string, document: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/central/sign-in',
    headers: { client_id: clientId },
    payload: { cpfOrCnpj: document, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return cookiesFrom(res);
}

const get = (jar: Record<string, string>, url: string, clientId = t.clientId) =>
  h.app.inject({
    method: 'GET',
    url: `/api/central${url}`,
    headers: { client_id: clientId, cookie: cookieHeader(jar) },
  });

const flat = (text: string) => text.replace(/\s+/g, ' ');
const pdfHead = (base64: string) => Buffer.from(base64, 'base64').subarray(0, 5).toString('latin1');
const statementUrl = (id: string, year: number | string) =>
  `/customer/contract/${id}/annual-debt-settlement?year=${year}`;

beforeAll(async () => {
  h = await startHarness();
  t = await h.tenant({ credentials: [MARIA, PADARIA] });
  maria = await session(t.clientId, MARIA);
  padaria = await session(t.clientId, PADARIA);
});
afterAll(() => h.close());

describe('contracts (spec §3, §4, §7.2)', () => {
  it("lists the customer's contracts with plan, activation, address, status and services", async () => {
    const res = await get(maria, '/customer/list/contracts');
    expect(res.statusCode).toBe(200);
    const { contracts } = res.json();
    expect(contracts.map((c: { id: string }) => c.id)).toEqual([mariaActive, mariaFinancialPending]);
    const [active, pending] = contracts;
    expect(active).toMatchObject({
      id: mariaActive,
      planName: 'FIBRA 500 MEGA',
      status: 'A',
      statusLabel: 'Ativo',
      blocked: false,
      // endereco_padrao_cliente 'S': Maria's own address; the state is always SC.
      address: {
        cep: '88015-200',
        rua: 'Rua Felipe Schmidt',
        numero: '315',
        bairro: 'Centro',
        estado: 'SC',
        complemento: 'Apto 302',
      },
    });
    expect(active.activationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(active.services).toEqual([
      { id: '203', name: 'FIBRA 500 MEGA (SCM)', contractId: mariaActive },
      { id: '204', name: 'FIBRA 500 MEGA (SVA)', contractId: mariaActive },
      { id: '211', name: 'Roteador Wi-Fi 6 em comodato', contractId: mariaActive },
      { id: '219', name: 'Watch Brasil Premium (incluso no plano)', contractId: mariaActive },
      { id: '220', name: 'Olé TV (incluso no plano)', contractId: mariaActive },
    ]);
    expect(pending).toMatchObject({
      planName: 'FIBRA 300 MEGA',
      status: 'FA',
      statusLabel: 'Financeiro Pendente',
      blocked: true,
      address: {
        cep: '88058-500',
        rua: 'Rua das Gaivotas',
        numero: '1200',
        bairro: 'Ingleses',
        estado: 'SC',
      },
    });
    expect(pending.services.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['FIBRA 300 MEGA (SCM)', 'FIBRA 300 MEGA (SVA)']),
    );
    expect(JSON.stringify(contracts)).not.toMatch(/senha|token/i);
  });

  it('lists the short list for pickers and every service with its contract', async () => {
    const short = await get(maria, '/customer/list/contracts/short');
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual({
      contracts: [
        { id: mariaActive, label: `#${mariaActive} - FIBRA 500 MEGA` },
        { id: mariaFinancialPending, label: `#${mariaFinancialPending} - FIBRA 300 MEGA` },
      ],
    });
    const services = await get(maria, '/customer/list/services');
    expect(services.statusCode).toBe(200);
    // The same items as the contracts carry, each with its contract.
    const contracts = (await get(maria, '/customer/list/contracts')).json().contracts as {
      services: unknown[];
    }[];
    expect(services.json().services).toEqual(contracts.flatMap((c) => c.services));
    expect(services.json().services.slice(0, 5)).toEqual([
      { id: '203', name: 'FIBRA 500 MEGA (SCM)', contractId: mariaActive },
      { id: '204', name: 'FIBRA 500 MEGA (SVA)', contractId: mariaActive },
      { id: '211', name: 'Roteador Wi-Fi 6 em comodato', contractId: mariaActive },
      { id: '219', name: 'Watch Brasil Premium (incluso no plano)', contractId: mariaActive },
      { id: '220', name: 'Olé TV (incluso no plano)', contractId: mariaActive },
    ]);
    expect(services.json().services.length).toBeGreaterThan(6);
  });

  it("refuses another customer's contract with 404 on every route, even when the ERP ignores grid_param", async () => {
    const urls = [
      `/customer/contracts/unlock/${mariaFinancialPending}`,
      `/customer/download/contract/${mariaActive}`,
      statementUrl(mariaActive, new Date().getFullYear() - 1),
    ];
    for (const mode of [null, 'ignore_grid_param'] as const) {
      if (mode) await t.simFaults({ table: 'cliente_contrato', mode });
      try {
        for (const url of urls) {
          const res = await get(padaria, url);
          expect(res.statusCode, url).toBe(404);
          expect(res.json()).toEqual({ code: 'CONTRACT_NOT_FOUND', message: messages.contractNotFound });
        }
      } finally {
        await t.simFaults(null);
      }
    }
    // Maria's contract is still hers: nothing changed by Padaria's attempt.
    const list = await get(maria, '/customer/list/contracts');
    expect(list.json().contracts[1]).toMatchObject({ id: mariaFinancialPending, status: 'FA' });
    expect((await get(maria, '/customer/download/contract/1%20OR%201=1')).statusCode).toBe(400);
  });

  it("refuses another tenant's session", async () => {
    const other = await h.tenant({ from: 'outro' });
    for (const url of ['/customer/list/contracts', `/customer/download/contract/${mariaActive}`]) {
      expect((await get(maria, url, other.clientId)).statusCode).toBe(401);
    }
  });
});

describe('trust unlock (spec §4, §8)', () => {
  it("unlocks Maria's blocked contract with the ERP's message; it then reads 'Ativo'", async () => {
    const u = await h.tenant({ credentials: [MARIA] });
    const jar = await session(u.clientId, MARIA);
    const res = await get(jar, `/customer/contracts/unlock/${mariaFinancialPending}`, u.clientId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      type: 'success',
      message: 'Desbloqueio de confiança realizado com sucesso!',
    });
    const list = await get(jar, '/customer/list/contracts', u.clientId);
    expect(list.json().contracts[1]).toMatchObject({ status: 'A', statusLabel: 'Ativo', blocked: false });
    // No longer blocked: refused without asking the ERP.
    const again = await get(jar, `/customer/contracts/unlock/${mariaFinancialPending}`, u.clientId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONTRACT_NOT_BLOCKED', message: messages.contractNotBlocked });
  });

  it('refuses an active contract', async () => {
    const res = await get(maria, `/customer/contracts/unlock/${mariaActive}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONTRACT_NOT_BLOCKED');
  });

  it("shows the ERP's refusal as an error: Padaria has used its unlock already", async () => {
    const res = await get(padaria, `/customer/contracts/unlock/${padariaBlocked}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      type: 'error',
      message: `O desbloqueio de confiança não está disponível para o contrato ${padariaBlocked}, este recurso já foi usado e o título em aberto ainda não foi pago.`,
    });
  });

  it('cannot be triggered cross-site: without the client_id header there is no tenant, and no unlock', async () => {
    const u = await h.tenant({ credentials: [MARIA] });
    const jar = await session(u.clientId, MARIA);
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/central/customer/contracts/unlock/${mariaFinancialPending}`,
      headers: { cookie: cookieHeader(jar) },
    });
    expect(res.statusCode).toBe(404);
    const list = await get(jar, '/customer/list/contracts', u.clientId);
    expect(list.json().contracts[1]).toMatchObject({ status: 'FA' });
  });
});

describe('contract download (spec §7.2, §6)', () => {
  it("downloads the contract PDF printed with the provider's print model", async () => {
    const res = await get(maria, `/customer/download/contract/${mariaActive}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['contractBase64']);
    expect(pdfHead(res.json().contractBase64)).toBe('%PDF-');
  });

  it('is hidden, in the theme and the route, when the provider turns it off or has no print model', async () => {
    const shown = await h.app.inject({ url: '/api/central/theme', headers: { client_id: t.clientId } });
    expect(shown.json()).toMatchObject({
      show_contract_download: true,
      show_annual_statement: true,
      legal_name: `Provedor ${t.clientId} Telecomunicações Ltda`,
      cnpj: '48.372.615/0001-75',
    });
    for (const contracts of [
      { showContractDownload: false, contractPrintModelId: IXC_DEMO.contractPrintId },
      { showContractDownload: true },
    ]) {
      const u = await h.tenant({ credentials: [MARIA], contracts });
      const theme = await h.app.inject({ url: '/api/central/theme', headers: { client_id: u.clientId } });
      expect(theme.json()).toMatchObject({ show_contract_download: false, legal_name: null, cnpj: null });
      const jar = await session(u.clientId, MARIA);
      const res = await get(jar, `/customer/download/contract/${mariaActive}`, u.clientId);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CONTRACT_DOWNLOAD_UNAVAILABLE');
    }
  });

  it("answers the spec's failure when the ERP prints something that is not a PDF, or fails", async () => {
    const print = `cliente_contrato_imprimir_contrato_${IXC_DEMO.contractPrintId}`;
    for (const mode of ['html', 'error', 'http500'] as const) {
      await t.simFaults({ table: print, mode });
      try {
        const res = await get(maria, `/customer/download/contract/${mariaActive}`);
        expect(res.statusCode, mode).toBe(502);
        expect(res.json()).toEqual({
          code: 'CONTRACT_DOWNLOAD_FAILED',
          message: messages.contractDownloadFailed,
        });
      } finally {
        await t.simFaults(null);
      }
    }
  });
});

describe('annual debt-settlement statement (Lei 12.007/2009, spec §9)', () => {
  const statement = async (jar: Record<string, string>, id: string, year: number, clientId = t.clientId) => {
    const res = await get(jar, statementUrl(id, year), clientId);
    expect(res.statusCode, res.body).toBe(200);
    const base64 = res.json().annualDebtSettlement as string;
    expect(pdfHead(base64)).toBe('%PDF-');
    return flat(await pdfText(base64));
  };

  it("states this year's open titles of the contract, as the invoice list has them, or that it is settled", async () => {
    const today = todayInSaoPaulo();
    const year = Number(today.slice(0, 4));
    const toPay = (await get(maria, '/customer/list/invoices?status=to_pay')).json().invoices as {
      contractId: string;
      dueDate: string;
    }[];
    const open = toPay.filter(
      (i) => i.contractId === mariaActive && i.dueDate >= `${year}-01-01` && i.dueDate <= today,
    );
    const text = await statement(maria, mariaActive, year);
    expect(text).toContain('DECLARAÇÃO ANUAL DE QUITAÇÃO DE DÉBITOS');
    expect(text).toContain('Maria Aparecida Souza, inscrito(a) no CPF/CNPJ sob o nº 529.982.247-25');
    expect(text).toContain(`titular do contrato nº ${mariaActive} (FIBRA 500 MEGA)`);
    expect(text).toContain(
      `Provedor ${t.clientId} Telecomunicações Ltda, inscrita no CNPJ sob o nº 48.372.615/0001-75`,
    );
    if (open.length > 0) {
      expect(text).toContain('NÃO QUITOU');
      for (const i of open) expect(text).toContain(formatDateBR(i.dueDate));
    } else {
      expect(text).not.toContain('NÃO QUITOU');
      expect(text).toMatch(/QUITOU|não possui débitos/);
    }
  });

  it('says the year is not settled while a title of it is open, and settled for a year paid in full', async () => {
    // Maria's partial invoice of contract 101 fell due 40 days ago and is still open.
    const partialDue = addDays(todayInSaoPaulo(), -40);
    const open = await statement(maria, mariaActive, Number(partialDue.slice(0, 4)));
    expect(open).toContain('NÃO QUITOU');
    expect(open).toContain(formatDateBR(partialDue));
    expect(open).toContain('não está quitado');
    // Two years back every title of Maria's was paid.
    const settled = await statement(maria, mariaActive, Number(todayInSaoPaulo().slice(0, 4)) - 2);
    expect(settled).not.toContain('NÃO QUITOU');
    expect(settled).toContain('Esta declaração substitui');
  });

  it('refuses a year outside this one and the two before with a 400 in Portuguese', async () => {
    const year = Number(todayInSaoPaulo().slice(0, 4));
    for (const y of [year - 3, year + 1, 1999]) {
      const res = await get(maria, statementUrl(mariaActive, y));
      expect(res.statusCode, String(y)).toBe(400);
      expect(res.json().message).toBe(messages.annualStatementYearInvalid);
    }
    const bad = await get(maria, statementUrl(mariaActive, 'abc'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.annualStatementYearInvalid);
    const missing = await get(maria, `/customer/contract/${mariaActive}/annual-debt-settlement`);
    expect(missing.statusCode).toBe(400);
  });

  it('is hidden, in the theme and the route, for a provider that turns it off', async () => {
    const u = await h.tenant({ credentials: [MARIA], contracts: { showAnnualStatement: false } });
    const theme = await h.app.inject({ url: '/api/central/theme', headers: { client_id: u.clientId } });
    expect(theme.json()).toMatchObject({ show_annual_statement: false });
    const jar = await session(u.clientId, MARIA);
    const res = await get(jar, statementUrl(mariaActive, Number(todayInSaoPaulo().slice(0, 4))), u.clientId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ANNUAL_STATEMENT_UNAVAILABLE');
  });
});

describe('ERP failures (spec §8)', () => {
  it("answers each route's failure message, never a 500", async () => {
    const u = await h.tenant({ credentials: [MARIA] });
    const jar = await session(u.clientId, MARIA);
    const year = Number(todayInSaoPaulo().slice(0, 4));
    const cases: [string, string, string, string][] = [
      ['cliente_contrato', '/customer/list/contracts', 'CONTRACTS_FAILED', messages.contractsFailed],
      ['cliente_contrato', '/customer/list/contracts/short', 'CONTRACTS_FAILED', messages.contractsFailed],
      [
        'view_vd_contratos_produtos_gen',
        '/customer/list/services',
        'CONTRACTS_FAILED',
        messages.contractsFailed,
      ],
      [
        'desbloqueio_confianca',
        `/customer/contracts/unlock/${mariaFinancialPending}`,
        'CONTRACT_UNLOCK_FAILED',
        messages.contractUnlockFailed,
      ],
      [
        'fn_areceber',
        statementUrl(mariaActive, year),
        'ANNUAL_STATEMENT_FAILED',
        messages.annualStatementFailed,
      ],
      [
        'cliente_contrato',
        `/customer/download/contract/${mariaActive}`,
        'CONTRACT_DOWNLOAD_FAILED',
        messages.contractDownloadFailed,
      ],
    ];
    for (const [table, url, code, message] of cases) {
      for (const mode of ['http500', 'html', 'error'] as const) {
        await u.simFaults({ table, mode });
        try {
          const res = await get(jar, url, u.clientId);
          expect(res.statusCode, `${url} ${mode}`).toBe(502);
          expect(res.json()).toEqual({ code, message });
        } finally {
          await u.simFaults(null);
        }
      }
    }
    // The city lookup is decoration: its failure leaves the city empty, not the list.
    await u.simFaults({ table: 'cidade', mode: 'http500' });
    try {
      expect((await get(jar, '/customer/list/contracts', u.clientId)).statusCode).toBe(200);
    } finally {
      await u.simFaults(null);
    }
  });
});
