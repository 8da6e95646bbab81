// The state of every simulated IXC instance: its tables, its token, its call counters and its faults.

import { randomBytes, randomInt } from 'node:crypto';
import { saoPauloNow } from '../clock.ts';
import { FaultBook } from './faults.ts';
import { columnName, findRows, IxcError, pageOf, parseListQuery } from './query.ts';
import {
  fieldsOf,
  type IxcRow,
  type IxcTableName,
  type IxcValue,
  isTableName,
  makeRow,
  TABLE_NAMES,
  toIxcString,
} from './schema.ts';
import { SEED_TOKENS, type SeedName, seedDataset } from './seed.ts';
import { isViewName, viewGrid } from './views.ts';
import { PUT_COLUMNS, READ_ONLY } from './write-rules.ts';

/**
 * A listing: `registros` (or a view's `rows`/`tot`) only when something matched; IXC answers
 * `{page, total: '0'}` and nothing else for an empty result.
 */
export interface ListAnswer {
  page: string;
  total: string;
  registros?: IxcRow[];
  rows?: { id: string; cell: string[] }[];
  tot?: (string | false)[];
}

/** A failure IXC answers with its HTML error box (HTTP 200, text/html) instead of `{type:'error'}`. */
export class IxcHtmlError extends Error {}

const REQUIRED: Record<IxcTableName, string[]> = {
  cliente: ['razao', 'cnpj_cpf'],
  cliente_contrato: ['id_cliente'],
  fn_areceber: ['id_cliente', 'valor', 'data_vencimento'],
  vd_saida: ['id_cliente'],
  // as IXC's Postman collection marks them "//Obrigatório" (`menssagem` is IXC's own spelling)
  su_ticket: [
    'tipo',
    'id_cliente',
    'id_assunto',
    'titulo',
    'id_ticket_setor',
    'prioridade',
    'menssagem',
    'su_status',
  ],
  su_oss_chamado: [
    'tipo',
    'id_assunto',
    'id_cliente',
    'id_filial',
    'origem_endereco',
    'prioridade',
    'setor',
    'status',
  ],
  su_mensagens: [
    'id_cliente',
    'mensagem_ticket',
    'mensagem',
    'visibilidade_mensagens',
    'su_status',
    'id_ticket',
    'existe_pendencia_externa',
  ],
  su_oss_chamado_mensagem: [
    'id_chamado',
    'id_evento',
    'mensagem',
    'status',
    'tipo_cobranca',
    'finaliza_processo',
  ],
  radusuarios: ['id_cliente', 'login'],
  radacct: ['username', 'acctstarttime'],
  su_ticket_arquivos: ['id_ticket', 'local_arquivo'],
  su_oss_chamado_arquivos: ['id_oss_chamado', 'local_arquivo'],
  // the collection also marks print and SLA settings (`layout_impressao`, `numero_de_vias`...), not simulated
  su_oss_assunto: ['assunto', 'ativo'],
  fn_areceber_recebimentos_baixas_novo: ['id_receber'],
  funcionarios: ['funcionario'],
  filial: ['razao'],
  contas: ['conta', 'id_planejamento', 'filial_padrao', 'ativo'],
  planejamento_analitico: ['id_planejamento', 'planejamento_analitico', 'ativo'],
  vd_contratos: ['tipo', 'nome'],
  vd_contratos_produtos: ['tipo', 'id_plano', 'qtde', 'valor_unit', 'fixar_ip'],
  radgrupos: ['grupo'],
  produtos: ['descricao'],
};

const REFERENCES: Record<string, IxcTableName> = {
  id_cliente: 'cliente',
  id_contrato: 'cliente_contrato',
  id_contrato_kit: 'cliente_contrato',
  id_vd_contrato: 'vd_contratos',
  id_plano: 'radgrupos',
  id_ticket: 'su_ticket',
  id_chamado: 'su_oss_chamado',
  id_oss_chamado: 'su_oss_chamado',
  id_oss_chamado_mensagem: 'su_oss_chamado_mensagem',
  id_assunto: 'su_oss_assunto',
  id_tecnico: 'funcionarios',
};

