import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IXC_TOKEN, IXC_DEMO, IXC_OUTRO, OUTRO_IXC_TOKEN } from '../index.ts';
import { IxcClient, type RunningSim, startSim } from './test-support.ts';

// 23:30 on 2026-03-05 in São Paulo, already 2026-03-06 in UTC: "today" must be the local day.
const NOW = new Date('2026-03-06T02:30:00Z');
const TODAY = '2026-03-05';

let sim: RunningSim;
let demo: IxcClient;
let outro: IxcClient;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
  demo = new IxcClient(sim.url, 'demo', DEMO_IXC_TOKEN);
  outro = new IxcClient(sim.url, 'outro', OUTRO_IXC_TOKEN);
});

afterAll(async () => {
  await sim.close();
});

const by = (field: string, query: string) => ({ qtype: field, query, oper: '=' });

function validCpf(cpf: string): boolean {
  const d = cpf.replace(/\D/g, '').split('').map(Number);
  const check = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += (d[i] ?? 0) * (n + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return d.length === 11 && check(9) === d[9] && check(10) === d[10];
}

function validCnpj(cnpj: string): boolean {
  const d = cnpj.replace(/\D/g, '').split('').map(Number);
  const check = (weights: number[]) => {
    const sum = weights.reduce((acc, w, i) => acc + w * (d[i] ?? 0), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return d.length === 14 && check(w1) === d[12] && check([6, ...w1]) === d[13];
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

describe('demo dataset', () => {
  it('has valid, formatted CPFs and CNPJs and the secret fields IXC really returns', async () => {
    const { registros } = await demo.rows('cliente');
    expect(registros.map((r) => r.id)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    for (const row of registros) {
      const doc = row.cnpj_cpf ?? '';
      if (row.tipo_pessoa === 'F') {
        expect(doc).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
        expect(validCpf(doc), doc).toBe(true);
      } else {
        expect(doc).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
        expect(validCnpj(doc), doc).toBe(true);
      }
      expect(row.senha).not.toBe('');
      // IXC's flag: 'S' when `senha` holds an MD5 hash, 'N' when it holds the password in clear
      expect(['S', 'N']).toContain(row.senha_hotsite_md5);
      if (row.senha_hotsite_md5 === 'S') expect(row.senha).toMatch(/^[0-9a-f]{32}$/);
      expect(row).not.toHaveProperty('hotsite_senha_md5');
      expect(row.token_app).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(registros.map((r) => r.senha_hotsite_md5))).toEqual(new Set(['S', 'N']));
    const maria = registros.find((r) => r.id === IXC_DEMO.customers.maria.id);
    expect(maria).toMatchObject({
      razao: 'Maria Aparecida Souza',
      cnpj_cpf: '529.982.247-25',
      ativo: 'S',
      email: 'maria.souza@gmail.com',
      hotsite_email: '',
      senha: 'maria2020',
    });
    expect(maria?.telefone_celular).toMatch(/^\(\d{2}\) \d{5}-\d{4}$/);
  });

  it('covers the customer cases: two e-mails, none, inactive, company without mobile', async () => {
    const get = async (id: string) => (await demo.rows('cliente', by('cliente.id', id))).registros[0];
    expect(await get(IXC_DEMO.customers.joao.id)).toMatchObject({
      razao: 'João Pedro Lima',
      cnpj_cpf: '111.444.777-35',
      email: 'joao.lima@gmail.com',
      hotsite_email: 'jp.lima@outlook.com',
    });
    expect(await get(IXC_DEMO.customers.carlos.id)).toMatchObject({ cnpj_cpf: '390.533.447-05', ativo: 'N' });
    expect(await get(IXC_DEMO.customers.ana.id)).toMatchObject({
      razao: 'Ana Beatriz Costa',
      cnpj_cpf: '123.456.789-09',
      email: '',
      hotsite_email: '',
      telefone_celular: '',
    });
    expect(await get(IXC_DEMO.customers.padaria.id)).toMatchObject({
      razao: 'Padaria Pão Quente Ltda',
      fantasia: 'Pão Quente',
      cnpj_cpf: '11.222.333/0001-81',
      tipo_pessoa: 'J',
      ativo: 'S',
      telefone_celular: '',
    });
    expect((await get(IXC_DEMO.customers.padaria.id))?.fone).not.toBe('');
    expect(await get(IXC_DEMO.customers.oficina.id)).toMatchObject({
      cnpj_cpf: '45.723.174/0001-10',
      tipo_pessoa: 'J',
    });
  });

  it('has contracts in every internet status and both address modes', async () => {
    const { registros } = await demo.rows('cliente_contrato');
    expect(new Set(registros.map((r) => r.status_internet))).toEqual(
      new Set(['A', 'CM', 'CA', 'FA', 'AA', 'D']),
    );
    expect(new Set(registros.map((r) => r.endereco_padrao_cliente))).toEqual(new Set(['S', 'N']));
    for (const row of registros.filter((r) => r.endereco_padrao_cliente === 'N')) {
      expect(row.endereco).not.toBe('');
      expect(row.cep).toMatch(/^\d{5}-\d{3}$/);
    }
    const maria = registros.filter((r) => r.id_cliente === IXC_DEMO.customers.maria.id);
    expect(
      maria.map((r) => [r.id, r.status_internet, r.endereco_padrao_cliente, r.desbloqueio_confianca]),
    ).toEqual([
      ['101', 'A', 'S', 'S'],
      ['102', 'FA', 'N', 'S'],
    ]);
    const statusOf = Object.fromEntries(registros.map((r) => [r.id, r.status_internet]));
    expect(statusOf).toEqual({
      '101': 'A',
      '102': 'FA',
      '103': 'CA',
      '104': 'A',
      '105': 'D',
      '106': 'CM',
      '107': 'A',
      '108': 'AA',
    });
  });

  it('gives Maria every invoice case, relative to today in São Paulo', async () => {
    const { registros } = await demo.rows('fn_areceber', by('fn_areceber.id_cliente', '1'));
    const inv = Object.fromEntries(registros.map((r) => [r.id, r]));
    const cases = IXC_DEMO.invoices.maria;
    expect(inv[cases.dueIn25]).toMatchObject({ status: 'A', data_vencimento: addDays(TODAY, 25) });
    expect(inv[cases.dueIn7]).toMatchObject({ status: 'A', data_vencimento: addDays(TODAY, 7) });
    expect(inv[cases.dueTodayNoLine]).toMatchObject({
      status: 'A',
      data_vencimento: TODAY,
      linha_digitavel: '',
    });
    expect(inv[cases.overdue10]).toMatchObject({ status: 'A', data_vencimento: addDays(TODAY, -10) });
    expect(inv[cases.partialOverdue40]).toMatchObject({
      status: 'P',
      data_vencimento: addDays(TODAY, -40),
      valor: '99.90',
      valor_recebido: '50.00',
      valor_aberto: '49.90',
    });
    expect(inv[cases.canceled]?.status).toBe('C');
    for (const id of [cases.dueIn25, cases.dueIn7, cases.overdue10]) {
      expect(inv[id]?.linha_digitavel).toMatch(/^\d{47}$/);
      expect(inv[id]?.pagamento_data).toBe('0000-00-00');
    }
    // both contracts are billed
    expect(new Set(registros.filter((r) => r.status === 'A').map((r) => r.id_contrato))).toEqual(
      new Set(['101', '102']),
    );

    const received = registros.filter((r) => r.status === 'R' && r.liberado === 'S');
    expect(received.map((r) => r.id)).toEqual([...cases.received]);
    expect(new Set(received.map((r) => r.tipo_recebimento))).toEqual(new Set(['Boleto', 'Pix', 'Cartão']));
    const dues = received.map((r) => r.data_vencimento ?? '');
    expect(new Set(dues.map((d) => d.slice(0, 7))).size).toBe(14);
    for (const row of received) {
      expect((row.data_vencimento ?? '') < TODAY).toBe(true);
      expect(row.pagamento_data).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.pagamento_data).not.toBe('0000-00-00');
      expect(row.valor_recebido).toBe(row.valor);
      if (row.tipo_recebimento === 'Pix') expect(row.pix_txid).toMatch(/^[0-9a-f]{25}$/);
    }
    const standalone = inv[cases.receivedStandalone];
    expect(standalone).toMatchObject({ id_contrato: '0', id_contrato_avulso: '101' });
  });

  it('has invoices for the other customers, and none for the one awaiting signature', async () => {
    const count = async (customer: string) =>
      ((await demo.rows('fn_areceber', by('fn_areceber.id_cliente', customer))).registros ?? [])
        .filter((r) => r.liberado === 'S')
        .map((r) => r.status)
        .sort();
    expect(await count('2')).toEqual(['A', 'A', 'R']);
    expect(await count('3')).toEqual(['A', 'R', 'R']);
    expect(await count('4')).toEqual(['A', 'R']);
    expect(await count('7')).toEqual([]);
  });

  it('has titles not released yet, for Maria and João, that look like any other title', async () => {
    const { registros } = await demo.rows('fn_areceber', by('fn_areceber.liberado', 'N'));
    const hidden = IXC_DEMO.invoices.hidden;
    const inv = Object.fromEntries(registros.map((r) => [r.id, r]));
    expect(Object.keys(inv).sort()).toEqual(Object.values(hidden).sort());
    expect(inv[hidden.mariaOverdue15]).toMatchObject({
      id_cliente: '1',
      status: 'A',
      data_vencimento: addDays(TODAY, -15),
    });
    expect(inv[hidden.mariaDueIn4]).toMatchObject({
      id_cliente: '1',
      status: 'A',
      data_vencimento: addDays(TODAY, 4),
    });
    expect(inv[hidden.mariaReceived]).toMatchObject({ id_cliente: '1', status: 'R', valor_aberto: '0.00' });
    expect(inv[hidden.mariaReceived]?.pagamento_data).not.toBe('0000-00-00');
    expect(inv[hidden.joaoDueIn14]).toMatchObject({
      id_cliente: '3',
      status: 'A',
      data_vencimento: addDays(TODAY, 14),
    });
    for (const row of registros) {
      expect(row.linha_digitavel).toMatch(/^\d{47}$/);
      expect(row.nn_boleto).not.toBe('');
      expect(row.id_contrato).not.toBe('0');
    }
    // every other title is released
    const all = (await demo.rows('fn_areceber')).registros;
    expect(
      all
        .filter((r) => r.liberado !== 'S')
        .map((r) => r.id)
        .sort(),
    ).toEqual(Object.values(hidden).sort());
  });

  it('books receipts in branches, accounts and planning accounts that are not id 1', async () => {
    const ids = async (client: IxcClient, table: string) =>
      (await client.rows(table)).registros.map((r) => [r.id, r.ativo]);
    expect(await ids(demo, 'filial')).toEqual([
      ['2', 'S'],
      ['4', 'S'],
    ]);
    expect(await ids(demo, 'contas')).toEqual([
      ['3', 'S'],
      ['5', 'N'],
      ['7', 'S'],
      ['12', 'S'],
    ]);
    expect(await ids(demo, 'planejamento_analitico')).toEqual([
      ['31', 'S'],
      ['33', 'S'],
      ['34', 'S'],
      ['35', 'N'],
    ]);
    const [account] = (await demo.rows('contas', by('contas.id', IXC_DEMO.settlement.accountId))).registros;
    expect(account).toMatchObject({ conta: 'Cielo e-commerce', filial_padrao: IXC_DEMO.settlement.filialId });
    for (const [client, { filialId, accountId, planningId }] of [
      [outro, IXC_OUTRO.settlement],
      [demo, IXC_DEMO.settlement],
    ] as const) {
      expect((await client.rows('filial', by('filial.id', filialId))).total).toBe('1');
      expect((await client.rows('contas', by('contas.id', accountId))).total).toBe('1');
      expect(
        (await client.rows('planejamento_analitico', by('planejamento_analitico.id', planningId))).total,
      ).toBe('1');
      // an account id is never a planning id of the same installation, so that swapping them is caught
      expect(
        (await client.rows('planejamento_analitico', by('planejamento_analitico.id', accountId))).total,
      ).toBe('0');
      expect((await client.rows('contas', by('contas.id', planningId))).total).toBe('0');
    }
    expect((await outro.rows('contas', by('contas.id', IXC_DEMO.settlement.accountId))).total).toBe('0');
  });

  it('has fiscal notes of every document type, plus canceled, denied and unknown ones', async () => {
    const { registros } = await demo.rows('vd_saida', by('vd_saida.id_cliente', '1'));
    expect(registros.length).toBeGreaterThanOrEqual(20);
    const types = new Set(registros.map((r) => r.id_tipo_documento));
    for (const code of ['900', '632', '604', '605', '634', '603', '633', '13', '55'])
      expect(types.has(code), code).toBe(true);
    expect(registros.filter((r) => r.status === 'C')).toHaveLength(1);
    expect(registros.filter((r) => r.status === 'D')).toHaveLength(1);
    const sixMonthsAgo = addDays(TODAY, -190);
    for (const row of registros) {
      expect(row.data_emissao).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((row.data_emissao ?? '') > sixMonthsAgo).toBe(true);
      expect((row.data_emissao ?? '').slice(0, 10) <= TODAY).toBe(true);
    }
    // notes of the current month exist (the NF screen opens on it)
    expect(registros.some((r) => r.data_emissao?.startsWith(TODAY.slice(0, 7)) && r.status === 'F')).toBe(
      true,
    );
  });

  it('has tickets in progress, closed and legacy-closed, each with messages from both sides', async () => {
    const tickets = (await demo.rows('su_ticket', by('su_ticket.id_cliente', '1'))).registros;
    expect(tickets.map((t) => [t.id, t.su_status, t.status])).toEqual([
      ['2998', 'S', 'T'],
      ['2999', 'S', 'T'],
      ['3001', '', 'F'],
      ['3002', 'C', 'T'],
      ['3003', 'S', 'T'],
      ['3004', 'EP', 'T'],
      ['3005', 'N', 'T'],
    ]);
    const messages = (await demo.rows('su_mensagens')).registros;
    for (const ticket of tickets) {
      const own = messages.filter((m) => m.id_ticket === ticket.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(6);
      for (const m of own) expect(m.id_cliente).toBe(ticket.id_cliente);
      // the last interaction left the ticket in its state
      expect(own.at(-1)?.su_status).toBe(ticket.su_status || 'S');
    }
    for (const m of messages) {
      expect(['PU', 'PR']).toContain(m.visibilidade_mensagens);
      expect(['N', 'P', 'EP', 'S', 'C']).toContain(m.su_status);
    }
    // one staff-only note, on Maria's ticket in progress: the portal must not show it
    const privateNotes = messages.filter((m) => m.visibilidade_mensagens === 'PR');
    expect(privateNotes.map((m) => [m.id, m.id_ticket, m.tipo])).toEqual([
      [IXC_DEMO.messages.mariaPrivateNote, IXC_DEMO.tickets.mariaInProgress, 'O'],
    ]);
    expect(new Set(messages.map((m) => m.tipo))).toEqual(new Set(['C', 'O']));
    for (const m of messages) expect(m.id_operador === '0').toBe(m.tipo === 'C');
    const attendants = (await demo.rows('funcionarios')).registros.map((f) => f.id);
    for (const m of messages.filter((x) => x.tipo === 'O')) expect(attendants).toContain(m.id_operador);

    const subjects = (await demo.rows('su_oss_assunto')).registros;
    expect(subjects.map((s) => [s.assunto, s.ativo, s.mostra_hotsite])).toEqual([
      ['Sem conexão', 'S', 'S'],
      ['Internet lenta', 'S', 'S'],
      ['Financeiro', 'S', 'S'],
      ['Mudança de endereço', 'S', 'S'],
      ['Outros', 'S', 'S'],
      ['Cancelamento de contrato', 'S', 'N'],
      ['Instalação promocional 2023', 'N', 'S'],
      ['Vistoria de rede (interno)', 'N', 'N'],
    ]);
    const offered = subjects.filter((s) => s.ativo === 'S' && s.mostra_hotsite === 'S').map((s) => s.id);
    expect(offered).toEqual([...IXC_DEMO.subjects.visible]);
    expect(subjects.map((s) => s.id).filter((id) => !offered.includes(id ?? ''))).toEqual([
      ...IXC_DEMO.subjects.hidden,
    ]);

    const orders = (await demo.rows('su_oss_chamado', by('su_oss_chamado.id_cliente', '1'))).registros;
    expect(orders.map((o) => [o.id, o.status])).toEqual([
      ['4996', 'F'],
      ['4997', 'F'],
      ['4998', 'F'],
      ['5001', 'A'],
      ['5002', 'F'],
    ]);
    expect(orders.map((o) => o.id_contrato_kit)).toEqual(['101', '102', '101', '101', '102']);
    for (const order of orders) {
      expect(order).toMatchObject({ tipo: 'C', setor: '2', origem_endereco: 'CC' });
      expect(order).not.toHaveProperty('id_contrato');
      expect(order).not.toHaveProperty('id_setor');
    }
    for (const order of orders) {
      if (order.status === 'F')
        expect(order.data_fechamento).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      else expect(order.data_fechamento).toBe('0000-00-00 00:00:00');
    }
  });

  it('has one PPPoE login per contract, with its passwords, and one hotspot login', async () => {
    const all = (await demo.rows('radusuarios')).registros;
    const logins = all.filter((l) => l.autenticacao === 'L');
    const contracts = (await demo.rows('cliente_contrato')).registros;
    expect(logins.map((l) => l.id_contrato).sort()).toEqual(contracts.map((c) => c.id).sort());
    for (const login of logins) {
      expect(login.senha).not.toBe('');
      expect(login.senha_rede_sem_fio).not.toBe('');
    }
    expect(all.filter((l) => l.autenticacao !== 'L').map((l) => [l.login, l.autenticacao])).toEqual([
      ['maria.visitantes', 'H'],
    ]);
    // every `online` value IXC has: S online, N offline, SS without status, I
    expect(logins.map((l) => l.online).sort()).toEqual(['I', 'N', 'N', 'N', 'S', 'S', 'S', 'SS']);
  });

  it("keeps five weeks of RADIUS accounting per PPPoE login, the open session matching the login's", async () => {
    const logins = (await demo.rows('radusuarios')).registros;
    const maria = logins.find((l) => l.login === 'maria.souza');
    const sessions = (
      await demo.rows('radacct', {
        qtype: 'radacct.username',
        query: 'maria.souza',
        oper: '=',
        sortname: 'radacct.acctstarttime',
        sortorder: 'desc',
      })
    ).registros;
    expect(sessions.length).toBeGreaterThan(8);
    const [open, ...closed] = sessions;
    // The connected login's open session: started at its last connection, on its address, no stop yet.
    expect(open?.acctstarttime).toBe(maria?.ultima_conexao_inicial);
    expect(open?.acctstoptime).toBe('0000-00-00 00:00:00');
    expect(open?.framedipaddress).toBe(maria?.ip);
    expect(open?.acctterminatecause).toBe('');
    const oldest = closed.at(-1)?.acctstarttime ?? '';
    expect(oldest < (sessions[0]?.acctstarttime ?? '').slice(0, 10)).toBe(true);
    for (const s of closed) {
      expect((s.acctstoptime ?? '') > (s.acctstarttime ?? '')).toBe(true);
      expect(Number(s.acctsessiontime)).toBeGreaterThan(0);
      // upload (input, from the subscriber) is a tenth to a fifth of download (output)
      const ratio = Number(s.acctinputoctets) / Number(s.acctoutputoctets);
      expect(ratio).toBeGreaterThanOrEqual(0.1);
      expect(ratio).toBeLessThanOrEqual(0.2);
      expect(s.acctterminatecause).not.toBe('');
    }
    // Sessions do not overlap: each ends before the next starts.
    for (let i = 0; i < sessions.length - 1; i++) {
      expect((sessions[i + 1]?.acctstoptime ?? '') <= (sessions[i]?.acctstarttime ?? '')).toBe(true);
    }
    // A range filter on the start, as the portal asks for the last 30 days.
    const recent = (
      await demo.rows('radacct', {
        qtype: 'radacct.username',
        query: 'maria.souza',
        oper: '=',
        grid_param: JSON.stringify([{ TB: 'radacct.acctstarttime', OP: '>=', P: oldest.slice(0, 10) }]),
      })
    ).registros;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((s) => (s.acctstarttime ?? '') >= oldest.slice(0, 10))).toBe(true);
    // A hotspot login has no PPPoE accounting.
    expect(
      (await demo.rows('radacct', { qtype: 'radacct.username', query: 'maria.visitantes', oper: '=' }))
        .registros ?? [],
    ).toEqual([]);
  });

  it('has sale plans, one inactive, whose items add up to the contracts they are sold in', async () => {
    const plans = (await demo.rows('vd_contratos')).registros;
    expect(plans.map((p) => [p.id, p.Ativo])).toEqual([
      ['10', 'N'],
      ['11', 'S'],
      ['12', 'S'],
      ['13', 'S'],
      ['14', 'S'],
    ]);
    const items = (await demo.rows('vd_contratos_produtos')).registros;
    for (const plan of plans) {
      const own = items.filter((i) => i.id_vd_contrato === plan.id);
      expect(own.map((i) => i.id_contrato)).toEqual(['0', '0']);
      expect(own.reduce((sum, i) => sum + Number(i.valor_unit), 0).toFixed(2)).toBe(plan.valor_contrato);
      for (const item of own) expect(item.valor_unit).toMatch(/^\d+\.\d{9}$/);
    }
    const contracts = (await demo.rows('cliente_contrato')).registros;
    for (const contract of contracts) {
      const plan = plans.find((p) => p.id === contract.id_vd_contrato);
      expect(plan?.nome, contract.id).toBe(contract.contrato);
    }
    // items of one contract only: equipment lent and extras included, which add nothing to the price
    const own = items.filter((i) => i.id_contrato !== '0');
    expect(own.map((i) => i.id_contrato)).toEqual([
      '101',
      '102',
      '104',
      '105',
      '106',
      '107',
      '107',
      '108',
      '101',
      '101',
    ]);
    // Maria's bundled apps name their products (5 WATCH PREMIUM, 8 OLÉ TV); equipment names none
    expect(own.map((i) => i.id_produto)).toEqual(['0', '0', '0', '0', '0', '0', '0', '0', '5', '8']);
    for (const item of own) expect(item).toMatchObject({ id_vd_contrato: '0', valor_unit: '0.000000000' });
    const groups = (await demo.rows('radgrupos')).registros.map((g) => g.id);
    for (const item of items) expect(groups).toContain(item.id_plano);
  });

  it('is the same on every run for the same clock', async () => {
    const again = await startSim({ now: () => NOW });
    try {
      const other = new IxcClient(again.url, 'demo', DEMO_IXC_TOKEN);
      for (const table of [
        'cliente',
        'cliente_contrato',
        'fn_areceber',
        'vd_saida',
        'su_ticket',
        'su_mensagens',
        'su_oss_chamado_mensagem',
      ]) {
        expect((await other.rows(table)).registros).toEqual((await demo.rows(table)).registros);
      }
    } finally {
      await again.close();
    }
  });
});

describe('outro dataset', () => {
  it('holds other customers only, Maria is not there', async () => {
    expect((await outro.rows('cliente', by('cliente.cnpj_cpf', '529.982.247-25'))).total).toBe('0');
    const [fernanda] = (await outro.rows('cliente', by('cliente.cnpj_cpf', IXC_OUTRO.customers.fernanda.cpf)))
      .registros;
    expect(fernanda).toMatchObject({
      id: '201',
      razao: 'Fernanda Lopes Martins',
      ativo: 'S',
      email: 'fernanda.martins@gmail.com',
    });
    expect((await demo.rows('cliente', by('cliente.cnpj_cpf', IXC_OUTRO.customers.fernanda.cpf))).total).toBe(
      '0',
    );

    const contracts = (await outro.rows('cliente_contrato', by('cliente_contrato.id_cliente', '201')))
      .registros;
    expect(contracts.map((c) => [c.id, c.status_internet])).toEqual([['301', 'A']]);
    const invoices = (await outro.rows('fn_areceber', by('fn_areceber.id_cliente', '201'))).registros;
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['A', 'R']));
    expect((await outro.rows('vd_saida', by('vd_saida.id_cliente', '201'))).total).toBe('1');
    expect((await outro.rows('su_ticket', by('su_ticket.id_cliente', '201'))).total).toBe('1');
    const plans = (await outro.rows('vd_contratos')).registros;
    expect(plans.map((p) => [p.id, p.nome, p.valor_contrato])).toEqual([
      ['21', 'ULTRA 400 MEGA', '109.90'],
      ['22', 'ULTRA 200 MEGA', '84.90'],
    ]);
    const outroContracts = (await outro.rows('cliente_contrato')).registros;
    expect(outroContracts.map((c) => [c.id_vd_contrato, c.contrato])).toEqual([
      ['21', 'ULTRA 400 MEGA'],
      ['22', 'ULTRA 200 MEGA'],
    ]);
  });

  it('uses id ranges that do not overlap the demo ones', async () => {
    for (const table of [
      'cliente',
      'cliente_contrato',
      'fn_areceber',
      'vd_saida',
      'su_ticket',
      'su_oss_chamado',
      'su_oss_chamado_mensagem',
    ]) {
      const demoIds = new Set((await demo.rows(table)).registros.map((r) => r.id));
      for (const row of (await outro.rows(table)).registros)
        expect(demoIds.has(row.id), `${table} ${row.id}`).toBe(false);
    }
  });
});
