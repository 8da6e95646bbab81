// The deterministic demo ERPs. Ids are fixed; dates are relative to "today" in São Paulo at seed time, so
// that the invoice cases (overdue, due today, due soon, paid...) hold whatever day the tests run.

import { createHash } from 'node:crypto';
import { addDays, SeedCalendar } from '../clock.ts';
import { boletoLine, sicrediOurNumber } from './febraban.ts';
import { PROVIDERS } from './providers.ts';
import {
  type IxcDataset,
  type IxcRow,
  type IxcTableName,
  type IxcValue,
  makeRow,
  TABLE_NAMES,
} from './schema.ts';
import { accountingRows } from './seed-accounting.ts';
import { DEMO_PLANS, saleCatalogue } from './seed-plans.ts';

export const DEMO_IXC_TOKEN = '1:d3m0c3ntr4l5ecr3t0ixc';
export const OUTRO_IXC_TOKEN = '7:0utr0n3tt0k3n5ecr3t';

export type SeedName = 'demo' | 'outro';

export const SEED_TOKENS: Record<SeedName, string> = { demo: DEMO_IXC_TOKEN, outro: OUTRO_IXC_TOKEN };

/** Ids of the `demo` instance, for tests that need a particular case. */
export const IXC_DEMO = {
  customers: {
    maria: { id: '1', cpf: '529.982.247-25' },
    padaria: { id: '2', cnpj: '11.222.333/0001-81' },
    joao: { id: '3', cpf: '111.444.777-35' },
    carlos: { id: '4', cpf: '390.533.447-05' },
    ana: { id: '5', cpf: '123.456.789-09' },
    oficina: { id: '6', cnpj: '45.723.174/0001-10' },
    rafael: { id: '7', cpf: '468.135.792-82' },
  },
  contracts: {
    mariaActive: '101',
    mariaFinancialPending: '102',
    padariaBlocked: '103',
    joao: '104',
    carlosDisabled: '105',
    anaManualBlock: '106',
    oficina: '107',
    rafaelAwaitingSignature: '108',
  },
  invoices: {
    maria: {
      received: [
        '1001',
        '1002',
        '1003',
        '1004',
        '1005',
        '1006',
        '1007',
        '1008',
        '1009',
        '1010',
        '1011',
        '1012',
        '1013',
        '1014',
      ],
      receivedStandalone: '1001',
      canceled: '1015',
      partialOverdue40: '1016',
      overdue10: '1017',
      dueTodayNoLine: '1018',
      dueIn7: '1019',
      dueIn25: '1020',
    },
    padaria: { received: '1021', overdue35: '1022', dueIn10: '1023' },
    joao: { received: ['1024', '1025'], dueIn12: '1026' },
    carlos: { received: '1027', overdue90: '1028' },
    ana: { overdue20: '1029', dueIn5: '1030' },
    oficina: { received: '1031', dueIn15: '1032' },
    /** not released (`liberado` 'N'): the provider has not published them, the subscriber must not see them */
    hidden: { mariaOverdue15: '1033', mariaDueIn4: '1034', mariaReceived: '1035', joaoDueIn14: '1036' },
  },
  tickets: {
    /** closed long ago (su_status S), with lower ids than the others */
    mariaOldBilling: '2998',
    mariaOldOutage: '2999',
    mariaLegacyClosed: '3001',
    mariaCanceled: '3002',
    mariaSolved: '3003',
    mariaInProgress: '3004',
    mariaNew: '3005',
    padariaInProgress: '3006',
    joaoSolved: '3007',
  },
  messages: {
    /** a staff-only note (`visibilidade_mensagens` PR) on Maria's ticket in progress */
    mariaPrivateNote: '4010',
    /** the public answers of attendant 1 (Juliana Martins) on Maria's ticket in progress, oldest first */
    mariaAttendantReplies: ['4008', '4014', '4015'],
  },
  /** `funcionarios` ids: the attendant of a `su_mensagens` row is its `id_operador`, of an OS event `id_tecnico` */
  attendants: { juliana: '1', ricardo: '2', patricia: '3' },
  serviceOrders: {
    /** closed (F) long ago, with lower ids than the others */
    mariaOldRouterSwap: '4996',
    mariaOldRepair: '4997',
    mariaOldSlowness: '4998',
    mariaOpen: '5001',
    mariaFinished: '5002',
  },
  /** `su_oss_chamado_mensagem` rows, oldest first (the table has no visibility column: no staff-only one) */
  serviceOrderMessages: { mariaOpen: ['5101', '5102', '5103'], mariaFinished: ['5104', '5105', '5106'] },
  /** `su_oss_assunto`: visible = `ativo` S and `mostra_hotsite` S; hidden: 6 not on the hotsite, 7 inactive, 8 both */
  subjects: { visible: ['1', '2', '3', '4', '5'], hidden: ['6', '7', '8'] },
  /**
   * `radusuarios` logins: PPPoE (`autenticacao` L) but for `mariaHotspot` (H). The ACS sim's demo routers
   * answer to `mariaRouter` (dual-band, online), `padaria` (offline) and `joao` (TR-181).
   */
  logins: {
    mariaRouter: 'maria.souza',
    mariaBeach: 'maria.praia',
    mariaHotspot: 'maria.visitantes',
    padaria: 'paoquente',
    joao: 'joao.lima',
  },
  /** the contract model behind `cliente_contrato_imprimir_contrato_{id}` in this installation */
  contractPrintId: '18650',
  /** where a card receipt is booked: `filial_id`, `conta_` (cash/bank account), `id_conta` (planning) */
  settlement: { filialId: '2', accountId: '7', planningId: '33' },
} as const;

/** Ids of the `outro` instance: other ranges, so that a cross-tenant leak cannot pass for a match. */
export const IXC_OUTRO = {
  customers: {
    fernanda: { id: '201', cpf: '714.602.380-01' },
    gustavo: { id: '202', cpf: '246.813.579-28' },
  },
  contracts: { fernanda: '301', gustavo: '302' },
  invoices: { fernanda: { received: ['7001', '7002'], dueIn9: '7003' }, gustavo: { dueIn9: '7004' } },
  tickets: { fernandaInProgress: '9001' },
  serviceOrders: { fernandaOpen: '9201' },
  serviceOrderMessages: { fernandaOpen: ['9501'] },
  subjects: { visible: ['1', '2', '3', '4'], hidden: ['5'] },
  contractPrintId: '20925',
  settlement: { filialId: '6', accountId: '9', planningId: '58' },
} as const;

/** The id of each installation's contract model, the suffix of its `cliente_contrato_imprimir_contrato_{id}`. */
export const CONTRACT_PRINT_IDS: Record<SeedName, string> = {
  demo: IXC_DEMO.contractPrintId,
  outro: IXC_OUTRO.contractPrintId,
};

