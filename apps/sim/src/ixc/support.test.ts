import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IXC_TOKEN, IXC_DEMO, IXC_OUTRO, OUTRO_IXC_TOKEN } from '../index.ts';
import { cloneInstance, IxcClient, type RunningSim, startSim } from './test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');

let sim: RunningSim;
let demo: IxcClient;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
  demo = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
});

afterAll(async () => {
  await sim.close();
});

const by = (field: string, query: string, extra: Record<string, string> = {}) => ({
  qtype: field,
  query,
  oper: '=',
  ...extra,
});

/** spec §4: closed when there is no su_status and status is F, or su_status is S or C */
const isClosedTicket = (t: Record<string, string>) =>
  t.su_status === '' ? t.status === 'F' : t.su_status === 'S' || t.su_status === 'C';

// the insert body of the collection's "Mensagens OS (inserir)", every "//Obrigatório" column filled
const ORDER_EVENT = {
  id_chamado: IXC_DEMO.serviceOrders.mariaOpen,
  id_evento: '9',
  id_resposta: '',
  mensagem: 'A luz continua vermelha.',
  data_inicio: '',
  data_final: '',
  id_tecnico: '',
  status: 'A',
  tipo_cobranca: 'NENHUM',
  id_evento_status: '',
  data: '',
  id_equipe: '',
  id_proxima_tarefa: '',
  finaliza_processo: 'N',
  latitude: '',
  longitude: '',
  gps_time: '',
};

describe('protocol numbers (gerar_protocolo_atendimento)', () => {
  it('answers a new number per call as the bare body, whatever the method or header', async () => {
    const ixc = await cloneInstance(sim.url);
    const first = await ixc.call('POST', 'gerar_protocolo_atendimento');
    expect(first.status).toBe(200);
    expect(first.contentType).toContain('text/x-json');
    expect(first.text).toMatch(/^2026\d{8}$/);
    // the body is a JSON number: clients that JSON-decode it get the same digits
    expect(String(JSON.parse(first.text))).toBe(first.text);

    const withHeader = await ixc.call('POST', 'gerar_protocolo_atendimento', {
      body: {},
      headers: { ixcsoft: 'inserir' },
    });
    const listed = await ixc.list('gerar_protocolo_atendimento', {});
    const viaGet = await ixc.getWithBody('gerar_protocolo_atendimento', {});
    const orders = await ixc.call('POST', 'gerar_protocolo_ordem_servico');
    const all = [first.text, withHeader.text, listed.text, viaGet, orders.text];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(all);

    // another installation counts on its own
    const other = await cloneInstance(sim.url, 'outro');
    expect((await other.call('POST', 'gerar_protocolo_atendimento')).text).toBe(first.text);
  });

  it('is kept as the protocolo of the ticket and the order the portal inserts next', async () => {
    const ixc = await cloneInstance(sim.url);
    const protocolo = (await ixc.call('POST', 'gerar_protocolo_atendimento')).text;
    const ticket = await ixc.insert('su_ticket', {
      tipo: 'C',
      protocolo,
      id_cliente: IXC_DEMO.customers.maria.id,
      id_contrato: IXC_DEMO.contracts.mariaActive,
      id_assunto: IXC_DEMO.subjects.visible[0],
      titulo: 'Sem conexão',
      id_ticket_setor: '1',
      prioridade: 'N',
      menssagem: 'Sem internet desde cedo.',
      su_status: 'N',
    });
    const [saved] = (await ixc.rows('su_ticket', by('su_ticket.id', ticket.json.id ?? ''))).registros;
    expect(saved?.protocolo).toBe(protocolo);
    const found = await ixc.rows('su_ticket', by('su_ticket.protocolo', protocolo));
    expect(found.registros.map((r) => r.id)).toEqual([ticket.json.id]);
  });

  it('refuses to be edited or deleted', async () => {
    expect((await demo.call('PUT', 'gerar_protocolo_atendimento/1', { body: {} })).json.type).toBe('error');
    expect((await demo.call('DELETE', 'gerar_protocolo_atendimento/1')).json.type).toBe('error');
  });
});

