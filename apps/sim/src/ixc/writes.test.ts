import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IXC_TOKEN, IXC_DEMO } from '../index.ts';
import { adminCall, cloneInstance, IxcClient, type RunningSim, startSim } from './test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');

// the insert bodies of IXC's Postman collection, with every column it marks "//Obrigatório"
const TICKET = {
  tipo: 'C',
  id_cliente: '1',
  id_contrato: 101,
  id_assunto: '2',
  titulo: 'Sem sinal',
  id_ticket_setor: '1',
  prioridade: 'N',
  menssagem: 'Estou sem sinal desde cedo.',
  su_status: 'N',
};
const ORDER = {
  tipo: 'C',
  id_cliente: '1',
  id_contrato_kit: '101',
  id_assunto: '1',
  id_filial: '2',
  origem_endereco: 'CC',
  prioridade: 'N',
  setor: '2',
  status: 'A',
  mensagem: 'Verificar ONU',
};
const MESSAGE = {
  id_cliente: '1',
  id_ticket: '3005',
  mensagem_ticket: 'Mais detalhes',
  mensagem: 'Mais detalhes',
  visibilidade_mensagens: 'PU',
  su_status: 'P',
  existe_pendencia_externa: 'N',
};

/** IXC's way to change a record: read it whole, change it, PUT it whole. */
async function putWhole(ixc: IxcClient, table: string, id: string, changes: Record<string, unknown>) {
  const [row] = (await ixc.rows(table, { qtype: `${table}.id`, query: id, oper: '=' })).registros;
  if (!row) throw new Error(`${table} ${id} not found`);
  return ixc.update(table, id, { ...row, ...changes });
}

let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
});

afterAll(async () => {
  await sim.close();
});

