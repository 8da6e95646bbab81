// The IXC tables the portal reads and writes, with the real column names. IXC answers every column as a
// string; a missing foreign key is '0', a missing money value '0.00' and a missing date '0000-00-00'
// (MySQL's zero date, which IXC returns as is instead of an empty value).

export type FieldKind = 'text' | 'ref' | 'money' | 'date' | 'datetime';

export type IxcRow = Record<string, string>;

const text = 'text';
const ref = 'ref';
const money = 'money';
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
    hotsite_senha_md5: text,
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
    id_cliente: ref,
    id_contrato: ref,
    id_assunto: ref,
    titulo: text,
    protocolo: text,
    menssagem: text,
    data_criacao: datetime,
    su_status: text,
    status: text,
    id_ticket_setor: ref,
    prioridade: text,
  },
  su_oss_chamado: {
    id: ref,
    id_cliente: ref,
    id_contrato: ref,
    id_assunto: ref,
    protocolo: text,
    mensagem: text,
    data_abertura: datetime,
    data_fechamento: datetime,
    status: text,
    id_setor: ref,
    // real IXC names the department column `setor`; both carry the same value here
    setor: ref,
    prioridade: text,
  },
  su_mensagens: {
    id: ref,
    id_ticket: ref,
    mensagem: text,
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
    ativo: text,
    online: text,
    ip: text,
    mac: text,
    ultima_conexao_inicial: datetime,
  },
  su_oss_assunto: {
    id: ref,
    assunto: text,
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
    case 'date':
      return '0000-00-00';
    case 'datetime':
      return '0000-00-00 00:00:00';
    default:
      return '';
  }
}

export type IxcValue = string | number | boolean | null | undefined;

/** How IXC stores what a client sends: everything becomes a string, money with two decimals. */
export function toIxcString(value: IxcValue, kind: FieldKind | undefined): string {
  if (value === null || value === undefined) return kind ? emptyValue(kind) : '';
  if (typeof value === 'boolean') return value ? 'S' : 'N';
  if (kind === 'money') {
    const amount = typeof value === 'number' ? value : Number(value.replace(',', '.'));
    if (Number.isFinite(amount) && String(value).trim() !== '') return amount.toFixed(2);
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