/** Columns that this simulator keeps under two names (the brief's and IXC's own). */
const ALIASES: Partial<Record<IxcTableName, [string, string][]>> = {
  su_mensagens: [['id_operador', 'operador']],
};

function syncAliases(table: IxcTableName, changes: Record<string, IxcValue>): void {
  for (const [a, b] of ALIASES[table] ?? []) {
    if (changes[a] !== undefined && changes[b] === undefined) changes[b] = changes[a];
    else if (changes[b] !== undefined && changes[a] === undefined) changes[a] = changes[b];
  }
}

/** The body's fields under the table's own column names (MySQL matches them case-insensitively). */
function asFields(table: IxcTableName, body: unknown): Record<string, IxcValue> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new IxcError('Nenhum campo informado para gravação!');
  }
  const fields: Record<string, IxcValue> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value !== null && typeof value === 'object') throw new IxcError(`Valor inválido no campo '${key}'!`);
    fields[columnName(fieldsOf(table), key) ?? key] = value as IxcValue;
  }
  delete fields.id;
  return fields;
}

/** An empty required column: a foreign key is also empty when '0'. */
function missingRequired(table: IxcTableName, values: Record<string, IxcValue>): string | undefined {
  return REQUIRED[table].find((field) => {
    const kind = fieldsOf(table)[field];
    const value = toIxcString(values[field], kind).trim();
    return value === '' || (kind === 'ref' && value === '0');
  });
}

export class IxcInstance {
  readonly calls = new Map<string, number>();
  readonly faults = new FaultBook();
  inFlight = 0;
  maxInFlight = 0;
  private tables = new Map<IxcTableName, Map<string, IxcRow>>();
  private nextIds = new Map<IxcTableName, number>();
  /** The files received by the attachment tables, by table and row id (what IXC keeps on its disk). */
  private files = new Map<string, { name: string; type: string; data: Buffer }>();

  constructor(
    readonly name: string,
    readonly token: string,
    readonly origin: SeedName,
    private readonly now: () => Date,
  ) {
    this.reseed();
  }

  /** Back to the seed data (dates relative to now); counters and faults are kept. */
  reseed(): void {
    const dataset = seedDataset(this.origin, this.now());
    this.tables = new Map();
    this.nextIds = new Map();
    this.files = new Map();
    for (const table of TABLE_NAMES) {
      const rows = new Map(dataset[table].map((row) => [row.id ?? '', row]));
      this.tables.set(table, rows);
      const maxId = Math.max(0, ...[...rows.keys()].map(Number));
      this.nextIds.set(table, maxId + 1);
    }
  }

  /**
   * An insert into an attachment table, as multipart/form-data: the row's columns as fields and the file
   * in `local_arquivo`. IXC stores the file and keeps its path in `local_arquivo`, its name in
   * `nome_arquivo` when none is given.
   */
  insertFile(
    table: string,
    fields: Record<string, string>,
    file: { name: string; type: string; data: Buffer } | null,
  ): string {
    const name = this.knownTable(table);
    if (name !== 'su_ticket_arquivos' && name !== 'su_oss_chamado_arquivos')
      throw new IxcError(`Recurso ${table} não recebe arquivos!`);
    if (!file || file.data.length === 0) throw new IxcError("O campo 'local_arquivo' é obrigatório!");
    const id = String(this.nextIds.get(name) ?? 1);
    const stored = `arquivos/${name}/${id}_${file.name.replace(/[^\w.-]+/g, '_')}`;
    const newId = this.insert(table, {
      ...fields,
      nome_arquivo: fields.nome_arquivo?.trim() || file.name,
      local_arquivo: stored,
    });
    this.files.set(`${name}/${newId}`, file);
    return newId;
  }

  /** A file an attachment row holds, for tests (IXC's own download is not simulated). */
  file(table: string, id: string): { name: string; type: string; data: Buffer } | undefined {
    return this.files.get(`${table}/${id}`);
  }

  recordCall(table: string): void {
    this.calls.set(table, (this.calls.get(table) ?? 0) + 1);
  }