describe('subjects (su_oss_assunto)', () => {
  it('has active and inactive ones, shown on the hotsite or not, filterable like any column', async () => {
    const offered = await demo.rows('su_oss_assunto', {
      grid_param: JSON.stringify([
        { TB: 'su_oss_assunto.ativo', OP: '=', P: 'S' },
        { TB: 'su_oss_assunto.mostra_hotsite', OP: '=', P: 'S' },
      ]),
    });
    expect(offered.registros.map((s) => s.id)).toEqual([...IXC_DEMO.subjects.visible]);
    const all = (await demo.rows('su_oss_assunto')).registros;
    const hidden = all.filter((s) => !IXC_DEMO.subjects.visible.includes(s.id as '1'));
    expect(hidden.map((s) => [s.id, s.ativo, s.mostra_hotsite])).toEqual([
      ['6', 'S', 'N'],
      ['7', 'N', 'S'],
      ['8', 'N', 'N'],
    ]);
    for (const s of all)
      expect(Object.keys(s)).toEqual(['id', 'assunto', 'descricao', 'ativo', 'mostra_hotsite']);

    const outro = new IxcClient(sim.url, 'outro', OUTRO_IXC_TOKEN);
    const outroAll = (await outro.rows('su_oss_assunto')).registros;
    expect(outroAll.filter((s) => s.ativo === 'S' && s.mostra_hotsite === 'S').map((s) => s.id)).toEqual([
      ...IXC_OUTRO.subjects.visible,
    ]);
  });

  it('requires `assunto` and `ativo` on insert, as the collection marks them', async () => {
    const ixc = await cloneInstance(sim.url);
    expect((await ixc.insert('su_oss_assunto', { assunto: 'Novo' })).json).toEqual({
      type: 'error',
      message: "O campo 'ativo' é obrigatório!",
    });
    expect(
      (await ixc.insert('su_oss_assunto', { assunto: 'Novo', ativo: 'S', mostra_hotsite: 'N' })).json.id,
    ).toBe('9');
  });
});

