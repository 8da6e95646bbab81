import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IXC_DEMO } from '../index.ts';
import { barcodeFromLinhaDigitavel, dueDateFactor, formatLinhaDigitavel } from './febraban.ts';
import { parseEmv } from './pix.ts';
import {
  adminCall,
  barcodesInPdf,
  cloneInstance,
  decodeQrPng,
  type IxcClient,
  type PdfPageRead,
  type RunningSim,
  readPdf,
  startSim,
} from './test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');

let sim: RunningSim;
let ixc: IxcClient;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
  ixc = await cloneInstance(sim.url);
});

afterAll(async () => {
  await sim.close();
});

function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    const p = Number(c) * (i % 2 === 0 ? 2 : 1);
    sum += p > 9 ? p - 9 : p;
  });
  return (10 - (sum % 10)) % 10;
}

/** CRC16-CCITT-FALSE, computed here independently of the simulator. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

interface FullPixAnswer {
  pix: {
    dadosPix: Record<string, unknown> & { loc: { id: number } };
    qrCode: { qrcode: string; imagemQrcode: string; imagemSrc: string };
  };
}

interface PixAnswer {
  pix: {
    dadosPix: { txid: string; status: string; valor: { original: string }; pixCopiaECola: string };
    qrCode: { qrcode: string; imagemQrcode: string };
  };
}

describe('boleto lines', () => {
  it('are 47 digits with valid FEBRABAN check digits and the invoice amount', async () => {
    // an empty `query` is no filter at all in IXC: the titles without a boleto are left out here
    const registros = (await ixc.rows('fn_areceber')).registros.filter((r) => r.linha_digitavel !== '');
    expect(registros.length).toBeGreaterThan(20);
    for (const row of registros) {
      const line = row.linha_digitavel ?? '';
      expect(line).toMatch(/^\d{47}$/);
      expect(Number(line.slice(9, 10))).toBe(mod10(line.slice(0, 9)));
      expect(Number(line.slice(20, 21))).toBe(mod10(line.slice(10, 20)));
      expect(Number(line.slice(31, 32))).toBe(mod10(line.slice(21, 31)));
      expect(Number(line.slice(37)) / 100).toBeCloseTo(Number(row.valor), 2);
      const barcode = barcodeFromLinhaDigitavel(line);
      expect(Number(barcode.slice(5, 9))).toBe(dueDateFactor(row.data_vencimento ?? ''));
      expect(barcode.slice(0, 3)).toBe('748');
      expect(barcode.slice(19)).toContain(row.nn_boleto);
    }
  });
});

/** A PDF that a reader opens, every page A4; answers its pages. */
async function checkPdf(pdf: Buffer): Promise<PdfPageRead[]> {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const pages = await readPdf(pdf);
  for (const page of pages) expect([page.width, page.height]).toEqual([595.28, 841.89]);
  return pages;
}

