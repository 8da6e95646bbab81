import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IXC_DEMO } from '../index.ts';
import { cloneInstance, type IxcClient, type RunningSim, startSim } from './test-support.ts';

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

function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

interface PixAnswer {
  pix: {
    dadosPix: { txid: string; status: string; valor: { original: string }; pixCopiaECola: string };
    qrCode: { qrcode: string; imagemQrcode: string };
  };
}

describe('boleto lines', () => {
  it('are 47 digits with valid FEBRABAN check digits and the invoice amount', async () => {
    const { registros } = await ixc.rows('fn_areceber', {
      qtype: 'fn_areceber.linha_digitavel',
      query: '',
      oper: '!=',
    });
    expect(registros.length).toBeGreaterThan(20);
    for (const row of registros) {
      const line = row.linha_digitavel ?? '';
      expect(line).toMatch(/^\d{47}$/);
      expect(Number(line.slice(9, 10))).toBe(mod10(line.slice(0, 9)));
      expect(Number(line.slice(20, 21))).toBe(mod10(line.slice(10, 20)));
      expect(Number(line.slice(31, 32))).toBe(mod10(line.slice(21, 31)));
      expect(Number(line.slice(37)) / 100).toBeCloseTo(Number(row.valor), 2);
    }
  });
});

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
    expect(pdf.toString('latin1')).toContain('Boleto da fatura 1017');
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
});

describe('get_pix', () => {
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
