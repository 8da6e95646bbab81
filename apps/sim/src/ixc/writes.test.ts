import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IXC_TOKEN } from '../index.ts';
import { adminCall, cloneInstance, IxcClient, type RunningSim, startSim } from './test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');

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
    const answer = await ixc.insert('su_ticket', {
      id_cliente: '1',
      id_contrato: 101,
      id_assunto: '2',
      titulo: 'Sem sinal',
      menssagem: 'Estou sem sinal desde cedo.',
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ type: 'success', message: 'Registro inserido com sucesso!', id: '3008' });

    const [row] = (await ixc.rows('su_ticket', { qtype: 'su_ticket.id', query: '3008', oper: '=' }))
      .registros;
    expect(row).toMatchObject({
      id: '3008',
      id_cliente: '1',
      id_contrato: '101',
      titulo: 'Sem sinal',
      su_status: 'N',
      status: 'T',
      data_criacao: '2026-03-05 12:00:00',
      protocolo: '20260305003008',
      id_ticket_setor: '0',
    });
    for (const value of Object.values(row ?? {})) expect(typeof value).toBe('string');

    const second = await ixc.insert('su_mensagens', {
      id_ticket: '3008',
      mensagem: 'Mais detalhes',
      id_operador: 0,
    });
    expect(second.json.id).toBe('4013');
    const [message] = (await ixc.rows('su_mensagens', { qtype: 'su_mensagens.id_ticket', query: '3008' }))
      .registros;
    expect(message).toMatchObject({ id_operador: '0', operador: '0', data: '2026-03-05 12:00:00' });
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
    const dangling = await ixc.insert('su_ticket', { id_cliente: '999', id_assunto: '1', menssagem: 'x' });
    expect(dangling.json.type).toBe('error');
    const notObject = await ixc.call('POST', 'su_ticket', { body: '[1]' });
    expect(notObject.json.type).toBe('error');
    const unknownTable = await ixc.insert('nada', { a: '1' });
    expect(unknownTable.json.message).toBe('Recurso nada não está disponível!');
  });

  it('updates by merging fields', async () => {
    const ixc = await cloneInstance(sim.url);
    const answer = await ixc.update('cliente', '1', { telefone_celular: '(48) 98888-0000', id: '77' });
    expect(answer.json).toEqual({ type: 'success', message: 'Registro atualizado com sucesso!', id: '1' });
    const [row] = (await ixc.rows('cliente', { qtype: 'cliente.id', query: '1' })).registros;
    expect(row).toMatchObject({
      id: '1',
      telefone_celular: '(48) 98888-0000',
      razao: 'Maria Aparecida Souza',
    });

    const paid = await ixc.update('fn_areceber', '1017', {
      status: 'R',
      valor_aberto: 0,
      pagamento_data: '2026-03-05',
    });
    expect(paid.json.type).toBe('success');
    const [invoice] = (await ixc.rows('fn_areceber', { qtype: 'fn_areceber.id', query: '1017' })).registros;
    expect(invoice).toMatchObject({ status: 'R', valor_aberto: '0.00', valor: '89.90' });
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

    await a.update('cliente', '3', { email: 'novo@example.com' });
    await a.insert('su_oss_assunto', { assunto: 'Só na instância A' });

    const demo = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
    for (const other of [b, demo]) {
      const [joao] = (await other.rows('cliente', { qtype: 'cliente.id', query: '3' })).registros;
      expect(joao?.email).toBe('joao.lima@gmail.com');
      expect((await other.rows('su_oss_assunto')).total).toBe('5');
    }
    expect((await a.rows('su_oss_assunto')).total).toBe('6');

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
    await clone.update('cliente', '1', { razao: 'Alterada' });
    expect((await adminCall(sim.url, 'POST', `/__sim/ixc/${clone.instance}/reset`)).status).toBe(200);
    const [maria] = (await clone.rows('cliente', { qtype: 'cliente.id', query: '1' })).registros;
    expect(maria?.razao).toBe('Maria Aparecida Souza');

    const demo = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
    await demo.update('cliente', '2', { fantasia: 'Outra' });
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
