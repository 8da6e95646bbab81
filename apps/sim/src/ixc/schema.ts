// The IXC tables the portal reads and writes, with the real column names. IXC answers every column as a
// string; a missing foreign key is '0', a missing money value '0.00' and a missing date '0000-00-00'
// (MySQL's zero date, which IXC returns as is instead of an empty value).

export type FieldKind = 'text' | 'ref' | 'money' | 'decimal' | 'date' | 'datetime';

export type IxcRow = Record<string, string>;

const text = 'text';
const ref = 'ref';
const money = 'money';
// IXC's DECIMAL(20,9) columns, such as a product's unit price: '69.900000000'
const decimal = 'decimal';
const date = 'date';
const datetime = 'datetime';

export const IXC_TABLES = {
  cliente: {
    id: ref,
    razao: text,
    fantasia: text,
    cnpj_cpf: text,
    tipo_pessoa: text,
    ativo: text,
    email: text,
    hotsite_email: text,
    telefone_celular: text,
    fone: text,
    whatsapp: text,
    cep: text,
    endereco: text,
    numero: text,
    bairro: text,
    cidade: ref,
    uf: ref,
    complemento: text,
    data_nascimento: date,
    data_cadastro: date,
    senha: text,
    // 'S' when `senha` holds an MD5 hash of the central's password, 'N' when it holds it in clear
    senha_hotsite_md5: text,
    token_app: text,
  },
  cliente_contrato: {
    id: ref,
    id_cliente: ref,
    contrato: text,
    status: text,
    status_internet: text,
    data_ativacao: date,
    data: date,
    endereco_padrao_cliente: text,
    cep: text,
    endereco: text,
    numero: text,
    bairro: text,
    cidade: ref,
    complemento: text,
    id_vd_contrato: ref,
    desbloqueio_confianca: text,
    desbloqueio_confianca_ativo: text,
  },
  fn_areceber: {
    id: ref,
    id_cliente: ref,
    id_contrato: ref,
    id_contrato_avulso: ref,
    status: text,
    valor: money,
    valor_recebido: money,
    valor_aberto: money,
    data_emissao: date,
    data_vencimento: date,
    pagamento_data: date,
    pagamento_valor: money,
    tipo_recebimento: text,
    pix_txid: text,
    tipo_pagamento_cartao: text,
    nn_boleto: text,
    linha_digitavel: text,
    documento: text,
    liberado: text,
  },
  vd_saida: {
    id: ref,
    id_cliente: ref,
    id_contrato: ref,
    numero_nf: text,
    id_tipo_documento: ref,
    status: text,
    valor_total: money,
    data_emissao: datetime,
    serie: text,
  },
  su_ticket: {
    id: ref,
    // 'C' a customer's ticket, 'E' one of the provider's own structure
    tipo: text,
    id_cliente: ref,
    id_contrato: ref,
    id_assunto: ref,
    titulo: text,
    protocolo: text,
    menssagem: text,
    data_criacao: datetime,
    su_status: text,
    // obsolete in IXC (its guide says so): su_status is the ticket's state
    status: text,
    id_ticket_setor: ref,
    // B low, N normal, A high, C critical
    prioridade: text,
  },
  su_oss_chamado: {
    id: ref,
    tipo: text,
    id_cliente: ref,
    // the contract is `id_contrato_kit` in this table, `setor` its department (IXC's own names)
    id_contrato_kit: ref,
    id_assunto: ref,
    id_filial: ref,
    // where the address comes from: C customer, L login, CC contract, M typed in
    origem_endereco: text,
    protocolo: text,
    mensagem: text,
    data_abertura: datetime,
    data_fechamento: datetime,
    status: text,
    setor: ref,
    prioridade: text,
  },
  su_mensagens: {
    id: ref,
    id_ticket: ref,
    id_cliente: ref,
    mensagem: text,
    mensagem_ticket: text,
    // PU public (the customer sees it), PR private (staff only), P the installation's default
    visibilidade_mensagens: text,
    // the ticket's state set by this interaction: N, P, EP, S, C ('' = none)
    su_status: text,
    // A both, E external, I internal, N none
    existe_pendencia_externa: text,
    data: datetime,
    id_operador: ref,
    // real IXC names the author column `operador` (0 = the customer); both carry the same value here
    operador: ref,
    tipo: text,
  },
  radusuarios: {
    id: ref,
    id_cliente: ref,
    id_contrato: ref,
    login: text,
    senha: text,
    // L PPPoE login, H hotspot, M MAC address (IXC's "Tipo de autenticação"); only L is a router's login
    autenticacao: text,
    // the Wi-Fi password IXC keeps for the customer's router (in clear, as `senha`)
    senha_rede_sem_fio: text,
    ativo: text,
    // S online, N offline, SS without status (IXC's guide); I also occurs
    online: text,
    ip: text,
    mac: text,
    ultima_conexao_inicial: datetime,
  },
  // Files of a ticket and of a service order, sent as multipart/form-data with the file in `local_arquivo`
  // (public IXC clients do so); IXC keeps the file and answers its stored path in `local_arquivo`.
  su_ticket_arquivos: {
    id: ref,
    id_ticket: ref,
    descricao: text,
    nome_arquivo: text,
    local_arquivo: text,
    data_envio: datetime,
  },
  // `classificacao_arquivo` O, P or A and `tipo` A or N as IXC's form has them (meanings not published)
  su_oss_chamado_arquivos: {
    id: ref,
    id_oss_chamado: ref,
    id_oss_chamado_mensagem: ref,
    descricao: text,
    nome_arquivo: text,
    local_arquivo: text,
    data_envio: datetime,
    classificacao_arquivo: text,
    tipo: text,
  },
  // RADIUS accounting, FreeRADIUS's columns as IXC lists them (public clients list `radacctid`, no `id`; the sim
  // keeps an `id` equal to it, its store's key). Octets are from the NAS's side: input is what the subscriber
  // sent (upload), output what they received (download). An open session's `acctstoptime` is the zero date
  // and its counters are those of the last interim update (`acctupdatetime`).
  radacct: {
    id: ref,
    radacctid: ref,
    acctsessionid: text,
    acctuniqueid: text,
    username: text,
    nasipaddress: text,
    nasportid: text,
    nasporttype: text,
    acctstarttime: datetime,
    acctupdatetime: datetime,
    acctstoptime: datetime,
    acctsessiontime: text,
    acctinputoctets: text,
    acctoutputoctets: text,
    calledstationid: text,
    callingstationid: text,
    acctterminatecause: text,
    servicetype: text,
    framedprotocol: text,
    framedipaddress: text,
  },
  // subjects of tickets and service orders: `ativo` S/N, `mostra_hotsite` S/N (offered in the subscriber's
  // central or not)
  su_oss_assunto: {
    id: ref,
    assunto: text,
    descricao: text,
    ativo: text,
    mostra_hotsite: text,
  },
  // the events ("mensagens/interações") of a service order, columns as IXC has them: `id_tecnico` is the
  // collaborator (`funcionarios`), `status` the order's state this event leaves it in (A, AN, EN, AS, AG, EX,
  // RAG, DS, F), `tipo_cobranca` FAT/AM/GAR/NENHUM; the table has no visibility column
  su_oss_chamado_mensagem: {
    id: ref,
    id_chamado: ref,
    id_evento: ref,
    id_resposta: ref,
    mensagem: text,
    historico: text,
    data: datetime,
    data_inicio: datetime,
    data_final: datetime,
    id_tecnico: ref,
    id_operador: ref,
    id_equipe: ref,
    status: text,
    tipo_cobranca: text,
    id_evento_status: ref,
    id_proxima_tarefa: ref,
    finaliza_processo: text,
    gera_comissao: text,
    // RM, RA, SW, IP (meaning not published)
    origem_registro: text,
    id_compromisso: ref,
    id_su_diagnostico: ref,
    id_diagnostico_especifico: ref,
    latitude: text,
    longitude: text,
    gps_time: text,
  },
  // receipts ("baixas") of fn_areceber titles; an insert settles the title (see receipts.ts)
  fn_areceber_recebimentos_baixas_novo: {
    id: ref,
    filial_id: ref,
    id_receber: ref,
    conta_: text,
    id_conta: ref,
    tipo_recebimento: text,
    data: date,
    valor_parcela: money,
    credito: text,
    debito: text,
    valor_total_recebido: money,
    historico: text,
    previsao: text,
    tipo_lanc: text,
  },
  funcionarios: {
    id: ref,
    funcionario: text,
  },
  // where a receipt is booked: the provider's branches, its cash/bank accounts (`conta_` of a receipt)
  // and its analytic planning accounts (`id_conta` of a receipt); see receipts.ts
  filial: {
    id: ref,
    razao: text,
    fantasia: text,
    cnpj: text,
    cidade: ref,
    ativo: text,
  },
  contas: {
    id: ref,
    conta: text,
    filial_padrao: ref,
    id_planejamento: ref,
    cod_banco: text,
    ativo: text,
  },
  planejamento_analitico: {
    id: ref,
    id_planejamento: ref,
    planejamento_analitico: text,
    ativo: text,
  },
  // sale plans ("planos de venda"): `Ativo` is spelled with a capital A in IXC
  vd_contratos: {
    id: ref,
    tipo: text,
    nome: text,
    descricao: text,
    valor_contrato: money,
    Ativo: text,
    fidelidade: text,
  },
  // items of a plan (`id_vd_contrato`, `id_contrato` '0') or of one contract (`id_contrato`, `id_vd_contrato` '0')
  vd_contratos_produtos: {
    id: ref,
    tipo: text,
    id_plano: ref,
    id_vd_contrato: ref,
    id_produto: ref,
    id_contrato: ref,
    descricao: text,
    qtde: text,
    valor_unit: decimal,
    valor_ate_vencimento: money,
    id_tipo_documento: ref,
    fixar_ip: text,
    repetir: text,
    obs: text,
  },
  // the product catalogue ("produtos") that `vd_contratos_produtos.id_produto` names; `ativo` S/N
  produtos: {
    id: ref,
    descricao: text,
    tipo: text,
    valor: money,
    ativo: text,
  },
  // RADIUS groups: the bandwidth profile named by `vd_contratos_produtos.id_plano`
  radgrupos: {
    id: ref,
    grupo: text,
  },
} as const satisfies Record<string, Record<string, FieldKind>>;