type Values = Record<string, IxcValue>;

const md5 = (value: string) => createHash('md5').update(value).digest('hex');
const sha1 = (value: string) => createHash('sha1').update(value).digest('hex');

class DatasetBuilder {
  private readonly rows = new Map<IxcTableName, IxcRow[]>(TABLE_NAMES.map((t) => [t, []]));

  constructor(
    readonly name: SeedName,
    readonly cal: SeedCalendar,
  ) {}

  add(table: IxcTableName, values: Values): void {
    this.rows.get(table)?.push(makeRow(table, values));
  }

  customer(values: Values & { id: string; senha: string }): void {
    this.add('cliente', {
      uf: '24',
      hotsite_email: '',
      whatsapp: values.telefone_celular ?? '',
      senha_hotsite_md5: 'N',
      token_app: sha1(`${this.name}:token_app:${values.id}`).slice(0, 32),
      ...values,
    });
  }

  contract(values: Values & { id: string; endereco_padrao_cliente: 'S' | 'N' }): void {
    this.add('cliente_contrato', {
      status: 'A',
      desbloqueio_confianca: 'N',
      desbloqueio_confianca_ativo: 'N',
      ...values,
    });
  }

  invoice(spec: InvoiceSpec): void {
    const { cal } = this;
    const emission = notAfterToday(cal, addDays(spec.due, -30));
    const paid = spec.paid;
    const received =
      spec.status === 'R' ? spec.valor : spec.status === 'P' ? (spec.received ?? '0.00') : '0.00';
    const open =
      spec.status === 'A'
        ? spec.valor
        : spec.status === 'P'
          ? (Number(spec.valor) - Number(received)).toFixed(2)
          : '0.00';
    const hasBoleto = spec.boleto !== false;
    const ourNumber = hasBoleto ? sicrediOurNumber(emission.slice(0, 4), spec.id) : '';
    this.add('fn_areceber', {
      id: spec.id,
      id_cliente: spec.customer,
      id_contrato: spec.standalone ? '0' : spec.contract,
      id_contrato_avulso: spec.standalone ? spec.contract : '0',
      status: spec.status,
      valor: spec.valor,
      valor_recebido: received,
      valor_aberto: open,
      data_emissao: emission,
      data_vencimento: spec.due,
      pagamento_data: paid?.date,
      pagamento_valor: paid ? received : undefined,
      tipo_recebimento: paid?.via ?? '',
      pix_txid: paid?.via === 'Pix' ? sha1(`${this.name}:pix:${spec.id}`).slice(0, 25) : '',
      tipo_pagamento_cartao: paid?.via === 'Cartão' ? 'N' : '',
      nn_boleto: ourNumber,
      linha_digitavel: hasBoleto ? boletoLine(spec.due, spec.valor, ourNumber) : '',
      documento: spec.id,
      liberado: spec.released === false ? 'N' : 'S',
    });
  }

  build(): IxcDataset {
    return Object.fromEntries(this.rows) as IxcDataset;
  }
}

interface InvoiceSpec {
  id: string;
  customer: string;
  contract: string;
  /** billed through `id_contrato_avulso` instead of `id_contrato` */
  standalone?: boolean;
  status: 'A' | 'R' | 'P' | 'C';
  valor: string;
  due: string;
  received?: string;
  paid?: { date: string; via: 'Boleto' | 'Pix' | 'Cartão' };
  /** false: the invoice has no boleto (empty linha_digitavel) */
  boleto?: boolean;
  /** false: not released yet (`liberado` 'N') */
  released?: boolean;
}

function notAfterToday(cal: SeedCalendar, date: string): string {
  return date > cal.today ? cal.today : date;
}

const PAYMENT_VIAS = ['Boleto', 'Pix', 'Cartão'] as const;

function paidOn(
  cal: SeedCalendar,
  due: string,
  index: number,
): { date: string; via: 'Boleto' | 'Pix' | 'Cartão' } {
  const via = PAYMENT_VIAS[index % PAYMENT_VIAS.length] ?? 'Boleto';
  const shift = via === 'Boleto' ? -2 : via === 'Pix' ? 0 : -1;
  return { date: notAfterToday(cal, addDays(due, shift)), via };
}

interface SettlementSpec {
  /** id, name, CNPJ, IBGE city */
  branches: [string, string, string, string][];
  /** id, name, default branch, bank code, active */
  accounts: [string, string, string, string, 'S' | 'N'][];
  /** id, name, active */
  plannings: [string, string, 'S' | 'N'][];
}

/** The branches, cash/bank accounts and analytic planning accounts a receipt may name (ids never '1'). */
function settlementAccounts(b: DatasetBuilder, spec: SettlementSpec): void {
  const provider = PROVIDERS[b.name];
  for (const [id, fantasia, cnpj, cidade] of spec.branches) {
    b.add('filial', { id, razao: provider.legalName, fantasia, cnpj, cidade, ativo: 'S' });
  }
  for (const [id, conta, filial_padrao, cod_banco, ativo] of spec.accounts) {
    b.add('contas', { id, conta, filial_padrao, id_planejamento: '2', cod_banco, ativo });
  }
  for (const [id, planejamento_analitico, ativo] of spec.plannings) {
    b.add('planejamento_analitico', { id, id_planejamento: '4', planejamento_analitico, ativo });
  }
}

const FLORIANOPOLIS = '4205407';
const SAO_JOSE = '4216602';
const PALHOCA = '4211900';

const PLANS = DEMO_PLANS;

/** NF document types of the spec (SVA 900; SCM 632, 604, 605, 634, 603, 633; NFS-e 13) plus an unknown 55. */
function demoFiscalNotes(b: DatasetBuilder): void {
  const { cal } = b;
  let id = 2001;
  let number = 10230;
  const note = (
    customer: string,
    contract: string,
    type: string,
    value: string,
    when: string,
    status = 'F',
  ) => {
    b.add('vd_saida', {
      id: String(id++),
      id_cliente: customer,
      id_contrato: contract,
      numero_nf: String(number++),
      id_tipo_documento: type,
      status,
      valor_total: value,
      data_emissao: when,
      serie: type === '13' ? 'E' : '1',
    });
  };
  // Maria: SCM + SVA of contract 101 every month of the last six (current month included)
  for (let k = -5; k <= 0; k++) {
    note('1', '101', '632', '79.90', cal.at(cal.month(k, 1), '00:12:00'));
    note('1', '101', '900', '20.00', cal.at(cal.month(k, 1), '00:12:30'));
  }
  note('1', '102', '604', '69.90', cal.at(cal.month(-1, 2), '09:03:11'));
  note('1', '102', '605', '69.90', cal.at(cal.month(-2, 2), '09:04:27'));
  note('1', '102', '634', '69.90', cal.at(cal.month(-3, 2), '09:01:45'));
  note('1', '102', '603', '69.90', cal.at(cal.month(-4, 2), '09:02:02'));
  note('1', '102', '633', '69.90', cal.at(cal.month(-5, 2), '09:05:38'));
  note('1', '102', '13', '20.00', cal.at(cal.month(-1, 3), '10:20:00'));
  note('1', '102', '55', '89.90', cal.at(cal.month(-2, 3), '10:21:00'));
  note('1', '102', '632', '69.90', cal.at(cal.month(0, 1), '00:13:00'), 'C');
  note('1', '101', '900', '20.00', cal.at(cal.month(-3, 1), '00:14:00'), 'D');
  // other customers
  note('2', '103', '632', '119.90', cal.at(cal.month(-1, 1), '00:15:00'));
  note('2', '103', '900', '30.00', cal.at(cal.month(-1, 1), '00:15:30'));
  note('3', '104', '632', '89.90', cal.at(cal.month(-1, 1), '00:16:00'));
  note('6', '107', '13', '149.90', cal.at(cal.month(-1, 4), '11:00:00'));
}

