import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IXC_DEMO, IXC_OUTRO } from '../index.ts';
import { parseAmount, parseBrDate, receiptType } from './receipts.ts';
import { cloneInstance, type IxcClient, type RunningSim, startSim } from './test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');
const TABLE = 'fn_areceber_recebimentos_baixas_novo';

let sim: RunningSim;
let ixc: IxcClient;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
  ixc = await cloneInstance(sim.url);
});

afterAll(async () => {
  await sim.close();
});

const { filialId, accountId, planningId } = IXC_DEMO.settlement;

/** The body the portal sends to settle a title. */
function receipt(id: string, amount: string, type = 'C', date = '05/03/2026'): Record<string, string> {
  return {
    filial_id: filialId,
    id_receber: id,
    conta_: accountId,
    id_conta: planningId,
    tipo_recebimento: type,
    data: date,
    valor_parcela: amount,
    credito: '0',
    debito: '0',
    valor_total_recebido: amount,
    historico: `Recebimento da fatura ${id} pelo Central`,
    previsao: 'N',
    tipo_lanc: 'R',
  };
}

async function title(id: string): Promise<Record<string, string>> {
  const [row] = (await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: id, oper: '=' })).registros;
  if (!row) throw new Error(`no title ${id}`);
  return row;
}

async function contract(id: string): Promise<Record<string, string>> {
  const [row] = (await ixc.rows('cliente_contrato', { qtype: 'cliente_contrato.id', query: id, oper: '=' }))
    .registros;
  if (!row) throw new Error(`no contract ${id}`);
  return row;
}