  callCounts(): Record<string, number> {
    return Object.fromEntries(this.calls);
  }

  private table(name: IxcTableName): Map<string, IxcRow> {
    const rows = this.tables.get(name);
    if (!rows) throw new IxcError(`Recurso ${name} não está disponível!`);
    return rows;
  }

  find(table: IxcTableName, id: string): IxcRow | undefined {
    return this.table(table).get(id.trim());
  }

  rows(table: IxcTableName): IxcRow[] {
    return [...this.table(table).values()];
  }

  list(table: string, body: unknown): ListAnswer {
    if (isViewName(table)) {
      const grid = viewGrid(table);
      const query = parseListQuery(table, grid.columns, body);
      const found = findRows(grid.rows(this), query);
      const answer: ListAnswer = { page: String(query.page), total: String(found.length) };
      if (found.length === 0) return answer;
      const rows = pageOf(found, query).map((row) => ({ id: row.id ?? '', cell: grid.cell(row) }));
      return { ...answer, rows, tot: grid.tot(found) };
    }
    const name = this.knownTable(table);
    const query = parseListQuery(name, fieldsOf(name), body);
    const found = findRows(this.table(name).values(), query);
    const answer: ListAnswer = { page: String(query.page), total: String(found.length) };
    if (found.length === 0) return answer;
    return { ...answer, registros: pageOf(found, query).map((row) => ({ ...row })) };
  }

  insert(table: string, body: unknown): string {
    const name = this.knownTable(table);
    const fields = asFields(name, body);
    syncAliases(name, fields);
    const id = String(this.nextIds.get(name) ?? 1);
    // what IXC fills in itself is filled in when the column is left out or sent empty
    const values = this.insertDefaults(name, id, fields);
    for (const [column, value] of Object.entries(fields)) {
      const empty = value === undefined || value === null || String(value).trim() === '';
      if (!(column in values) || !empty) values[column] = value;
    }
    const missing = missingRequired(name, values);
    if (missing) throw new IxcError(`O campo '${missing}' é obrigatório!`);
    this.checkReferences(name, values);
    const row = makeRow(name, { ...values, id });
    this.table(name).set(id, row);
    this.nextIds.set(name, Number(id) + 1);
    this.afterInsert(name, row);
    return id;
  }

  /**
   * An interaction sets the state of what it belongs to, as IXC's forms do: a ticket takes the `su_status` of
   * its new `su_mensagens` row, a service order the `status` of its new event (closing it with 'F').
   */
  private afterInsert(table: IxcTableName, row: IxcRow): void {
    if (table === 'su_mensagens') {
      const ticket = this.find('su_ticket', row.id_ticket ?? '');
      if (ticket) ticket.su_status = row.su_status ?? ticket.su_status ?? '';
    } else if (table === 'su_oss_chamado_mensagem') {
      const order = this.find('su_oss_chamado', row.id_chamado ?? '');
      if (!order) return;
      order.status = row.status ?? order.status ?? '';
      if (order.status === 'F') order.data_fechamento = row.data ?? order.data_fechamento ?? '';
    }
  }

  /**
   * IXC's PUT saves the whole record, as its form does: the body must carry the form's required columns
   * (else IXC's HTML error box), and the columns it leaves out are saved empty. READ_ONLY columns stay.
   */
  update(table: string, id: string, body: unknown): void {
    const name = this.knownTable(table);
    if (id.trim() === '') throw new IxcError('ID do registro não informado!');
    const row = this.find(name, id);
    if (!row) throw new IxcError(`Registro ${id} não encontrado!`);
    const fields = asFields(name, body);
    const carried = new Set([...REQUIRED[name], ...(PUT_COLUMNS[name] ?? [])]);
    if ([...carried].some((column) => !(column in fields))) throw new IxcHtmlError(`partial PUT of ${name}`);
    const missing = missingRequired(name, fields);
    if (missing) throw new IxcError(`O campo '${missing}' é obrigatório!`);
    syncAliases(name, fields);
    this.checkReferences(name, fields);
    const kept: Record<string, IxcValue> = { id: row.id };
    for (const column of READ_ONLY[name] ?? []) {
      delete fields[column];
      kept[column] = row[column];
    }
    this.table(name).set(row.id ?? id.trim(), makeRow(name, { ...fields, ...kept }));
  }