/** A subject: its name, description, `ativo` and `mostra_hotsite` (offered in the subscriber's central). */
type SubjectSpec = [string, string, 'S' | 'N', 'S' | 'N'];

function supportCatalogue(b: DatasetBuilder, subjects: SubjectSpec[], attendants: string[]): void {
  subjects.forEach(([assunto, descricao, ativo, mostra_hotsite], i) => {
    b.add('su_oss_assunto', { id: String(i + 1), assunto, descricao, ativo, mostra_hotsite });
  });
  attendants.forEach((funcionario, i) => {
    b.add('funcionarios', { id: String(i + 1), funcionario });
  });
}

function protocol(date: string, id: string): string {
  return `${date.replaceAll('-', '')}${id.padStart(6, '0')}`;
}

interface TicketSpec {
  id: string;
  customer: string;
  contract: string;
  subject: string;
  title: string;
  message: string;
  opened: string;
  suStatus: 'N' | 'EP' | 'S' | 'C' | '';
  status?: 'T' | 'F';
  /** `visibility` PR: a staff-only note, which the customer must not see; `id` when not the next one */
  replies: {
    id?: string;
    by: 'C' | 'O';
    operator?: string;
    text: string;
    at: string;
    visibility?: 'PU' | 'PR';
  }[];
}

function ticket(b: DatasetBuilder, spec: TicketSpec, nextMessageId: () => string): void {
  b.add('su_ticket', {
    id: spec.id,
    tipo: 'C',
    id_cliente: spec.customer,
    id_contrato: spec.contract,
    id_assunto: spec.subject,
    titulo: spec.title,
    protocolo: protocol(spec.opened.slice(0, 10), spec.id),
    menssagem: spec.message,
    data_criacao: spec.opened,
    su_status: spec.suStatus,
    status: spec.status ?? 'T',
    id_ticket_setor: '1',
    prioridade: 'N',
  });
  spec.replies.forEach((reply, i) => {
    const operator = reply.by === 'C' ? '0' : (reply.operator ?? '1');
    // each interaction sets the ticket's state; the last one left it where it is
    const last = i === spec.replies.length - 1;
    b.add('su_mensagens', {
      id: reply.id ?? nextMessageId(),
      id_ticket: spec.id,
      id_cliente: spec.customer,
      mensagem: reply.text,
      mensagem_ticket: reply.text,
      visibilidade_mensagens: reply.visibility ?? 'PU',
      su_status: last ? spec.suStatus || 'S' : reply.by === 'C' ? 'P' : 'EP',
      existe_pendencia_externa: 'N',
      data: reply.at,
      id_operador: operator,
      operador: operator,
      tipo: reply.by,
    });
  });
}

interface OrderSpec {
  id: string;
  customer: string;
  contract: string;
  subject: string;
  message: string;
  opened: string;
  closed?: string;
  status: 'A' | 'AN' | 'EN' | 'AS' | 'AG' | 'EX' | 'F';
}

function serviceOrder(b: DatasetBuilder, spec: OrderSpec): void {
  b.add('su_oss_chamado', {
    id: spec.id,
    tipo: 'C',
    id_cliente: spec.customer,
    id_contrato_kit: spec.contract,
    id_assunto: spec.subject,
    id_filial: (b.name === 'demo' ? IXC_DEMO : IXC_OUTRO).settlement.filialId,
    origem_endereco: 'CC',
    protocolo: protocol(spec.opened.slice(0, 10), spec.id),
    mensagem: spec.message,
    data_abertura: spec.opened,
    data_fechamento: spec.closed,
    status: spec.status,
    setor: '2',
    prioridade: 'N',
  });
}

interface OrderEventSpec {
  id: string;
  order: string;
  text: string;
  at: string;
  /** the order's state after the event */
  status: 'A' | 'AN' | 'EN' | 'AS' | 'AG' | 'EX' | 'F';
  /** the collaborator (`funcionarios`); none ('0') for what the subscriber wrote in the central */
  technician?: string;
  /** IXC's event of the order's workflow (installation-specific ids) */
  event: string;
}

function orderEvent(b: DatasetBuilder, spec: OrderEventSpec): void {
  const technician = spec.technician ?? '0';
  b.add('su_oss_chamado_mensagem', {
    id: spec.id,
    id_chamado: spec.order,
    id_evento: spec.event,
    mensagem: spec.text,
    data: spec.at,
    id_tecnico: technician,
    id_operador: technician,
    status: spec.status,
    tipo_cobranca: 'NENHUM',
    finaliza_processo: spec.status === 'F' ? 'S' : 'N',
    gera_comissao: 'N',
  });
}

function radiusLogin(
  b: DatasetBuilder,
  values: {
    id: string;
    customer: string;
    contract: string;
    login: string;
    online: boolean;
    /** IXC's other `online` values: SS without status, I */
    status?: 'SS' | 'I';
    active?: boolean;
    last?: string;
    /** L PPPoE (the default), H hotspot, M MAC address */
    auth?: 'L' | 'H' | 'M';
    /** A PPPoE login's average download per day, for its RADIUS accounting (GiB). */
    gibPerDay?: number;
  },
): void {
  const n = Number(values.id) % 250;
  const ip = values.online ? `100.64.${Math.floor(n / 10)}.${n}` : '';
  const mac = `E8:65:D4:${n.toString(16).padStart(2, '0').toUpperCase()}:3A:${(n * 7).toString(16).slice(-2).padStart(2, '0').toUpperCase()}`;
  if ((values.auth ?? 'L') === 'L' && values.last) {
    const rows = accountingRows(b.cal, {
      login: values.login,
      last: values.last,
      online: values.online,
      ip,
      mac,
      gibPerDay: values.gibPerDay ?? 4,
      // each login's rows in a range of their own
      firstId: Number(values.id) * 1000,
    });
    for (const row of rows) b.add('radacct', row);
  }
  b.add('radusuarios', {
    id: values.id,
    id_cliente: values.customer,
    id_contrato: values.contract,
    login: values.login,
    senha: sha1(`${b.name}:pppoe:${values.login}`).slice(0, 10),
    autenticacao: values.auth ?? 'L',
    senha_rede_sem_fio: values.auth === 'H' ? '' : sha1(`${b.name}:wifi:${values.login}`).slice(0, 12),
    ativo: values.active === false ? 'N' : 'S',
    online: values.status ?? (values.online ? 'S' : 'N'),
    ip,
    mac,
    ultima_conexao_inicial: values.last,
  });
}