describe('settling a title (fn_areceber_recebimentos_baixas_novo)', () => {
  it('receives the whole open value: status R, payment fields, receipt listed, block lifted', async () => {
    const id = IXC_DEMO.invoices.maria.overdue10;
    expect(await contract(IXC_DEMO.contracts.mariaFinancialPending)).toMatchObject({ status_internet: 'FA' });
    const answer = await ixc.insert(TABLE, receipt(id, '89,90', 'C'));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ type: 'success', message: 'Recebimento efetuado com sucesso!', id: '1' });
    expect(await title(id)).toMatchObject({
      status: 'R',
      pagamento_data: '2026-03-05',
      pagamento_valor: '89.90',
      valor_recebido: '89.90',
      valor_aberto: '0.00',
      tipo_recebimento: 'Cartão',
      tipo_pagamento_cartao: 'N',
    });
    const { registros } = await ixc.rows(TABLE, { qtype: `${TABLE}.id_receber`, query: id, oper: '=' });
    expect(registros).toEqual([
      expect.objectContaining({
        id: '1',
        id_receber: id,
        filial_id: filialId,
        conta_: accountId,
        id_conta: planningId,
        data: '2026-03-05',
        valor_total_recebido: '89.90',
        valor_parcela: '89.90',
        tipo_recebimento: 'C',
        previsao: 'N',
        tipo_lanc: 'R',
      }),
    ]);
    expect(await contract(IXC_DEMO.contracts.mariaFinancialPending)).toMatchObject({ status_internet: 'A' });
  });

  it('refuses a title already received or canceled', async () => {
    const again = await ixc.insert(TABLE, receipt(IXC_DEMO.invoices.maria.overdue10, '89,90'));
    expect(again.json).toEqual({ type: 'error', message: 'Título já recebido' });
    const seeded = await ixc.insert(TABLE, receipt(IXC_DEMO.invoices.maria.receivedStandalone, '99,90'));
    expect(seeded.json).toEqual({ type: 'error', message: 'Título já recebido' });
    const canceled = await ixc.insert(TABLE, receipt(IXC_DEMO.invoices.maria.canceled, '89,90'));
    expect(canceled.json).toEqual({ type: 'error', message: 'Não é possível receber um título cancelado!' });
  });

  it('receives less than the open value as partial (P), then the rest', async () => {
    const id = IXC_DEMO.invoices.ana.overdue20;
    await ixc.insert(TABLE, receipt(id, '30,00', 'P'));
    expect(await title(id)).toMatchObject({
      status: 'P',
      valor_recebido: '30.00',
      valor_aberto: '49.90',
      pagamento_valor: '30.00',
      tipo_recebimento: 'Pix',
    });
    await ixc.insert(TABLE, receipt(id, '49,90', 'B', '06/03/2026'));
    expect(await title(id)).toMatchObject({
      status: 'R',
      valor_recebido: '79.90',
      valor_aberto: '0.00',
      pagamento_data: '2026-03-06',
      tipo_recebimento: 'Boleto',
    });
    // a manual block (CM) is not lifted by a payment
    expect(await contract(IXC_DEMO.contracts.anaManualBlock)).toMatchObject({ status_internet: 'CM' });
  });

  it('settles the rest of a partial title and frees a used trust unlock', async () => {
    const partial = IXC_DEMO.invoices.maria.partialOverdue40;
    await ixc.insert(TABLE, receipt(partial, '49,90', 'P'));
    expect(await title(partial)).toMatchObject({
      status: 'R',
      valor_recebido: '99.90',
      valor_aberto: '0.00',
    });

    expect(await contract(IXC_DEMO.contracts.padariaBlocked)).toMatchObject({
      status_internet: 'CA',
      desbloqueio_confianca_ativo: 'S',
    });
    await ixc.insert(TABLE, receipt(IXC_DEMO.invoices.padaria.overdue35, '149,90', 'Cartão'));
    expect(await contract(IXC_DEMO.contracts.padariaBlocked)).toMatchObject({
      status_internet: 'A',
      desbloqueio_confianca_ativo: 'N',
    });
  });

  it('answers IXC errors for bad bodies and leaves the title alone', async () => {
    const id = IXC_DEMO.invoices.joao.dueIn12;
    const cases: [Record<string, string>, string][] = [
      [{ ...receipt('999999', '10,00') }, 'Título 999999 não encontrado!'],
      [{ ...receipt(id, '89,90'), id_receber: '' }, "O campo 'id_receber' é obrigatório!"],
      [{ ...receipt(id, '89,90'), id_conta: '' }, "O campo 'id_conta' é obrigatório!"],
      [
        receipt(id, '89,90', 'C', '2026-03-05'),
        'Data de recebimento inválida! Informe no formato DD/MM/AAAA.',
      ],
      [
        receipt(id, '89,90', 'C', '31/02/2026'),
        'Data de recebimento inválida! Informe no formato DD/MM/AAAA.',
      ],
      [receipt(id, '0,00'), 'Valor recebido inválido!'],
      [receipt(id, 'abc'), 'Valor recebido inválido!'],
    ];
    for (const [body, message] of cases) {
      expect((await ixc.insert(TABLE, body)).json).toEqual({ type: 'error', message });
    }
    expect(await title(id)).toMatchObject({ status: 'A', valor_aberto: '89.90', valor_recebido: '0.00' });
    expect((await ixc.update(TABLE, '1', { valor_total_recebido: '1,00' })).json).toEqual({
      type: 'error',
      message: `Recurso ${TABLE} não permite esta operação!`,
    });
  });

  it("books only in the installation's own branch, account and planning account", async () => {
    const id = IXC_DEMO.invoices.joao.dueIn12;
    const body = receipt(id, '89,90');
    const cases: [Record<string, string>, string][] = [
      [{ ...body, filial_id: '' }, "O campo 'filial_id' é obrigatório!"],
      [{ ...body, conta_: '0' }, "O campo 'conta_' é obrigatório!"],
      [{ ...body, id_conta: '' }, "O campo 'id_conta' é obrigatório!"],
      // the ids a client hard-codes when it does not ask the provider
      [{ ...body, filial_id: '1' }, 'Filial 1 não encontrada!'],
      [{ ...body, conta_: '1' }, 'Conta 1 não encontrada!'],
      [{ ...body, id_conta: '1' }, 'Planejamento analítico 1 não encontrado!'],
      // account and planning account swapped
      [{ ...body, conta_: planningId, id_conta: accountId }, `Conta ${planningId} não encontrada!`],
      // another installation's
      [
        { ...body, filial_id: IXC_OUTRO.settlement.filialId },
        `Filial ${IXC_OUTRO.settlement.filialId} não encontrada!`,
      ],
      [{ ...body, conta_: '5' }, 'A conta Banco do Brasil 1234-5 (encerrada) está inativa!'],
      [
        { ...body, id_conta: '35' },
        'O planejamento analítico Receitas diversas (plano antigo) está inativo!',
      ],
    ];
    for (const [input, message] of cases) {
      expect((await ixc.insert(TABLE, input)).json).toEqual({ type: 'error', message });
    }
    expect(await title(id)).toMatchObject({ status: 'A', valor_recebido: '0.00' });
    const receipts = await ixc.rows(TABLE, { qtype: `${TABLE}.id_receber`, query: id, oper: '=' });
    expect(Number(receipts.total)).toBe(0);

    // another cash account and planning account of the same installation are fine
    const other = await ixc.insert(TABLE, { ...body, filial_id: '4', conta_: '12', id_conta: '31' });
    expect(other.json).toMatchObject({ type: 'success' });
    expect(await title(id)).toMatchObject({ status: 'R' });
  });

  it('lists the branches, accounts and planning accounts a receipt may name', async () => {
    const [account] = (await ixc.rows('contas', { qtype: 'contas.id', query: accountId, oper: '=' }))
      .registros;
    expect(account).toMatchObject({ id: accountId, conta: 'Cielo e-commerce', ativo: 'S' });
    const [planning] = (
      await ixc.rows('planejamento_analitico', {
        qtype: 'planejamento_analitico.id',
        query: planningId,
        oper: '=',
      })
    ).registros;
    expect(planning).toMatchObject({ planejamento_analitico: 'Receita de mensalidades - cartão de crédito' });
    const [branch] = (await ixc.rows('filial', { qtype: 'filial.id', query: filialId, oper: '=' })).registros;
    expect(branch).toMatchObject({ fantasia: 'Central Fibra Demo', cnpj: '48.372.615/0001-75' });
  });

  it('parses amounts, dates and payment types the way the portal sends them', () => {
    expect(parseAmount('1.234,56')).toBe(123_456);
    expect(parseAmount('89,9')).toBe(8990);
    expect(parseAmount('89.90')).toBe(8990);
    expect(parseAmount('12,345')).toBeNaN();
    expect(parseBrDate('29/02/2028')).toBe('2028-02-29');
    expect(parseBrDate('29/02/2027')).toBeUndefined();
    expect(['C', 'Cartão', 'cartao', 'P', 'pix', 'B', 'D', 'Boleto', 'Dinheiro'].map(receiptType)).toEqual([
      'Cartão',
      'Cartão',
      'Cartão',
      'Pix',
      'Pix',
      'Boleto',
      'Boleto',
      'Boleto',
      'Dinheiro',
    ]);
  });
});