describe('service order messages (su_oss_chamado_mensagem)', () => {
  it("lists an order's events by id_chamado, with the collaborator in id_tecnico", async () => {
    // the collection's "Mensagens OS (listar)" body
    const listing = await demo.rows('su_oss_chamado_mensagem', {
      qtype: 'su_oss_chamado_mensagem.id_chamado',
      query: IXC_DEMO.serviceOrders.mariaOpen,
      oper: '=',
      page: '1',
      rp: '1000',
      sortname: 'su_oss_chamado_mensagem.id',
      sortorder: 'asc',
    });
    expect(listing.registros.map((m) => m.id)).toEqual([...IXC_DEMO.serviceOrderMessages.mariaOpen]);
    const attendants = new Map(
      (await demo.rows('funcionarios')).registros.map((f) => [f.id ?? '', f.funcionario ?? '']),
    );
    expect(
      listing.registros.map((m) => [attendants.get(m.id_tecnico ?? '') ?? '(assinante)', m.status]),
    ).toEqual([
      ['Patrícia Nunes', 'A'],
      ['(assinante)', 'A'],
      ['Ricardo Alves', 'A'],
    ]);
    for (const m of listing.registros) {
      expect(m).toMatchObject({ tipo_cobranca: 'NENHUM', finaliza_processo: 'N' });
      expect(m.data).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // IXC's table has no visibility column
      expect(m).not.toHaveProperty('visibilidade_mensagens');
    }

    const finished = await demo.rows(
      'su_oss_chamado_mensagem',
      by('su_oss_chamado_mensagem.id_chamado', IXC_DEMO.serviceOrders.mariaFinished),
    );
    expect(finished.registros.map((m) => [m.id, m.status, m.finaliza_processo])).toEqual([
      ['5104', 'AS', 'N'],
      ['5105', 'EX', 'N'],
      ['5106', 'F', 'S'],
    ]);
    const [order] = (
      await demo.rows('su_oss_chamado', by('su_oss_chamado.id', IXC_DEMO.serviceOrders.mariaFinished))
    ).registros;
    expect(order?.data_fechamento).toBe(finished.registros.at(-1)?.data);

    const outro = new IxcClient(sim.url, 'outro', OUTRO_IXC_TOKEN);
    expect(
      (await outro.rows('su_oss_chamado_mensagem', by('su_oss_chamado_mensagem.id_chamado', '5001'))).total,
    ).toBe('0');
    expect(
      (
        await outro.rows(
          'su_oss_chamado_mensagem',
          by('su_oss_chamado_mensagem.id_chamado', IXC_OUTRO.serviceOrders.fernandaOpen),
        )
      ).registros.map((m) => m.id),
    ).toEqual([...IXC_OUTRO.serviceOrderMessages.fernandaOpen]);
  });

  it('refuses an insert without a required column, or for an unknown order or collaborator', async () => {
    const ixc = await cloneInstance(sim.url);
    for (const column of [
      'id_chamado',
      'id_evento',
      'mensagem',
      'status',
      'tipo_cobranca',
      'finaliza_processo',
    ]) {
      const answer = await ixc.insert('su_oss_chamado_mensagem', { ...ORDER_EVENT, [column]: '' });
      expect(answer.json, column).toEqual({ type: 'error', message: `O campo '${column}' é obrigatório!` });
    }
    expect(
      (await ixc.insert('su_oss_chamado_mensagem', { ...ORDER_EVENT, id_chamado: '999' })).json.message,
    ).toBe("O registro 999 informado no campo 'id_chamado' não existe em 'su_oss_chamado'!");
    expect(
      (await ixc.insert('su_oss_chamado_mensagem', { ...ORDER_EVENT, id_tecnico: '99' })).json.type,
    ).toBe('error');
    const listing = await ixc.rows(
      'su_oss_chamado_mensagem',
      by('su_oss_chamado_mensagem.id_chamado', IXC_DEMO.serviceOrders.mariaOpen),
    );
    expect(listing.total).toBe('3');
  });
});