function seedDemo(cal: SeedCalendar): IxcDataset {
  const b = new DatasetBuilder('demo', cal);

  b.customer({
    id: '1',
    razao: 'Maria Aparecida Souza',
    fantasia: '',
    cnpj_cpf: '529.982.247-25',
    tipo_pessoa: 'F',
    ativo: 'S',
    email: 'maria.souza@gmail.com',
    telefone_celular: '(48) 99912-3456',
    fone: '(48) 3222-1100',
    cep: '88015-200',
    endereco: 'Rua Felipe Schmidt',
    numero: '315',
    bairro: 'Centro',
    cidade: FLORIANOPOLIS,
    complemento: 'Apto 302',
    data_nascimento: '1978-04-12',
    data_cadastro: cal.day(-1480),
    senha: 'maria2020',
  });
  b.customer({
    id: '2',
    razao: 'Padaria Pão Quente Ltda',
    fantasia: 'Pão Quente',
    cnpj_cpf: '11.222.333/0001-81',
    tipo_pessoa: 'J',
    ativo: 'S',
    email: 'financeiro@paoquente.com.br',
    telefone_celular: '',
    fone: '(48) 3244-5566',
    cep: '88101-000',
    endereco: 'Avenida Presidente Kennedy',
    numero: '1020',
    bairro: 'Campinas',
    cidade: SAO_JOSE,
    complemento: 'Loja 2',
    data_cadastro: cal.day(-900),
    senha: 'paoquente',
  });
  b.customer({
    id: '3',
    razao: 'João Pedro Lima',
    fantasia: '',
    cnpj_cpf: '111.444.777-35',
    tipo_pessoa: 'F',
    ativo: 'S',
    email: 'joao.lima@gmail.com',
    hotsite_email: 'jp.lima@outlook.com',
    telefone_celular: '(48) 98877-6655',
    fone: '',
    cep: '88034-000',
    endereco: 'Rua Lauro Linhares',
    numero: '589',
    bairro: 'Trindade',
    cidade: FLORIANOPOLIS,
    complemento: '',
    data_nascimento: '1991-09-30',
    data_cadastro: cal.day(-400),
    senha: 'joao1234',
  });
  b.customer({
    id: '4',
    razao: 'Carlos Eduardo Ramos',
    fantasia: '',
    cnpj_cpf: '390.533.447-05',
    tipo_pessoa: 'F',
    ativo: 'N',
    email: 'carlos.ramos@yahoo.com.br',
    telefone_celular: '(48) 99654-3210',
    fone: '',
    cep: '88130-000',
    endereco: 'Rua Coronel Bernardino Machado',
    numero: '77',
    bairro: 'Centro',
    cidade: PALHOCA,
    complemento: '',
    data_nascimento: '1965-01-22',
    data_cadastro: cal.day(-2100),
    senha: md5('carlos99'),
    senha_hotsite_md5: 'S',
  });
  b.customer({
    id: '5',
    razao: 'Ana Beatriz Costa',
    fantasia: '',
    cnpj_cpf: '123.456.789-09',
    tipo_pessoa: 'F',
    ativo: 'S',
    email: '',
    telefone_celular: '',
    fone: '(48) 3025-7788',
    cep: '88062-000',
    endereco: 'Rodovia Admar Gonzaga',
    numero: '1500',
    bairro: 'Itacorubi',
    cidade: FLORIANOPOLIS,
    complemento: 'Bloco B',
    data_nascimento: '1985-06-03',
    data_cadastro: cal.day(-700),
    senha: 'ana12345',
  });
  b.customer({
    id: '6',
    razao: 'Oficina Mecânica Dois Irmãos Ltda',
    fantasia: 'Dois Irmãos',
    cnpj_cpf: '45.723.174/0001-10',
    tipo_pessoa: 'J',
    ativo: 'S',
    email: 'contato@doisirmaos.com.br',
    telefone_celular: '(48) 99100-2030',
    fone: '(48) 3033-4455',
    cep: '88110-000',
    endereco: 'Rua Getúlio Vargas',
    numero: '45',
    bairro: 'Barreiros',
    cidade: SAO_JOSE,
    complemento: '',
    data_cadastro: cal.day(-300),
    senha: 'doisirmaos',
  });
  b.customer({
    id: '7',
    razao: 'Rafael Henrique Oliveira',
    fantasia: '',
    cnpj_cpf: '468.135.792-82',
    tipo_pessoa: 'F',
    ativo: 'S',
    email: 'rafael.oliveira@hotmail.com',
    telefone_celular: '(48) 99777-1122',
    fone: '',
    cep: '88020-300',
    endereco: 'Rua Bocaiúva',
    numero: '2100',
    bairro: 'Centro',
    cidade: FLORIANOPOLIS,
    complemento: 'Apto 1204',
    data_nascimento: '1999-11-17',
    data_cadastro: cal.day(-3),
    senha: 'rafa2025',
  });

  const own = (
    endereco: string,
    numero: string,
    bairro: string,
    cep: string,
    cidade: string,
    complemento = '',
  ) => ({
    endereco_padrao_cliente: 'N' as const,
    endereco,
    numero,
    bairro,
    cep,
    cidade,
    complemento,
  });
  const customerAddress = { endereco_padrao_cliente: 'S' as const };
  b.contract({
    id: '101',
    id_cliente: '1',
    contrato: PLANS.f500.name,
    id_vd_contrato: PLANS.f500.plan,
    status_internet: 'A',
    data: cal.day(-1480),
    data_ativacao: cal.day(-1475),
    desbloqueio_confianca: 'S',
    ...customerAddress,
  });
  b.contract({
    id: '102',
    id_cliente: '1',
    contrato: PLANS.f300.name,
    id_vd_contrato: PLANS.f300.plan,
    status_internet: 'FA',
    data: cal.day(-500),
    data_ativacao: cal.day(-497),
    desbloqueio_confianca: 'S',
    ...own('Rua das Gaivotas', '1200', 'Ingleses', '88058-500', FLORIANOPOLIS, 'Casa de praia'),
  });
  b.contract({
    id: '103',
    id_cliente: '2',
    contrato: PLANS.business.name,
    id_vd_contrato: PLANS.business.plan,
    status_internet: 'CA',
    data: cal.day(-900),
    data_ativacao: cal.day(-896),
    desbloqueio_confianca: 'S',
    desbloqueio_confianca_ativo: 'S',
    ...customerAddress,
  });
  b.contract({
    id: '104',
    id_cliente: '3',
    contrato: PLANS.f300.name,
    id_vd_contrato: PLANS.f300.plan,
    status_internet: 'A',
    data: cal.day(-400),
    data_ativacao: cal.day(-398),
    desbloqueio_confianca: 'S',
    ...customerAddress,
  });
  b.contract({
    id: '105',
    id_cliente: '4',
    contrato: PLANS.f200.name,
    id_vd_contrato: PLANS.f200.plan,
    status: 'I',
    status_internet: 'D',
    data: cal.day(-2100),
    data_ativacao: cal.day(-2095),
    ...customerAddress,
  });
  b.contract({
    id: '106',
    id_cliente: '5',
    contrato: PLANS.f200.name,
    id_vd_contrato: PLANS.f200.plan,
    status: 'N',
    status_internet: 'CM',
    data: cal.day(-700),
    data_ativacao: cal.day(-695),
    ...own('Rua Deputado Antônio Edu Vieira', '900', 'Pantanal', '88040-000', FLORIANOPOLIS),
  });
  b.contract({
    id: '107',
    id_cliente: '6',
    contrato: PLANS.business.name,
    id_vd_contrato: PLANS.business.plan,
    status_internet: 'A',
    data: cal.day(-300),
    data_ativacao: cal.day(-298),
    desbloqueio_confianca: 'S',
    ...customerAddress,
  });
  b.contract({
    id: '108',
    id_cliente: '7',
    contrato: PLANS.f500.name,
    id_vd_contrato: PLANS.f500.plan,
    status: 'P',
    status_internet: 'AA',
    data: cal.day(-3),
    ...own('Rua Esteves Júnior', '50', 'Centro', '88015-130', FLORIANOPOLIS, 'Sala 3'),
  });

  // Maria: fourteen paid monthly invoices (oldest first), one canceled, one partial, four to receive.
  for (let k = 14; k >= 1; k--) {
    const index = 14 - k;
    const contract = k % 2 === 0 ? '101' : '102';
    const plan = contract === '101' ? PLANS.f500 : PLANS.f300;
    const due = cal.month(-k, 10);
    b.invoice({
      id: String(1001 + index),
      customer: '1',
      contract,
      standalone: index === 0,
      status: 'R',
      valor: plan.price,
      due,
      paid: paidOn(cal, due, index),
    });
  }
  b.invoice({
    id: '1015',
    customer: '1',
    contract: '102',
    status: 'C',
    valor: '89.90',
    due: cal.month(-2, 20),
  });
  b.invoice({
    id: '1016',
    customer: '1',
    contract: '101',
    status: 'P',
    valor: '99.90',
    received: '50.00',
    due: cal.day(-40),
    paid: { date: cal.day(-38), via: 'Pix' },
  });
  b.invoice({ id: '1017', customer: '1', contract: '102', status: 'A', valor: '89.90', due: cal.day(-10) });
  b.invoice({
    id: '1018',
    customer: '1',
    contract: '101',
    status: 'A',
    valor: '99.90',
    due: cal.today,
    boleto: false,
  });
  b.invoice({ id: '1019', customer: '1', contract: '102', status: 'A', valor: '89.90', due: cal.day(7) });
  b.invoice({ id: '1020', customer: '1', contract: '101', status: 'A', valor: '99.90', due: cal.day(25) });

  const business = PLANS.business.price;
  b.invoice({
    id: '1021',
    customer: '2',
    contract: '103',
    status: 'R',
    valor: business,
    due: cal.month(-2, 10),
    paid: paidOn(cal, cal.month(-2, 10), 0),
  });
  b.invoice({ id: '1022', customer: '2', contract: '103', status: 'A', valor: business, due: cal.day(-35) });
  b.invoice({ id: '1023', customer: '2', contract: '103', status: 'A', valor: business, due: cal.day(10) });

  b.invoice({
    id: '1024',
    customer: '3',
    contract: '104',
    status: 'R',
    valor: '89.90',
    due: cal.month(-2, 15),
    paid: paidOn(cal, cal.month(-2, 15), 1),
  });
  b.invoice({
    id: '1025',
    customer: '3',
    contract: '104',
    status: 'R',
    valor: '89.90',
    due: cal.month(-1, 15),
    paid: paidOn(cal, cal.month(-1, 15), 2),
  });
  b.invoice({ id: '1026', customer: '3', contract: '104', status: 'A', valor: '89.90', due: cal.day(12) });

  b.invoice({
    id: '1027',
    customer: '4',
    contract: '105',
    status: 'R',
    valor: '79.90',
    due: cal.day(-120),
    paid: paidOn(cal, cal.day(-120), 0),
  });
  b.invoice({ id: '1028', customer: '4', contract: '105', status: 'A', valor: '79.90', due: cal.day(-90) });

  b.invoice({ id: '1029', customer: '5', contract: '106', status: 'A', valor: '79.90', due: cal.day(-20) });
  b.invoice({ id: '1030', customer: '5', contract: '106', status: 'A', valor: '79.90', due: cal.day(5) });

  b.invoice({
    id: '1031',
    customer: '6',
    contract: '107',
    status: 'R',
    valor: business,
    due: cal.month(-1, 5),
    paid: paidOn(cal, cal.month(-1, 5), 1),
  });
  b.invoice({ id: '1032', customer: '6', contract: '107', status: 'A', valor: business, due: cal.day(15) });

  // not released: a renegotiation and a repair fee being prepared, an old one-off, a plan upgrade
  b.invoice({
    id: '1033',
    customer: '1',
    contract: '101',
    status: 'A',
    valor: '150.00',
    due: cal.day(-15),
    released: false,
  });
  b.invoice({
    id: '1034',
    customer: '1',
    contract: '101',
    status: 'A',
    valor: '49.90',
    due: cal.day(4),
    released: false,
  });
  b.invoice({
    id: '1035',
    customer: '1',
    contract: '101',
    status: 'R',
    valor: '35.00',
    due: cal.month(-3, 20),
    paid: paidOn(cal, cal.month(-3, 20), 0),
    released: false,
  });
  b.invoice({
    id: '1036',
    customer: '3',
    contract: '104',
    status: 'A',
    valor: '120.00',
    due: cal.day(14),
    released: false,
  });

  settlementAccounts(b, {
    branches: [
      ['2', PROVIDERS.demo.name, '48.372.615/0001-75', FLORIANOPOLIS],
      ['4', `${PROVIDERS.demo.name} - São José`, '48.372.615/0002-56', SAO_JOSE],
    ],
    accounts: [
      ['3', 'Caixa interno', '2', '', 'S'],
      ['5', 'Banco do Brasil 1234-5 (encerrada)', '2', '001', 'N'],
      ['7', 'Cielo e-commerce', '2', '', 'S'],
      ['12', 'Sicredi 0710 / 27345-6', '2', '748', 'S'],
    ],
    plannings: [
      ['31', 'Receita de mensalidades - boleto', 'S'],
      ['33', 'Receita de mensalidades - cartão de crédito', 'S'],
      ['34', 'Receita de taxas de instalação', 'S'],
      ['35', 'Receitas diversas (plano antigo)', 'N'],
    ],
  });

  demoFiscalNotes(b);
  for (const [table, values] of saleCatalogue('demo')) b.add(table, values);

  supportCatalogue(
    b,
    [
      ['Sem conexão', 'Internet totalmente parada', 'S', 'S'],
      ['Internet lenta', 'Velocidade abaixo da contratada', 'S', 'S'],
      ['Financeiro', 'Faturas, pagamentos e negociação', 'S', 'S'],
      ['Mudança de endereço', 'Transferência do ponto de acesso', 'S', 'S'],
      ['Outros', 'Demais assuntos', 'S', 'S'],
      ['Cancelamento de contrato', 'Atendido apenas por telefone (retenção)', 'S', 'N'],
      ['Instalação promocional 2023', 'Campanha encerrada', 'N', 'S'],
      ['Vistoria de rede (interno)', 'Uso da equipe técnica', 'N', 'N'],
    ],
    ['Juliana Martins', 'Ricardo Alves', 'Patrícia Nunes'],
  );

  let messageId = 4001;
  const nextMessage = () => String(messageId++);
  const at = (offset: number, time: string) => cal.at(cal.day(offset), time);
  // Maria's oldest tickets, closed: their ids and their messages' ids are lower than the rest
  let oldMessageId = 3995;
  const nextOldMessage = () => String(oldMessageId++);
  ticket(
    b,
    {
      id: '2998',
      customer: '1',
      contract: '101',
      subject: '3',
      title: 'Segunda via de boleto',
      message: 'Não recebi o boleto deste mês por e-mail.',
      opened: at(-320, '09:12:00'),
      suStatus: 'S',
      replies: [
        { by: 'C', text: 'Pode reenviar para maria.souza@gmail.com?', at: at(-320, '09:13:40') },
        {
          by: 'O',
          operator: '3',
          text: 'Boleto reenviado. Ele também fica disponível na Central do Assinante.',
          at: at(-320, '10:02:00'),
        },
      ],
    },
    nextOldMessage,
  );
  ticket(
    b,
    {
      id: '2999',
      customer: '1',
      contract: '102',
      subject: '1',
      title: 'Sem sinal após a chuva',
      message: 'Depois do temporal a internet da casa de praia parou.',
      opened: at(-150, '07:40:00'),
      suStatus: 'S',
      replies: [
        { by: 'C', text: 'O roteador liga, mas não navega.', at: at(-150, '07:41:15') },
        {
          by: 'O',
          operator: '2',
          text: 'Caixa de emenda danificada pela chuva foi trocada. Conexão normalizada.',
          at: at(-149, '15:30:00'),
        },
      ],
    },
    nextOldMessage,
  );
  ticket(
    b,
    {
      id: '3001',
      customer: '1',
      contract: '101',
      subject: '5',
      title: 'Troca de roteador',
      message: 'Gostaria de trocar meu roteador por um modelo com Wi-Fi 5 GHz.',
      opened: at(-200, '10:05:00'),
      suStatus: '',
      status: 'F',
      replies: [
        { by: 'C', text: 'Posso agendar para sábado de manhã?', at: at(-200, '10:07:12') },
        {
          by: 'O',
          operator: '2',
          text: 'Roteador trocado na visita de sábado. Chamado encerrado.',
          at: at(-196, '12:30:00'),
        },
      ],
    },
    nextMessage,
  );
  ticket(
    b,
    {
      id: '3002',
      customer: '1',
      contract: '102',
      subject: '3',
      title: 'Cobrança em duplicidade',
      message: 'Recebi duas faturas com o mesmo vencimento.',
      opened: at(-45, '14:20:00'),
      suStatus: 'C',
      replies: [
        { by: 'C', text: 'As duas faturas vencem no dia 20.', at: at(-45, '14:21:30') },
        { by: 'O', operator: '1', text: 'A fatura duplicada foi cancelada.', at: at(-44, '09:00:00') },
      ],
    },
    nextMessage,
  );
  ticket(
    b,
    {
      id: '3003',
      customer: '1',
      contract: '101',
      subject: '1',
      title: 'Sem conexão desde ontem',
      message: 'Estou sem internet desde ontem à noite, a luz PON está vermelha.',
      opened: at(-20, '08:10:00'),
      suStatus: 'S',
      replies: [
        { by: 'C', text: 'Já reiniciei o equipamento e nada.', at: at(-20, '08:12:40') },
        {
          by: 'O',
          operator: '2',
          text: 'Houve rompimento de fibra na região, já normalizado.',
          at: at(-19, '16:45:00'),
        },
      ],
    },
    nextMessage,
  );
  ticket(
    b,
    {
      id: '3004',
      customer: '1',
      contract: '101',
      subject: '2',
      title: 'Internet lenta à noite',
      message: 'A internet fica muito lenta depois das 19h.',
      opened: at(-3, '19:42:10'),
      suStatus: 'EP',
      replies: [
        { by: 'C', text: 'O teste de velocidade mostra 40 mega no cabo.', at: at(-3, '19:45:00') },
        {
          by: 'O',
          operator: '1',
          text: 'Vamos analisar o seu sinal. Pode nos dizer o horário exato?',
          at: at(-2, '09:15:00'),
        },
        { by: 'C', text: 'Principalmente entre 20h e 23h.', at: at(-2, '10:02:33') },
        {
          by: 'O',
          operator: '2',
          text: 'Nota interna: OLT 3 congestionada à noite; aguardar a janela de manutenção antes de responder.',
          at: at(-2, '10:40:00'),
          visibility: 'PR',
        },
        // answered after the tickets below were opened: later ids
        {
          id: '4014',
          by: 'O',
          operator: '1',
          text: 'Identificamos congestionamento na sua região. Faremos uma manutenção esta madrugada.',
          at: at(-1, '15:10:00'),
        },
        {
          id: '4015',
          by: 'O',
          operator: '1',
          text: 'Manutenção concluída. Pode testar à noite e nos contar o resultado?',
          at: at(-1, '21:40:00'),
        },
      ],
    },
    nextMessage,
  );
  ticket(
    b,
    {
      id: '3005',
      customer: '1',
      contract: '102',
      subject: '4',
      title: 'Mudança de endereço',
      message: 'Vou me mudar no fim do mês e quero levar a internet da casa de praia.',
      opened: at(-1, '11:00:00'),
      suStatus: 'N',
      replies: [{ by: 'C', text: 'O novo endereço é na Rua Bocaiúva, 2100.', at: at(-1, '11:01:10') }],
    },
    nextMessage,
  );
  ticket(
    b,
    {
      id: '3006',
      customer: '2',
      contract: '103',
      subject: '3',
      title: 'Negociação de débito',
      message: 'Queremos parcelar a fatura em atraso.',
      opened: at(-5, '15:00:00'),
      suStatus: 'EP',
      replies: [
        {
          by: 'O',
          operator: '3',
          text: 'Enviamos uma proposta de parcelamento por e-mail.',
          at: at(-4, '10:00:00'),
        },
      ],
    },
    nextMessage,
  );
  ticket(
    b,
    {
      id: '3007',
      customer: '3',
      contract: '104',
      subject: '1',
      title: 'Queda de conexão',
      message: 'A conexão cai várias vezes por dia.',
      opened: at(-30, '18:30:00'),
      suStatus: 'S',
      replies: [{ by: 'O', operator: '2', text: 'Conector da ONU substituído.', at: at(-28, '14:00:00') }],
    },
    nextMessage,
  );

  // Maria's oldest service orders, closed
  serviceOrder(b, {
    id: '4996',
    customer: '1',
    contract: '101',
    subject: '5',
    message: 'Trocar o roteador por um modelo Wi-Fi 6.',
    opened: at(-240, '10:00:00'),
    closed: at(-238, '11:45:00'),
    status: 'F',
  });
  serviceOrder(b, {
    id: '4997',
    customer: '1',
    contract: '102',
    subject: '1',
    message: 'Drop rompido após temporal, refazer a emenda.',
    opened: at(-120, '08:20:00'),
    closed: at(-119, '16:05:00'),
    status: 'F',
  });
  serviceOrder(b, {
    id: '4998',
    customer: '1',
    contract: '101',
    subject: '2',
    message: 'Cliente relata lentidão à noite, medir a atenuação.',
    opened: at(-60, '14:00:00'),
    closed: at(-58, '10:30:00'),
    status: 'F',
  });
  serviceOrder(b, {
    id: '5001',
    customer: '1',
    contract: '101',
    subject: '1',
    message: 'Cliente sem conexão, luz LOS acesa.',
    opened: at(-2, '08:30:00'),
    status: 'A',
  });
  serviceOrder(b, {
    id: '5002',
    customer: '1',
    contract: '102',
    subject: '2',
    message: 'Lentidão no Wi-Fi, verificar canal.',
    opened: at(-30, '13:00:00'),
    closed: at(-28, '17:20:00'),
    status: 'F',
  });
  serviceOrder(b, {
    id: '5003',
    customer: '2',
    contract: '103',
    subject: '3',
    message: 'Retirar equipamento para análise.',
    opened: at(-4, '09:00:00'),
    status: 'AG',
  });
  serviceOrder(b, {
    id: '5004',
    customer: '3',
    contract: '104',
    subject: '2',
    message: 'Verificar atenuação do sinal.',
    opened: at(-1, '16:00:00'),
    status: 'EN',
  });
  serviceOrder(b, {
    id: '5005',
    customer: '5',
    contract: '106',
    subject: '1',
    message: 'Cliente relata queda constante.',
    opened: at(-6, '10:10:00'),
    status: 'AS',
  });
  serviceOrder(b, {
    id: '5006',
    customer: '6',
    contract: '107',
    subject: '4',
    message: 'Instalar ponto adicional no escritório.',
    opened: at(-7, '08:00:00'),
    status: 'EX',
  });
  serviceOrder(b, {
    id: '5007',
    customer: '4',
    contract: '105',
    subject: '5',
    message: 'Recolher equipamento em comodato.',
    opened: at(-60, '09:30:00'),
    status: 'AN',
  });

  // the events of Maria's open order and of her finished one (`id_evento` ids are installation-specific)
  for (const event of [
    {
      id: '5101',
      order: '5001',
      event: '1',
      status: 'A',
      technician: '3',
      text: 'OS aberta pelo atendimento: cliente sem conexão, luz LOS acesa.',
      at: at(-2, '08:31:00'),
    },
    {
      id: '5102',
      order: '5001',
      event: '9',
      status: 'A',
      text: 'Já desliguei e liguei a ONU e a luz continua vermelha.',
      at: at(-2, '09:10:00'),
    },
    {
      id: '5103',
      order: '5001',
      event: '9',
      status: 'A',
      technician: '2',
      text: 'A ONU não aparece na OLT. Vamos agendar uma visita técnica.',
      at: at(-1, '10:00:00'),
    },
    {
      id: '5104',
      order: '5002',
      event: '8',
      status: 'AS',
      technician: '3',
      text: 'OS atribuída ao técnico Ricardo Alves.',
      at: at(-30, '13:05:00'),
    },
    {
      id: '5105',
      order: '5002',
      event: '12',
      status: 'EX',
      technician: '2',
      text: 'Técnico a caminho do endereço.',
      at: at(-28, '14:00:00'),
    },
    {
      id: '5106',
      order: '5002',
      event: '3',
      status: 'F',
      technician: '2',
      text: 'Canal do Wi-Fi 5 GHz alterado para 36 e roteador reposicionado. OS finalizada.',
      at: at(-28, '17:20:00'),
    },
  ] as const)
    orderEvent(b, event);

  const last = (offset: number) => at(offset, '06:12:44');
  radiusLogin(b, {
    id: '6001',
    customer: '1',
    contract: '101',
    login: 'maria.souza',
    online: true,
    last: last(-2),
    gibPerDay: 6.5,
  });
  radiusLogin(b, {
    id: '6002',
    customer: '1',
    contract: '102',
    login: 'maria.praia',
    online: false,
    last: last(-9),
    gibPerDay: 1.2,
  });
  radiusLogin(b, {
    id: '6003',
    customer: '2',
    contract: '103',
    login: 'paoquente',
    online: true,
    last: last(-1),
    gibPerDay: 11,
  });
  radiusLogin(b, {
    id: '6004',
    customer: '3',
    contract: '104',
    login: 'joao.lima',
    online: true,
    status: 'SS',
    last: last(0),
  });
  radiusLogin(b, {
    id: '6005',
    customer: '4',
    contract: '105',
    login: 'carlos.ramos',
    online: false,
    active: false,
    last: last(-150),
  });
  radiusLogin(b, {
    id: '6006',
    customer: '5',
    contract: '106',
    login: 'ana.costa',
    online: false,
    status: 'I',
    last: last(-12),
  });
  radiusLogin(b, {
    id: '6007',
    customer: '6',
    contract: '107',
    login: 'doisirmaos',
    online: true,
    last: last(-5),
  });
  radiusLogin(b, {
    id: '6008',
    customer: '7',
    contract: '108',
    login: 'rafael.oliveira',
    online: false,
    active: false,
  });
  // Maria's guest hotspot: an active, online login of her contract that is no router's PPPoE login.
  radiusLogin(b, {
    id: '6009',
    customer: '1',
    contract: '101',
    login: 'maria.visitantes',
    online: true,
    auth: 'H',
    last: last(0),
  });

  return b.build();
}