describe('get_boleto', () => {
  it('answers the PDF as base64 plain text', async () => {
    const answer = await ixc.call('POST', 'get_boleto', {
      body: {
        boletos: IXC_DEMO.invoices.maria.overdue10,
        juro: 'N',
        multa: 'N',
        atualiza_boleto: 'N',
        tipo_boleto: 'arquivo',
        base64: 'S',
      },
    });
    expect(answer.status).toBe(200);
    const pdf = Buffer.from(answer.text, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await readPdf(pdf))[0]?.texts).toContain('Boleto da fatura 1017');
  });

  it('prints the stored line, formatted, and draws it as an ITF barcode, without recalculating', async () => {
    const id = IXC_DEMO.invoices.maria.overdue10;
    const [row] = (await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: id })).registros;
    const line = row?.linha_digitavel ?? '';
    const answer = await ixc.call('POST', 'get_boleto', {
      body: { boletos: id, atualiza_boleto: 'N', juro: 'N', multa: 'N', tipo_boleto: 'arquivo', base64: 'S' },
    });
    const pdf = Buffer.from(answer.text, 'base64');
    const [page] = await checkPdf(pdf);
    expect(page?.texts).toContain(formatLinhaDigitavel(line));
    expect(formatLinhaDigitavel(line)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(page?.texts).toContain('89,90');
    expect(await barcodesInPdf(pdf)).toEqual([barcodeFromLinhaDigitavel(line)]);
    // overdue, but the charge is the one issued: due date and value of the line
    expect(barcodeFromLinhaDigitavel(line).slice(9, 19)).toBe('0000008990');
  });

  it('prints one page per boleto and answers the bytes without base64', async () => {
    const ids = [IXC_DEMO.invoices.maria.overdue10, IXC_DEMO.invoices.maria.dueIn7];
    const rows = (
      await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: ids.join(','), oper: 'IN' })
    ).registros;
    const answer = await ixc.call('POST', 'get_boleto', {
      body: { boletos: ids.join(','), tipo_boleto: 'arquivo' },
    });
    expect(answer.contentType).toContain('application/pdf');
    const res = await fetch(`${sim.url}/ixc/${ixc.instance}/webservice/v1/get_boleto`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(ixc.token).toString('base64')}` },
      body: JSON.stringify({ boletos: ids.join(',') }),
    });
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(await checkPdf(pdf)).toHaveLength(2);
    const lines = ids.map((id) => rows.find((r) => r.id === id)?.linha_digitavel ?? '');
    expect(await barcodesInPdf(pdf)).toEqual(lines.map(barcodeFromLinhaDigitavel));
  });

  it('answers an empty body when the invoice has no boleto or does not exist', async () => {
    for (const id of [IXC_DEMO.invoices.maria.dueTodayNoLine, IXC_DEMO.invoices.maria.canceled, '999999']) {
      const answer = await ixc.call('POST', 'get_boleto', {
        body: { boletos: id, tipo_boleto: 'arquivo', base64: 'S' },
      });
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('');
    }
  });

  it('refuses a title not released, alone or among others', async () => {
    const hidden = IXC_DEMO.invoices.hidden.mariaDueIn4;
    for (const boletos of [hidden, `${IXC_DEMO.invoices.maria.dueIn7},${hidden}`]) {
      const answer = await ixc.call('POST', 'get_boleto', {
        body: { boletos, tipo_boleto: 'arquivo', base64: 'S' },
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ type: 'error', message: `O título ${hidden} não está liberado!` });
    }
  });
});

describe('get_pix', () => {
  it('answers a BR Code whose TLVs and CRC are right, and a QR code of it', async () => {
    const answer = await ixc.call('POST', 'get_pix', {
      body: { id_areceber: IXC_DEMO.invoices.maria.dueIn7 },
    });
    const { pix } = answer.json as unknown as PixAnswer;
    const code = pix.qrCode.qrcode;
    const fields = parseEmv(code);
    expect(fields.map((f) => f.id)).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    const value = (id: string) => fields.find((f) => f.id === id)?.value ?? '';
    expect(value('00')).toBe('01');
    const account = parseEmv(value('26'));
    expect(account[0]).toEqual({ id: '00', value: 'br.gov.bcb.pix' });
    expect(account[1]?.id).toBe('01');
    expect(account[1]?.value).toBe((pix.dadosPix as unknown as { chave: string }).chave);
    expect(value('52')).toBe('0000');
    expect(value('53')).toBe('986');
    expect(value('54')).toBe('89.90');
    expect(value('58')).toBe('BR');
    expect(value('59').length).toBeLessThanOrEqual(25);
    expect(value('59')).toBe('CENTRAL FIBRA DEMO');
    expect(value('60').length).toBeLessThanOrEqual(15);
    expect(value('60')).toBe('FLORIANOPOLIS');
    expect(parseEmv(value('62'))).toEqual([{ id: '05', value: pix.dadosPix.txid }]);
    expect(pix.dadosPix.txid).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(value('63')).toBe(crc16(code.slice(0, -4)));
    expect(decodeQrPng(Buffer.from(pix.qrCode.imagemQrcode, 'base64'))).toBe(code);
  });

  it('computes the CRC of the Central Bank manual example', () => {
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(example)).toBe('1D3D');
  });

  it('answers a BR Code with a valid CRC for the open amount, and keeps the same charge', async () => {
    const first = await ixc.call('POST', 'get_pix', {
      body: { id_areceber: IXC_DEMO.invoices.maria.partialOverdue40 },
    });
    expect(first.status).toBe(200);
    expect(first.json.type).toBe('success');
    const { pix } = first.json as unknown as PixAnswer;
    const code = pix.qrCode.qrcode;
    expect(code).toBe(pix.dadosPix.pixCopiaECola);
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(code).toContain('540549.90');
    expect(pix.dadosPix.valor.original).toBe('49.90');
    expect(pix.dadosPix.status).toBe('ATIVA');
    expect(Buffer.from(pix.qrCode.imagemQrcode, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const again = (await ixc.call('POST', 'get_pix', { body: { id_areceber: '1016' } }))
      .json as unknown as PixAnswer;
    expect(again.pix.dadosPix.txid).toBe(pix.dadosPix.txid);
    const [invoice] = (await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: '1016' })).registros;
    expect(invoice?.pix_txid).toBe(pix.dadosPix.txid);
  });

  it("answers IXC's shape: pix {dadosPix, qrCode {qrcode, imagemQrcode, imagemSrc}}, gateway, type", async () => {
    const id = IXC_DEMO.invoices.maria.dueIn25;
    const answer = await ixc.call('POST', 'get_pix', { body: { id_areceber: id } });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain('text/x-json');
    const json = answer.json as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['pix', 'gateway', 'type']);
    expect(json.gateway).toEqual({ gatewayNome: 'Sicredi' });
    expect(json.type).toBe('success');
    const { dadosPix, qrCode } = (json as unknown as FullPixAnswer).pix;
    expect(Object.keys(qrCode)).toEqual(['qrcode', 'imagemQrcode', 'imagemSrc']);
    // a charge with a due date (cobv), as IXC's gateways create them
    expect(dadosPix).toMatchObject({
      revisao: 0,
      loc: { location: '', tipoCob: 'cobv', criacao: '2026-03-05T15:00:00.000Z' },
      calendario: {
        criacao: '2026-03-05T15:00:00Z',
        dataDeVencimento: '2026-03-30',
        validadeAposVencimento: 90,
      },
      devedor: { cpf: '52998224725', nome: 'Maria Aparecida Souza' },
      valor: { original: '99.90', abatimento: [] },
      status: 'ATIVA',
      solicitacaoPagador: 'de 28/02/2026 ate 29/03/2026',
      infoAdicionais: [],
      pixCopiaECola: qrCode.qrcode,
      expiracaoPix: '28/06/2026 00:00:00',
    });
    expect(Number.isInteger(dadosPix.loc.id)).toBe(true);
    // imagemSrc is IXC's own renderer of the code, whatever the gateway sent
    expect(qrCode.imagemSrc).toBe(
      `${sim.url}/ixc/${ixc.instance}/api-module/webhook-pagamentos/pix/get-qr-code?code=${encodeURIComponent(qrCode.qrcode)}`,
    );
    const image = await fetch(qrCode.imagemSrc);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(decodeQrPng(Buffer.from(await image.arrayBuffer()))).toBe(qrCode.qrcode);
  });

  it("sends the QR image as the installation's gateway does: bare base64, a data URI or nothing", async () => {
    const pixStyle = (instance: string, image?: string) =>
      adminCall<{ image?: string; error?: string }>(
        sim.url,
        image === undefined ? 'GET' : 'PUT',
        `/__sim/ixc/${instance}/pix`,
        image === undefined ? undefined : { image },
      );
    const image = async (client: IxcClient, id: string) =>
      ((await client.call('POST', 'get_pix', { body: { id_areceber: id } })).json as unknown as FullPixAnswer)
        .pix.qrCode;
    const own = await cloneInstance(sim.url);
    const id = IXC_DEMO.invoices.ana.dueIn5;
    expect((await pixStyle(own.instance)).json).toEqual({ image: 'base64' });
    const bare = await image(own, id);
    expect(decodeQrPng(Buffer.from(bare.imagemQrcode, 'base64'))).toBe(bare.qrcode);

    expect((await pixStyle(own.instance, 'data-uri')).json).toEqual({ ok: true, image: 'data-uri' });
    const uri = await image(own, id);
    expect(uri.imagemQrcode.startsWith('data:image/png;base64,')).toBe(true);
    expect(decodeQrPng(Buffer.from(uri.imagemQrcode.slice(22), 'base64'))).toBe(uri.qrcode);
    // the same charge whatever the image
    expect(uri.qrcode).toBe(bare.qrcode);

    await pixStyle(own.instance, 'empty');
    const none = await image(own, id);
    expect(none.imagemQrcode).toBe('');
    expect(none.qrcode).toBe(bare.qrcode);
    expect(none.imagemSrc).toContain('get-qr-code?code=');

    expect((await pixStyle(own.instance, 'svg')).status).toBe(400);
    expect((await pixStyle('ghost', 'empty')).status).toBe(404);
    await adminCall(sim.url, 'POST', `/__sim/ixc/${own.instance}/reset`);
    expect((await pixStyle(own.instance)).json).toEqual({ image: 'base64' });

    const other = await cloneInstance(sim.url, 'outro');
    const fromOutro = await other.call('POST', 'get_pix', { body: { id_areceber: '7003' } });
    expect((fromOutro.json as unknown as FullPixAnswer).pix.qrCode.imagemQrcode).toBe('');
    expect(fromOutro.json.gateway).toEqual({ gatewayNome: 'Banco Inter' });
  });

  it('refuses a title not released', async () => {
    for (const id of [IXC_DEMO.invoices.hidden.mariaOverdue15, IXC_DEMO.invoices.hidden.joaoDueIn14]) {
      const answer = await ixc.call('POST', 'get_pix', { body: { id_areceber: id } });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ type: 'error', message: `O título ${id} não está liberado!` });
    }
    const [row] = (
      await ixc.rows('fn_areceber', {
        qtype: 'fn_areceber.id',
        query: IXC_DEMO.invoices.hidden.mariaOverdue15,
      })
    ).registros;
    expect(row?.pix_txid).toBe('');
  });

  it('answers HTTP 500 for an unknown invoice and an error for a paid one', async () => {
    const unknown = await ixc.call('POST', 'get_pix', { body: { id_areceber: '999999' } });
    expect(unknown.status).toBe(500);
    const paid = await ixc.call('POST', 'get_pix', {
      body: { id_areceber: IXC_DEMO.invoices.maria.received[0] },
    });
    expect(paid.status).toBe(200);
    expect(paid.json.type).toBe('error');
  });
});

describe('imprimir_nota', () => {
  const print = (id: string, base64 = 'S') =>
    ixc.call('POST', 'imprimir_nota', { body: { id, base64 }, headers: { ixcsoft: 'listar' } });

  it('answers the note as a base64 PDF with provider, customer, number, type, value and date', async () => {
    const { registros } = await ixc.rows('vd_saida', { qtype: 'vd_saida.id_cliente', query: '1', oper: '=' });
    const cases: [string, string][] = [
      ['632', 'Nota Fiscal de Serviço de Comunicação - SCM'],
      ['900', 'Nota de Serviço de Valor Adicionado - SVA'],
      ['13', 'Nota Fiscal de Serviços Eletrônica - NFS-e'],
    ];
    for (const [type, label] of cases) {
      const note = registros.find((r) => r.id_tipo_documento === type && r.status === 'F');
      expect(note, type).toBeDefined();
      const answer = await print(note?.id ?? '');
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const pdf = Buffer.from(answer.text, 'base64');
      const text = (await checkPdf(pdf)).flatMap((page) => page.texts).join(' ');
      expect(text).toContain(label);
      expect(text).toContain(`Nº ${note?.numero_nf}`);
      expect(text).toContain('Maria Aparecida Souza');
      expect(text).toContain('529.982.247-25');
      expect(text).toContain('Central Fibra Demo Telecomunicações Ltda');
      const [y, m, d] = (note?.data_emissao ?? '').slice(0, 10).split('-');
      expect(text).toContain(`${d}/${m}/${y}`);
      expect(text).toContain(`R$ ${Number(note?.valor_total).toFixed(2).replace('.', ',')}`);
    }
  });

  it('answers the bytes without base64', async () => {
    const answer = await print('2001', 'N');
    expect(answer.contentType).toContain('application/pdf');
  });

  it('refuses unknown, canceled and denied notes with an IXC error', async () => {
    const { registros } = await ixc.rows('vd_saida');
    const canceled = registros.find((r) => r.status === 'C')?.id ?? '';
    const denied = registros.find((r) => r.status === 'D')?.id ?? '';
    for (const [id, message] of [
      ['999999', 'Nota fiscal 999999 não encontrada!'],
      [canceled, 'Não é possível imprimir uma nota fiscal cancelada!'],
      [denied, 'Não é possível imprimir uma nota fiscal denegada!'],
      ['', 'ID da nota fiscal não informado!'],
    ]) {
      const answer = await print(id ?? '');
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ type: 'error', message });
    }
  });
});

describe('desbloqueio_confianca', () => {
  it('unlocks a blocked contract once, then reports it active', async () => {
    const unlock = (id: string) => ixc.call('POST', 'desbloqueio_confianca', { body: { id } });
    const first = await unlock(IXC_DEMO.contracts.mariaFinancialPending);
    expect(first.json).toEqual({
      tipo: 'sucesso',
      mensagem: 'Desbloqueio de confiança realizado com sucesso!',
    });
    const [contract] = (await ixc.rows('cliente_contrato', { qtype: 'cliente_contrato.id', query: '102' }))
      .registros;
    expect(contract).toMatchObject({ status_internet: 'A', desbloqueio_confianca_ativo: 'S' });
    expect((await unlock('102')).json).toMatchObject({ tipo: 'erro', codigo: '107' });
  });

  it('refuses unknown, inactive, already-used and not-enabled contracts', async () => {
    const code = async (id: string) =>
      (await ixc.call('POST', 'desbloqueio_confianca', { body: { id } })).json.codigo;
    expect(await code('999')).toBe('106');
    expect(await code(IXC_DEMO.contracts.carlosDisabled)).toBe('109');
    expect(await code(IXC_DEMO.contracts.padariaBlocked)).toBe('113');
    expect(await code(IXC_DEMO.contracts.anaManualBlock)).toBe('109');
    expect(await code(IXC_DEMO.contracts.joao)).toBe('107');
  });
});