describe('opening and answering tickets and service orders', () => {
  it('inserts each with the required columns and lists it by customer, ticket or order', async () => {
    const ixc = await cloneInstance(sim.url);
    const maria = IXC_DEMO.customers.maria.id;

    const ticket = await ixc.insert('su_ticket', {
      tipo: 'C',
      id_cliente: maria,
      id_contrato: IXC_DEMO.contracts.mariaActive,
      id_assunto: '2',
      titulo: 'Internet lenta',
      id_ticket_setor: '1',
      prioridade: 'N',
      menssagem: 'Lenta desde ontem.',
      su_status: 'N',
    });
    expect(ticket.json.type).toBe('success');
    const tickets = await ixc.rows('su_ticket', by('su_ticket.id_cliente', maria));
    expect(tickets.registros.map((t) => t.id)).toContain(ticket.json.id);

    const message = await ixc.insert('su_mensagens', {
      id_cliente: maria,
      id_ticket: ticket.json.id,
      mensagem_ticket: 'Fica pior à noite.',
      mensagem: 'Fica pior à noite.',
      visibilidade_mensagens: 'PU',
      su_status: 'EP',
      existe_pendencia_externa: 'N',
    });
    expect(message.json.type).toBe('success');
    const messages = await ixc.rows('su_mensagens', by('su_mensagens.id_ticket', ticket.json.id ?? ''));
    expect(messages.registros.map((m) => [m.id, m.mensagem, m.data])).toEqual([
      [message.json.id, 'Fica pior à noite.', '2026-03-05 12:00:00'],
    ]);
    // the interaction sets the ticket's state
    const [answered] = (await ixc.rows('su_ticket', by('su_ticket.id', ticket.json.id ?? ''))).registros;
    expect(answered?.su_status).toBe('EP');

    const order = await ixc.insert('su_oss_chamado', {
      tipo: 'C',
      id_cliente: maria,
      id_contrato_kit: IXC_DEMO.contracts.mariaActive,
      id_assunto: '1',
      id_filial: IXC_DEMO.settlement.filialId,
      origem_endereco: 'CC',
      prioridade: 'N',
      setor: '2',
      status: 'A',
      mensagem: 'Sem sinal.',
    });
    expect(order.json.type).toBe('success');
    const orders = await ixc.rows('su_oss_chamado', by('su_oss_chamado.id_cliente', maria));
    expect(orders.registros.map((o) => o.id)).toContain(order.json.id);

    const event = await ixc.insert('su_oss_chamado_mensagem', { ...ORDER_EVENT, id_chamado: order.json.id });
    expect(event.json).toMatchObject({ type: 'success', message: 'Registro inserido com sucesso!' });
    const events = await ixc.rows(
      'su_oss_chamado_mensagem',
      by('su_oss_chamado_mensagem.id_chamado', order.json.id ?? ''),
    );
    expect(events.registros).toHaveLength(1);
    expect(events.registros[0]).toMatchObject({
      id: event.json.id,
      mensagem: 'A luz continua vermelha.',
      data: '2026-03-05 12:00:00',
      id_tecnico: '0',
      status: 'A',
    });

    // an event with status F closes the order
    await ixc.insert('su_oss_chamado_mensagem', {
      ...ORDER_EVENT,
      id_chamado: order.json.id,
      id_tecnico: IXC_DEMO.attendants.ricardo,
      mensagem: 'ONU trocada.',
      status: 'F',
      finaliza_processo: 'S',
    });
    const [closed] = (await ixc.rows('su_oss_chamado', by('su_oss_chamado.id', order.json.id ?? '')))
      .registros;
    expect(closed).toMatchObject({ status: 'F', data_fechamento: '2026-03-05 12:00:00' });
  });
});

describe('demo support data', () => {
  it('gives Maria one ticket in progress answered by an attendant, with a staff-only note', async () => {
    const messages = (
      await demo.rows('su_mensagens', by('su_mensagens.id_ticket', IXC_DEMO.tickets.mariaInProgress))
    ).registros;
    const attendants = new Map(
      (await demo.rows('funcionarios')).registros.map((f) => [f.id ?? '', f.funcionario ?? '']),
    );
    const publicReplies = messages.filter((m) => m.tipo === 'O' && m.visibilidade_mensagens === 'PU');
    expect(publicReplies.map((m) => [m.id, attendants.get(m.id_operador ?? '')])).toEqual(
      IXC_DEMO.messages.mariaAttendantReplies.map((id) => [id, 'Juliana Martins']),
    );
    expect(messages.filter((m) => m.visibilidade_mensagens === 'PR').map((m) => m.id)).toEqual([
      IXC_DEMO.messages.mariaPrivateNote,
    ]);
    // ordered by id, the messages are in time order too
    const dates = messages.map((m) => m.data ?? '');
    expect(dates).toEqual([...dates].sort());
  });

  it('gives Maria at least five closed tickets and four closed orders: two pages of three', async () => {
    const maria = IXC_DEMO.customers.maria.id;
    const tickets = (await demo.rows('su_ticket', by('su_ticket.id_cliente', maria))).registros;
    const closed = tickets.filter(isClosedTicket).map((t) => t.id);
    expect(closed).toEqual(['2998', '2999', '3001', '3002', '3003']);
    expect(tickets.filter((t) => !isClosedTicket(t)).map((t) => t.id)).toEqual(['3004', '3005']);

    const closedOrders = await demo.list('su_oss_chamado', {
      ...by('su_oss_chamado.id_cliente', maria),
      grid_param: JSON.stringify([{ TB: 'su_oss_chamado.status', OP: '=', P: 'F' }]),
      rp: '3',
      page: '2',
    });
    expect(closedOrders.json.total).toBe('4');
    expect(closedOrders.json.registros?.map((o) => o.id)).toEqual([IXC_DEMO.serviceOrders.mariaFinished]);
  });

  it('has the contract states of the spec, and the trust unlock available or used up', async () => {
    const contracts = (await demo.rows('cliente_contrato')).registros;
    const state = (id: string) => {
      const c = contracts.find((x) => x.id === id);
      return [c?.id_cliente, c?.status_internet, c?.desbloqueio_confianca, c?.desbloqueio_confianca_ativo];
    };
    expect(state(IXC_DEMO.contracts.mariaActive)).toEqual(['1', 'A', 'S', 'N']);
    expect(state(IXC_DEMO.contracts.mariaFinancialPending)).toEqual(['1', 'FA', 'S', 'N']);
    expect(state(IXC_DEMO.contracts.padariaBlocked)).toEqual(['2', 'CA', 'S', 'S']);

    const ixc = await cloneInstance(sim.url);
    const unlock = (id: string) => ixc.call('POST', 'desbloqueio_confianca', { body: { id } });
    expect((await unlock(IXC_DEMO.contracts.padariaBlocked)).json).toMatchObject({
      tipo: 'erro',
      codigo: '113',
    });
    expect((await unlock(IXC_DEMO.contracts.mariaFinancialPending)).json).toMatchObject({ tipo: 'sucesso' });
  });
});