export type IxcTableName = keyof typeof IXC_TABLES;

export type IxcDataset = Record<IxcTableName, IxcRow[]>;

export const TABLE_NAMES = Object.keys(IXC_TABLES) as IxcTableName[];

export function isTableName(name: string): name is IxcTableName {
  return Object.hasOwn(IXC_TABLES, name);
}

export function fieldsOf(table: IxcTableName): Record<string, FieldKind> {
  return IXC_TABLES[table];
}

export function emptyValue(kind: FieldKind): string {
  switch (kind) {
    case 'ref':
      return '0';
    case 'money':
      return '0.00';
    case 'decimal':
      return '0.000000000';
    case 'date':
      return '0000-00-00';
    case 'datetime':
      return '0000-00-00 00:00:00';
    default:
      return '';
  }
}

export type IxcValue = string | number | boolean | null | undefined;

/** How IXC stores what a client sends: everything a string, money with two decimals (`decimal` nine). */
export function toIxcString(value: IxcValue, kind: FieldKind | undefined): string {
  if (value === null || value === undefined) return kind ? emptyValue(kind) : '';
  // MySQL stores '' sent for a number or a date as 0 or the zero date (clients send every column, empty)
  if (typeof value === 'string' && value.trim() === '' && kind && kind !== 'text') return emptyValue(kind);
  if (typeof value === 'boolean') return value ? 'S' : 'N';
  if (kind === 'money' || kind === 'decimal') {
    const amount = typeof value === 'number' ? value : Number(value.replace(',', '.'));
    if (Number.isFinite(amount) && String(value).trim() !== '')
      return amount.toFixed(kind === 'money' ? 2 : 9);
  }
  return String(value);
}

/** A complete row: every column of the table present, as strings, with IXC's empty values. */
export function makeRow(table: IxcTableName, values: Record<string, IxcValue>): IxcRow {
  const fields = fieldsOf(table);
  const row: IxcRow = {};
  for (const [field, kind] of Object.entries(fields)) row[field] = toIxcString(values[field], kind);
  for (const [field, value] of Object.entries(values)) {
    if (!(field in fields)) row[field] = toIxcString(value, undefined);
  }
  return row;
}