function seedOutro(cal: SeedCalendar): IxcDataset {
  const b = new DatasetBuilder('outro', cal);
  b.customer({
    id: '201',
    razao: 'Fernanda Lopes Martins',
    fantasia: '',
    cnpj_cpf: '714.602.380-01',
    tipo_pessoa: 'F',
    ativo: 'S',
    email: 'fernanda.martins@gmail.com',
    telefone_celular: '(47) 99188-2211',
    fone: '',
    cep: '89010-000',
    endereco: 'Rua XV de Novembro',
    numero: '1400',
    bairro: 'Centro',
    cidade: '4202404',
    complemento: 'Apto 51',
    data_nascimento: '1988-02-29',
    data_cadastro: cal.day(-650),
    senha: 'fernanda1',
  });
  b.customer({
    id: '202',
    razao: 'Gustavo Henrique Teixeira',
    fantasia: '',
    cnpj_cpf: '246.813.579-28',
    tipo_pessoa: 'F',
    ativo: 'S',
    email: 'gustavo.teixeira@uol.com.br',
    telefone_celular: '(47) 99233-4455',
    fone: '',
    cep: '89012-000',
    endereco: 'Rua Sete de Setembro',
    numero: '220',
    bairro: 'Centro',
    cidade: '4202404',
    complemento: '',
    data_nascimento: '1975-07-08',
    data_cadastro: cal.day(-120),
    senha: 'gustavo22',
  });
  b.contract({
    id: '301',
    id_cliente: '201',
    contrato: 'ULTRA 400 MEGA',
    id_vd_contrato: '21',
    status_internet: 'A',
    data: cal.day(-650),
    data_ativacao: cal.day(-648),
    endereco_padrao_cliente: 'S',
  });
  b.contract({
    id: '302',
    id_cliente: '202',
    contrato: 'ULTRA 200 MEGA',
    id_vd_contrato: '22',
    status_internet: 'A',
    data: cal.day(-120),
    data_ativacao: cal.day(-118),
    endereco_padrao_cliente: 'S',
  });
  b.invoice({
    id: '7001',
    customer: '201',
    contract: '301',
    status: 'R',
    valor: '109.90',
    due: cal.month(-2, 8),
    paid: paidOn(cal, cal.month(-2, 8), 0),
  });
  b.invoice({
    id: '7002',
    customer: '201',
    contract: '301',
    status: 'R',
    valor: '109.90',
    due: cal.month(-1, 8),
    paid: paidOn(cal, cal.month(-1, 8), 1),
  });
  b.invoice({ id: '7003', customer: '201', contract: '301', status: 'A', valor: '109.90', due: cal.day(9) });
  b.invoice({ id: '7004', customer: '202', contract: '302', status: 'A', valor: '84.90', due: cal.day(9) });
  b.add('vd_saida', {
    id: '8001',
    id_cliente: '201',
    id_contrato: '301',
    numero_nf: '501',
    id_tipo_documento: '632',
    status: 'F',
    valor_total: '109.90',
    data_emissao: cal.at(cal.month(-1, 1), '01:00:00'),
    serie: '1',
  });
  b.add('vd_saida', {
    id: '8002',
    id_cliente: '202',
    id_contrato: '302',
    numero_nf: '502',
    id_tipo_documento: '632',
    status: 'F',
    valor_total: '84.90',
    data_emissao: cal.at(cal.month(-1, 1), '01:00:30'),
    serie: '1',
  });
  supportCatalogue(
    b,
    [
      ['Sem internet', '', 'S', 'S'],
      ['Lentidão', '', 'S', 'S'],
      ['Segunda via de boleto', '', 'S', 'S'],
      ['Outros assuntos', '', 'S', 'S'],
      ['Retenção', 'Somente pela central telefônica', 'S', 'N'],
    ],
    ['Marcos Vieira', 'Camila Rocha'],
  );
  let messageId = 9101;
  ticket(
    b,
    {
      id: '9001',
      customer: '201',
      contract: '301',
      subject: '2',
      title: 'Lentidão no streaming',
      message: 'Os vídeos travam no fim de semana.',
      opened: cal.at(cal.day(-2), '20:00:00'),
      suStatus: 'EP',
      replies: [
        { by: 'C', text: 'Acontece na TV e no celular.', at: cal.at(cal.day(-2), '20:02:00') },
        {
          by: 'O',
          operator: '1',
          text: 'Ajustamos o canal do Wi-Fi, pode testar?',
          at: cal.at(cal.day(-1), '09:30:00'),
        },
      ],
    },
    () => String(messageId++),
  );
  serviceOrder(b, {
    id: '9201',
    customer: '201',
    contract: '301',
    subject: '2',
    message: 'Verificar roteador.',
    opened: cal.at(cal.day(-1), '10:00:00'),
    status: 'A',
  });
  orderEvent(b, {
    id: '9501',
    order: '9201',
    event: '9',
    status: 'A',
    technician: '1',
    text: 'Vamos ligar para combinar o melhor horário da visita.',
    at: cal.at(cal.day(-1), '10:20:00'),
  });
  radiusLogin(b, {
    id: '9301',
    customer: '201',
    contract: '301',
    login: 'fernanda.martins',
    online: true,
    last: cal.at(cal.day(-1), '07:00:00'),
  });
  radiusLogin(b, {
    id: '9302',
    customer: '202',
    contract: '302',
    login: 'gustavo.teixeira',
    online: true,
    last: cal.at(cal.day(-3), '07:00:00'),
  });
  settlementAccounts(b, {
    branches: [['6', PROVIDERS.outro.name, '27.591.438/0001-48', '4202404']],
    accounts: [
      ['9', 'Cielo e-commerce', '6', '', 'S'],
      ['11', 'Caixa loja Centro', '6', '', 'S'],
    ],
    plannings: [
      ['58', 'Mensalidades - cartão', 'S'],
      ['59', 'Mensalidades - boleto', 'S'],
    ],
  });
  for (const [table, values] of saleCatalogue('outro')) b.add(table, values);
  return b.build();
}

export function seedDataset(name: SeedName, now: Date): IxcDataset {
  const cal = new SeedCalendar(now);
  return name === 'demo' ? seedDemo(cal) : seedOutro(cal);
}