describe('attachments (su_ticket_arquivos, su_oss_chamado_arquivos), as multipart/form-data', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const upload = (table: string, fields: Record<string, string>, file: boolean, token = DEMO_IXC_TOKEN) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('local_arquivo', new Blob([PNG], { type: 'image/png' }), 'roteador.png');
    return fetch(`${sim.url}/ixc/demo/webservice/v1/${table}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(token).toString('base64')}` },
      body: form,
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, string> }));
  };

  it('keeps the file of a ticket, its path and name in the row, and answers the new id', async () => {
    const res = await upload(
      'su_ticket_arquivos',
      { id_ticket: IXC_DEMO.tickets.mariaInProgress, descricao: 'Foto do roteador' },
      true,
    );
    expect(res.json).toMatchObject({ type: 'success', message: 'Registro inserido com sucesso!' });
    const [row] = (await demo.rows('su_ticket_arquivos', by('su_ticket_arquivos.id', res.json.id ?? '')))
      .registros;
    expect(row).toMatchObject({
      id_ticket: IXC_DEMO.tickets.mariaInProgress,
      descricao: 'Foto do roteador',
      nome_arquivo: 'roteador.png',
      local_arquivo: `arquivos/su_ticket_arquivos/${res.json.id}_roteador.png`,
    });
    expect(row?.data_envio).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const stored = await fetch(`${sim.url}/__sim/ixc/demo/files/su_ticket_arquivos/${res.json.id}`);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a missing file, an unknown ticket or order, another table, and a bad token', async () => {
    expect(
      (await upload('su_ticket_arquivos', { id_ticket: IXC_DEMO.tickets.mariaInProgress }, false)).json,
    ).toMatchObject({ type: 'error', message: "O campo 'local_arquivo' é obrigatório!" });
    expect((await upload('su_ticket_arquivos', { id_ticket: '999999' }, true)).json.type).toBe('error');
    expect((await upload('su_oss_chamado_arquivos', { id_oss_chamado: '999999' }, true)).json.type).toBe(
      'error',
    );
    expect((await upload('cliente', { razao: 'x' }, true)).json).toMatchObject({ type: 'error' });
    expect((await upload('su_ticket_arquivos', { id_ticket: '1' }, true, '1:wrong')).status).toBe(401);
  });
});