describe('IXC inserts and updates', () => {
  it('inserts a record with every column, IXC defaults and a new id', async () => {
    const ixc = await cloneInstance(sim.url);
    const answer = await ixc.insert('su_ticket', TICKET);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ type: 'success', message: 'Registro inserido com sucesso!', id: '3008' });

    const [row] = (await ixc.rows('su_ticket', { qtype: 'su_ticket.id', query: '3008', oper: '=' }))
      .registros;
    expect(row).toMatchObject({
      id: '3008',
      tipo: 'C',
      id_cliente: '1',
      id_contrato: '101',
      titulo: 'Sem sinal',
      su_status: 'N',
      prioridade: 'N',
      status: 'T',
      data_criacao: '2026-03-05 12:00:00',
      protocolo: '20260305003008',
      id_ticket_setor: '1',
    });
    for (const value of Object.values(row ?? {})) expect(typeof value).toBe('string');

    const second = await ixc.insert('su_mensagens', { ...MESSAGE, id_ticket: '3008', id_operador: 0 });
    expect(second.json.id).toBe('4016');
    const [message] = (await ixc.rows('su_mensagens', { qtype: 'su_mensagens.id_ticket', query: '3008' }))
      .registros;
    expect(message).toMatchObject({
      id_operador: '0',
      operador: '0',
      data: '2026-03-05 12:00:00',
      visibilidade_mensagens: 'PU',
      su_status: 'P',
    });

    const order = await ixc.insert('su_oss_chamado', ORDER);
    expect(order.json.type).toBe('success');
    const [saved] = (await ixc.rows('su_oss_chamado', { qtype: 'su_oss_chamado.id', query: order.json.id }))
      .registros;
    expect(saved).toMatchObject({
      id_contrato_kit: '101',
      setor: '2',
      status: 'A',
      data_abertura: '2026-03-05 12:00:00',
    });
    expect(saved).not.toHaveProperty('id_contrato');
  });

  it("refuses an insert without a column IXC's collection marks required, naming it", async () => {
    const ixc = await cloneInstance(sim.url);
    const cases: [string, Record<string, unknown>, string[]][] = [
      [
        'su_ticket',
        TICKET,
        [
          'tipo',
          'id_cliente',
          'id_assunto',
          'titulo',
          'id_ticket_setor',
          'prioridade',
          'menssagem',
          'su_status',
        ],
      ],
      [
        'su_oss_chamado',
        ORDER,
        ['tipo', 'id_assunto', 'id_cliente', 'id_filial', 'origem_endereco', 'prioridade', 'setor', 'status'],
      ],
      [
        'su_mensagens',
        MESSAGE,
        [
          'id_cliente',
          'mensagem_ticket',
          'mensagem',
          'visibilidade_mensagens',
          'su_status',
          'id_ticket',
          'existe_pendencia_externa',
        ],
      ],
    ];
    for (const [table, body, required] of cases) {
      for (const column of required) {
        for (const value of [undefined, '', '  ']) {
          const answer = await ixc.insert(table, { ...body, [column]: value });
          expect(answer.status).toBe(200);
          expect(answer.json, `${table}.${column}`).toEqual({
            type: 'error',
            message: `O campo '${column}' é obrigatório!`,
          });
        }
      }
    }
    // a foreign key of '0' is no value; a text '0' is one
    expect((await ixc.insert('su_ticket', { ...TICKET, id_assunto: '0' })).json.type).toBe('error');
    expect(
      (
        await ixc.insert('vd_contratos_produtos', {
          tipo: 'I',
          id_plano: '41',
          qtde: '1',
          valor_unit: '1',
          fixar_ip: '0',
        })
      ).json.type,
    ).toBe('success');
    // nothing was written
    expect((await ixc.rows('su_ticket', { qtype: 'su_ticket.id', query: '3008' })).total).toBe('0');
  });

  it('stores money with two decimals and keeps columns IXC has beyond the simulated ones', async () => {
    const ixc = await cloneInstance(sim.url);
    const answer = await ixc.insert('fn_areceber', {
      id_cliente: 3,
      id_contrato: 104,
      valor: 120.5,
      data_vencimento: '2026-04-10',
      obs: 'Taxa de mudança',
    });
    const [row] = (await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: answer.json.id }))
      .registros;
    expect(row).toMatchObject({
      valor: '120.50',
      valor_aberto: '120.50',
      status: 'A',
      obs: 'Taxa de mudança',
    });
    expect(row?.pagamento_data).toBe('0000-00-00');
  });

  it('refuses inserts without required fields or with dangling references', async () => {
    const ixc = await cloneInstance(sim.url);
    const missing = await ixc.insert('su_mensagens', { mensagem: 'sem ticket' });
    expect(missing.status).toBe(200);
    expect(missing.json.type).toBe('error');
    const dangling = await ixc.insert('su_ticket', { ...TICKET, id_cliente: '999' });
    expect(dangling.json.type).toBe('error');
    const noContract = await ixc.insert('su_oss_chamado', { ...ORDER, id_contrato_kit: '999' });
    expect(noContract.json.message).toBe(
      "O registro 999 informado no campo 'id_contrato_kit' não existe em 'cliente_contrato'!",
    );
    const notObject = await ixc.call('POST', 'su_ticket', { body: '[1]' });
    expect(notObject.json.type).toBe('error');
    const unknownTable = await ixc.insert('nada', { a: '1' });
    expect(unknownTable.json.message).toBe('Recurso nada não está disponível!');
  });

  it('answers a PUT without the columns a record requires with the HTML error page, HTTP 200', async () => {
    const ixc = await cloneInstance(sim.url);
    for (const [table, id, body] of [
      ['cliente', IXC_DEMO.customers.maria.id, { telefone_celular: '(48) 98888-0000' }],
      ['fn_areceber', '1017', { status: 'R', valor_aberto: 0, pagamento_data: '2026-03-05' }],
      ['su_ticket', IXC_DEMO.tickets.mariaNew, { su_status: 'S' }],
      ['su_oss_chamado', IXC_DEMO.serviceOrders.mariaOpen, { status: 'F' }],
      ['su_mensagens', '4001', { mensagem: 'editada' }],
    ] as const) {
      const answer = await ixc.update(table, id, body);
      expect(answer.status, table).toBe(200);
      expect(answer.contentType).toContain('text/html');
      expect(answer.text).toMatch(
        /^<div style="[^"]*background:#FF0000[^"]*">Ocorreu um erro ao processar\./,
      );
      expect(answer.json).toEqual({});
    }
    // nothing changed
    const [maria] = (await ixc.rows('cliente', { qtype: 'cliente.id', query: '1' })).registros;
    expect(maria?.telefone_celular).toBe('(48) 99912-3456');
    const [invoice] = (await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: '1017' })).registros;
    expect(invoice?.status).toBe('A');
  });

  it('replaces the whole record on PUT: columns left out are saved empty, read-only ones stay', async () => {
    const ixc = await cloneInstance(sim.url);
    const answer = await putWhole(ixc, 'cliente', '1', { telefone_celular: '(48) 98888-0000', id: '77' });
    expect(answer.json).toEqual({ type: 'success', message: 'Registro atualizado com sucesso!', id: '1' });
    const [row] = (await ixc.rows('cliente', { qtype: 'cliente.id', query: '1' })).registros;
    expect(row).toMatchObject({
      id: '1',
      telefone_celular: '(48) 98888-0000',
      razao: 'Maria Aparecida Souza',
    });

    // the form's required columns only: every other column is saved empty
    const minimal = await ixc.update('cliente', '3', {
      ativo: 'S',
      tipo_pessoa: 'F',
      razao: 'João Pedro Lima',
      cnpj_cpf: '111.444.777-35',
      cep: '88034-000',
      endereco: 'Rua Lauro Linhares',
      numero: '589',
      bairro: 'Trindade',
      cidade: '4205407',
    });
    expect(minimal.json.type).toBe('success');
    const [joao] = (await ixc.rows('cliente', { qtype: 'cliente.id', query: '3' })).registros;
    expect(joao).toMatchObject({
      razao: 'João Pedro Lima',
      email: '',
      hotsite_email: '',
      data_nascimento: '0000-00-00',
    });

    // the boleto columns of a title cannot be changed by a PUT, the rest can
    const [before] = (await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: '1017' })).registros;
    const paid = await putWhole(ixc, 'fn_areceber', '1017', {
      status: 'R',
      valor_aberto: 0,
      pagamento_data: '2026-03-05',
      linha_digitavel: '0'.repeat(47),
    });
    expect(paid.json.type).toBe('success');
    const [invoice] = (await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: '1017' })).registros;
    expect(invoice).toMatchObject({
      status: 'R',
      valor_aberto: '0.00',
      valor: '89.90',
      pagamento_data: '2026-03-05',
    });
    expect(invoice?.linha_digitavel).toBe(before?.linha_digitavel);

    const ticket = await putWhole(ixc, 'su_ticket', IXC_DEMO.tickets.mariaNew, {
      su_status: 'S',
      data_criacao: '2000-01-01 00:00:00',
    });
    expect(ticket.json.type).toBe('success');
    const [closed] = (
      await ixc.rows('su_ticket', { qtype: 'su_ticket.id', query: IXC_DEMO.tickets.mariaNew })
    ).registros;
    expect(closed?.su_status).toBe('S');
    expect(closed?.data_criacao).not.toBe('2000-01-01 00:00:00');
  });

  it('refuses a whole PUT whose required columns are empty, with the JSON error', async () => {
    const ixc = await cloneInstance(sim.url);
    const answer = await putWhole(ixc, 'su_oss_chamado', IXC_DEMO.serviceOrders.mariaOpen, { setor: '' });
    expect(answer.json).toEqual({ type: 'error', message: "O campo 'setor' é obrigatório!" });
  });

  it('takes column names whatever their case, under the spelling of the table', async () => {
    const ixc = await cloneInstance(sim.url);
    const answer = await ixc.insert('vd_contratos', {
      tipo: 'I',
      nome: 'FIBRA 1 GIGA',
      ativo: 'N',
      VALOR_CONTRATO: '199.9',
    });
    const [plan] = (await ixc.rows('vd_contratos', { qtype: 'vd_contratos.id', query: answer.json.id }))
      .registros;
    expect(plan).toMatchObject({ nome: 'FIBRA 1 GIGA', Ativo: 'N', valor_contrato: '199.90' });
    expect(plan).not.toHaveProperty('ativo');
  });

  it('answers an error for an unknown id', async () => {
    const ixc = await cloneInstance(sim.url);
    const answer = await ixc.update('cliente', '999', { razao: 'Ninguém' });
    expect(answer.status).toBe(200);
    expect(answer.json.type).toBe('error');
    const noId = await ixc.call('PUT', 'cliente', { body: { razao: 'x' } });
    expect(noId.json.type).toBe('error');
  });

  it('deletes a record', async () => {
    const ixc = await cloneInstance(sim.url);
    expect((await ixc.call('DELETE', 'su_mensagens/4001')).json.type).toBe('success');
    expect((await ixc.rows('su_mensagens', { qtype: 'su_mensagens.id', query: '4001' })).total).toBe('0');
    expect((await ixc.call('DELETE', 'su_mensagens/4001')).json.type).toBe('error');
  });

  it('isolates the writes of each cloned instance', async () => {
    const a = await cloneInstance(sim.url);
    const b = await cloneInstance(sim.url);
    expect(a.instance).not.toBe(b.instance);
    expect(a.token).not.toBe(DEMO_IXC_TOKEN);

    expect((await putWhole(a, 'cliente', '3', { email: 'novo@example.com' })).json.type).toBe('success');
    await a.insert('su_oss_assunto', { assunto: 'Só na instância A', ativo: 'S' });

    const demo = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
    for (const other of [b, demo]) {
      const [joao] = (await other.rows('cliente', { qtype: 'cliente.id', query: '3' })).registros;
      expect(joao?.email).toBe('joao.lima@gmail.com');
      expect((await other.rows('su_oss_assunto')).total).toBe('8');
    }
    expect((await a.rows('su_oss_assunto')).total).toBe('9');

    // a clone's token is not valid anywhere else
    expect((await demo.list('cliente', {}, a.token)).status).toBe(401);
    expect((await b.list('cliente', {}, a.token)).status).toBe(401);
  });

  it('clones the outro seed on request', async () => {
    const outro = await cloneInstance(sim.url, 'outro');
    expect(outro.instance.startsWith('outro-')).toBe(true);
    const fernanda = await outro.rows('cliente', { qtype: 'cliente.cnpj_cpf', query: '714.602.380-01' });
    expect(fernanda.total).toBe('1');
  });

  it('re-seeds one instance, or everything with /__sim/reset', async () => {
    const clone = await cloneInstance(sim.url);
    expect((await putWhole(clone, 'cliente', '1', { razao: 'Alterada' })).json.type).toBe('success');
    expect((await adminCall(sim.url, 'POST', `/__sim/ixc/${clone.instance}/reset`)).status).toBe(200);
    const [maria] = (await clone.rows('cliente', { qtype: 'cliente.id', query: '1' })).registros;
    expect(maria?.razao).toBe('Maria Aparecida Souza');

    const demo = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
    expect((await putWhole(demo, 'cliente', '2', { fantasia: 'Outra' })).json.type).toBe('success');
    expect((await adminCall(sim.url, 'POST', '/__sim/reset')).json).toEqual({ ok: true });
    const [padaria] = (await demo.rows('cliente', { qtype: 'cliente.id', query: '2' })).registros;
    expect(padaria?.fantasia).toBe('Pão Quente');
    // clones are gone after a full reset
    expect((await clone.list('cliente', {})).status).toBe(404);
  });

  it('drops a cloned instance but not a seeded one', async () => {
    const clone = await cloneInstance(sim.url);
    expect((await adminCall(sim.url, 'DELETE', `/__sim/ixc/instances/${clone.instance}`)).status).toBe(200);
    expect((await clone.list('cliente', {})).status).toBe(404);
    expect((await adminCall(sim.url, 'DELETE', '/__sim/ixc/instances/demo')).status).toBe(400);
    expect((await adminCall(sim.url, 'POST', '/__sim/ixc/instances', { from: 'nope' })).status).toBe(400);
  });
});
