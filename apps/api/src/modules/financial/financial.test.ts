import { currentMonthInSaoPaulo, messages } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  type Harness,
  startHarness,
  TEST_PASSWORD,
} from '../../../test/harness.ts';

const MARIA = '52998224725';
const PADARIA = '11222333000181';

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
const post = (jar: Record<string, string>, url: string, payload: object, clientId = t.clientId) =>
  h.app.inject({
    method: 'POST',
    url: `/api/central${url}`,
    headers: { client_id: clientId, cookie: cookieHeader(jar) },
    payload,
  });

beforeAll(async () => {
  h = await startHarness();
  t = await h.tenant({ credentials: [MARIA, PADARIA] });
  maria = await session(t.clientId, MARIA);
  padaria = await session(t.clientId, PADARIA);
});
afterAll(() => h.close());

describe('invoices (spec §4, §9)', () => {
  it('lists the to-pay window: partial and overdue of any age, to-receive due within 15 days, earliest first', async () => {
    const res = await get(maria, '/customer/list/invoices?status=to_pay');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.windowDays).toBe(15);
    expect(body.invoices.map((i: { id: string; type: string }) => [i.id, i.type])).toEqual([
      ['1016', 'overdue'],
      ['1017', 'overdue'],
      ['1018', 'to_receive'],
      ['1019', 'to_receive'],
    ]);
    const partial = body.invoices[0];
    expect(partial).toMatchObject({ value: 99.9, openValue: 49.9, paymentDate: null });
    expect(body.invoices[2].linhaDigitavel).toBeNull();
    expect(body.invoices[3].linhaDigitavel).toMatch(/^\d{47}$/);
  });

  it('lists the latest 12 paid invoices, newest first, with payment date and type', async () => {
    const res = await get(maria, '/customer/list/invoices?status=received');
    const invoices = res.json().invoices as {
      id: string;
      type: string;
      paymentDate: string;
      paymentType: string;
    }[];
    expect(invoices).toHaveLength(12);
    expect(invoices.every((i) => i.type === 'received' && i.paymentDate && i.paymentType)).toBe(true);
    expect(invoices[0]?.id).toBe('1014');
    expect(invoices.map((i) => i.id)).not.toContain('1001');
    const dates = invoices.map((i) => i.paymentDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("follows the provider's own window", async () => {
    const wide = await h.tenant({ credentials: [MARIA] });
    await h.database.db.execute(
      sql`UPDATE tenants SET invoice_window_days = 30 WHERE client_id = ${wide.clientId}`,
    );
    const jar = await session(wide.clientId, MARIA);
    const res = await get(jar, '/customer/list/invoices?status=to_pay', wide.clientId);
    expect(res.json().windowDays).toBe(30);
    expect(res.json().invoices.map((i: { id: string }) => i.id)).toContain('1020');
  });

  it('runs the ERP calls of one screen in parallel and caches them for a few seconds', async () => {
    const fresh = await h.tenant({ credentials: [MARIA] });
    const jar = await session(fresh.clientId, MARIA);
    const calls = async () =>
      (
        (await (await fetch(`${h.simUrl}/__sim/ixc/${fresh.erp.instance}/calls`)).json()) as Record<
          string,
          number
        >
      ).fn_areceber ?? 0;
    await fetch(`${h.simUrl}/__sim/ixc/${fresh.erp.instance}/calls`, { method: 'DELETE' });
    await fresh.simFaults({ latencyMs: 150 });
    try {
      const started = Date.now();
      await get(jar, '/customer/list/invoices', fresh.clientId);
      // Three queries of 150 ms each take about one round trip when they run together.
      expect(Date.now() - started).toBeLessThan(400);
    } finally {
      await fresh.simFaults(null);
    }
    const afterFirst = await calls();
    expect(afterFirst).toBe(3);
    const stats = (await (await fetch(`${h.simUrl}/__sim/ixc/${fresh.erp.instance}/stats`)).json()) as {
      maxInFlight: number;
    };
    expect(stats.maxInFlight).toBeGreaterThanOrEqual(2);
    await get(jar, '/customer/list/invoices', fresh.clientId);
    expect(await calls()).toBe(afterFirst);
  });

  it("answers 'Fatura não encontrada.' for another customer's invoice id, and nothing else", async () => {
    const own = await get(maria, '/customer/list/invoices?invoice_id=1019');
    expect(own.json().invoices.map((i: { id: string }) => i.id)).toEqual(['1019']);
    for (const url of [
      '/customer/list/invoices?invoice_id=1022',
      '/customer/read/pix-payment/1022',
      '/customer/list/invoices?invoice_id=99999',
    ]) {
      const res = await get(maria, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'INVOICE_NOT_FOUND', message: 'Fatura não encontrada.' });
    }
    const token = await post(maria, '/customer/generate/invoice-download-token', { invoiceId: '1022' });
    expect(token.json().message).toBe('Fatura não encontrada.');
    const bad = await get(maria, '/customer/list/invoices?invoice_id=1%20OR%201=1');
    expect(bad.statusCode).toBe(400);
  });

  it("keeps another customer's invoice and fiscal note out even when the ERP ignores grid_param", async () => {
    await t.simFaults({ table: 'fn_areceber', mode: 'ignore_grid_param' });
    await t.simFaults({ table: 'vd_saida', mode: 'ignore_grid_param' });
    try {
      for (const url of ['/customer/list/invoices?invoice_id=1022', '/customer/read/pix-payment/1022']) {
        const res = await get(maria, url);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Fatura não encontrada.');
      }
      const boleto = await post(maria, '/customer/generate/invoice-download-token', { invoiceId: '1022' });
      expect(boleto.statusCode).toBe(404);
      // 2021 is a fiscal note of another customer of the same provider.
      const note = await post(maria, '/customer/generate/sale-invoice-download-token', {
        saleInvoiceId: '2021',
      });
      expect(note.statusCode).toBe(404);
      expect(note.json().code).toBe('NF_NOT_FOUND');
    } finally {
      await t.simFaults(null);
    }
  });

  it("refuses another tenant's session", async () => {
    const other = await h.tenant({ from: 'outro' });
    const res = await get(maria, '/customer/list/invoices', other.clientId);
    expect(res.statusCode).toBe(401);
  });
});

describe('boleto (spec §7.3, §8 download)', () => {
  it('downloads the PDF once per token', async () => {
    const token = (
      await post(maria, '/customer/generate/invoice-download-token', { invoiceId: '1019' })
    ).json().token;
    const res = await get(maria, `/customer/download/invoice/${token}`);
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({ filename: 'boleto-1019.pdf', contentType: 'application/pdf' });
    expect(Buffer.from(file.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const again = await get(maria, `/customer/download/invoice/${token}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Ocorreu um erro ao fazer o download da fatura.');
    expect(h.logLines.join('')).not.toContain(token);
  });

  it('is unavailable without a digitable line or for a paid invoice', async () => {
    for (const invoiceId of ['1018', '1014']) {
      const res = await post(maria, '/customer/generate/invoice-download-token', { invoiceId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('O boleto não está disponível para esta fatura.');
    }
  });

  it("cannot be downloaded with another customer's token", async () => {
    const token = (
      await post(maria, '/customer/generate/invoice-download-token', { invoiceId: '1019' })
    ).json().token;
    const res = await get(padaria, `/customer/download/invoice/${token}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('PIX', () => {
  it('answers a BR Code for the open amount', async () => {
    const res = await get(maria, '/customer/read/pix-payment/1016');
    expect(res.statusCode).toBe(200);
    const code: string = res.json().pix.qrCode.qrcode;
    expect(code.startsWith('000201')).toBe(true);
    expect(code).toContain('br.gov.bcb.pix');
    expect(code).toContain('540549.90');
  });

  it('refuses a paid invoice and maps ERP failures to its message', async () => {
    expect((await get(maria, '/customer/read/pix-payment/1014')).statusCode).toBe(409);
    await t.simFaults({ table: 'get_pix', mode: 'http500' });
    try {
      const res = await get(maria, '/customer/read/pix-payment/1019');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(messages.pixFailed);
    } finally {
      await t.simFaults(null);
    }
  });
});

describe('fiscal notes (spec §4 NF, §9)', () => {
  it('lists the month by type, without canceled, denied or unknown ones', async () => {
    const month = currentMonthInSaoPaulo();
    const res = await get(maria, `/customer/list/sale-invoices?created_at=${month}`);
    expect(res.statusCode).toBe(200);
    const notes = res.json().saleInvoices as { tipo: string; data_emissao: string }[];
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(
      notes.every((n) => ['SVA', 'SCM', 'NFS-e'].includes(n.tipo) && n.data_emissao.startsWith(month)),
    ).toBe(true);
  });

  it('refuses months before February 2014', async () => {
    const res = await get(maria, '/customer/list/sale-invoices?created_at=2014-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Mês inválido.');
  });
});

describe('IXC as it answers (issue 9)', () => {
  const hidden = IXC_DEMO.invoices.hidden;
  async function simPix(instance: string, image: 'base64' | 'data-uri' | 'empty') {
    const res = await fetch(`${h.simUrl}/__sim/ixc/${instance}/pix`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image }),
    });
    expect(res.ok).toBe(true);
  }
  async function calls(instance: string): Promise<Record<string, number>> {
    return (await fetch(`${h.simUrl}/__sim/ixc/${instance}/calls`)).json() as Promise<Record<string, number>>;
  }
  const decodeQr = (base64: string) => {
    const png = PNG.sync.read(Buffer.from(base64, 'base64'));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  };

  it('never shows, pays or prints a title the provider has not released (liberado N)', async () => {
    const ids = async (status: string) =>
      (await get(maria, `/customer/list/invoices?status=${status}`))
        .json()
        .invoices.map((i: { id: string }) => i.id);
    const all = [...(await ids('to_pay')), ...(await ids('received'))];
    expect(all.length).toBeGreaterThan(12);
    for (const id of [hidden.mariaOverdue15, hidden.mariaDueIn4, hidden.mariaReceived])
      expect(all).not.toContain(id);
    for (const id of [hidden.mariaOverdue15, hidden.mariaDueIn4]) {
      const one = await get(maria, `/customer/list/invoices?invoice_id=${id}`);
      expect(one.statusCode).toBe(404);
      expect((await get(maria, `/customer/read/pix-payment/${id}`)).statusCode).toBe(404);
      const token = await post(maria, '/customer/generate/invoice-download-token', { invoiceId: id });
      expect(token.statusCode).toBe(404);
    }
  });

  it("answers 'boleto unavailable' when IXC sends an HTML error page with HTTP 200", async () => {
    const token = (
      await post(maria, '/customer/generate/invoice-download-token', { invoiceId: '1019' })
    ).json().token;
    await t.simFaults({ table: 'get_boleto', mode: 'html' });
    try {
      const res = await get(maria, `/customer/download/invoice/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('O boleto não está disponível para esta fatura.');
    } finally {
      await t.simFaults(null);
    }
  });

  it('answers a listing that comes back as an HTML page with the ERP message, not a 500', async () => {
    const u = await h.tenant({ credentials: [MARIA] });
    const jar = await session(u.clientId, MARIA);
    await u.simFaults({ table: 'fn_areceber', mode: 'html' });
    try {
      const res = await get(jar, '/customer/list/invoices', u.clientId);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('ERP_UNAVAILABLE');
    } finally {
      await u.simFaults(null);
    }
  });

  it('draws the PIX QR code from the BR Code when the gateway sends no image, and strips a data: prefix', async () => {
    for (const style of ['empty', 'data-uri'] as const) {
      const u = await h.tenant({ credentials: [MARIA] });
      await simPix(u.erp.instance, style);
      const jar = await session(u.clientId, MARIA);
      const res = await get(jar, '/customer/read/pix-payment/1016', u.clientId);
      expect(res.statusCode).toBe(200);
      const { qrcode, imagemQrcode } = res.json().pix.qrCode;
      expect(imagemQrcode).not.toMatch(/^data:/);
      expect(decodeQr(imagemQrcode)).toBe(qrcode);
    }
  });

  it('never repeats a get_pix that got no answer: it may have created the charge', async () => {
    const u = await h.tenant({ credentials: [MARIA] });
    const jar = await session(u.clientId, MARIA);
    await u.simFaults({ table: 'get_pix', mode: 'timeout', count: 1 });
    try {
      const res = await get(jar, '/customer/read/pix-payment/1019', u.clientId);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(messages.pixFailed);
    } finally {
      await u.simFaults(null);
    }
    expect((await calls(u.erp.instance)).get_pix).toBe(1);
  });
});