  remove(table: string, id: string): void {
    const name = this.knownTable(table);
    if (!this.table(name).delete(id.trim())) throw new IxcError(`Registro ${id} não encontrado!`);
  }

  private knownTable(table: string): IxcTableName {
    if (!isTableName(table)) throw new IxcError(`Recurso ${table} não está disponível!`);
    return table;
  }

  private checkReferences(table: IxcTableName, values: Record<string, IxcValue>): void {
    for (const [field, target] of Object.entries(REFERENCES)) {
      if (!(field in fieldsOf(table)) || values[field] === undefined) continue;
      const value = toIxcString(values[field], 'ref').trim();
      if (value === '' || value === '0') continue;
      if (!this.find(target, value)) {
        throw new IxcError(`O registro ${value} informado no campo '${field}' não existe em '${target}'!`);
      }
    }
  }

  /** What IXC fills in by itself when a record is created. */
  private insertDefaults(
    table: IxcTableName,
    id: string,
    fields: Record<string, IxcValue>,
  ): Record<string, IxcValue> {
    const local = saoPauloNow(this.now());
    const stamp = `${local.date} ${local.time}`;
    const protocolo = `${local.date.replaceAll('-', '')}${id.padStart(6, '0')}`;
    switch (table) {
      case 'cliente':
        return { ativo: 'S', data_cadastro: local.date };
      case 'cliente_contrato':
        return { status: 'P', status_internet: 'AA', data: local.date, endereco_padrao_cliente: 'S' };
      case 'fn_areceber':
        return { status: 'A', data_emissao: local.date, valor_aberto: fields.valor, liberado: 'S' };
      case 'vd_saida':
        return { status: 'F', data_emissao: stamp };
      case 'su_ticket':
        return { data_criacao: stamp, protocolo, status: 'T' };
      case 'su_oss_chamado':
        return { data_abertura: stamp, protocolo };
      case 'su_mensagens':
        return { data: stamp };
      case 'su_oss_chamado_mensagem':
        return { data: stamp, gera_comissao: 'N' };
      case 'su_ticket_arquivos':
        return { data_envio: stamp };
      case 'su_oss_chamado_arquivos':
        return { data_envio: stamp, classificacao_arquivo: 'P', tipo: 'A' };
      default:
        return {};
    }
  }
}

export interface InstanceInfo {
  instance: string;
  token: string;
  from: SeedName;
  baseUrl: string;
}

export class IxcStore {
  private readonly instances = new Map<string, IxcInstance>();

  constructor(private readonly now: () => Date) {
    this.reset();
  }

  /** Every instance back to its seed: the seeded ones re-created, the clones dropped. */
  reset(): void {
    this.instances.clear();
    for (const name of Object.keys(SEED_TOKENS) as SeedName[]) {
      this.instances.set(name, new IxcInstance(name, SEED_TOKENS[name], name, this.now));
    }
  }

  get(name: string): IxcInstance | undefined {
    return this.instances.get(name);
  }

  all(): IxcInstance[] {
    return [...this.instances.values()];
  }

  /** A fresh instance with the seed data of `from`, under a new name and a new token. */
  clone(from: SeedName): IxcInstance {
    let name: string;
    do name = `${from}-${randomBytes(5).toString('hex')}`;
    while (this.instances.has(name));
    const token = `${randomInt(2, 1000)}:${randomBytes(16).toString('hex')}`;
    const instance = new IxcInstance(name, token, from, this.now);
    this.instances.set(name, instance);
    return instance;
  }

  /** Drops a cloned instance; the seeded ones stay. */
  drop(name: string): boolean {
    if (name in SEED_TOKENS) return false;
    return this.instances.delete(name);
  }
}

export function instanceInfo(instance: IxcInstance): InstanceInfo {
  return {
    instance: instance.name,
    token: instance.token,
    from: instance.origin,
    baseUrl: `/ixc/${instance.name}`,
  };
}
