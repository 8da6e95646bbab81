// The state of every simulated IXC instance: its tables, its token, its call counters and its faults.

import { randomBytes, randomInt } from 'node:crypto';
import { saoPauloNow } from '../clock.ts';
import { FaultBook } from './faults.ts';
import { IxcError, parseListQuery, runListQuery } from './query.ts';
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

export interface ListAnswer {
  page: string;
  total: string;
  registros: IxcRow[];
}

const REQUIRED: Record<IxcTableName, string[]> = {
  cliente: ['razao', 'cnpj_cpf'],
  cliente_contrato: ['id_cliente'],
  fn_areceber: ['id_cliente', 'valor', 'data_vencimento'],
  vd_saida: ['id_cliente'],
  su_ticket: ['id_cliente', 'id_assunto', 'menssagem'],
  su_oss_chamado: ['id_cliente', 'id_assunto'],
  su_mensagens: ['id_ticket', 'mensagem'],
  radusuarios: ['id_cliente', 'login'],
  su_oss_assunto: ['assunto'],
  fn_areceber_recebimentos_baixas_novo: ['id_receber'],
  funcionarios: ['funcionario'],
};

const REFERENCES: Record<string, IxcTableName> = {
  id_cliente: 'cliente',
  id_contrato: 'cliente_contrato',
  id_ticket: 'su_ticket',
  id_assunto: 'su_oss_assunto',
};

/** Columns that this simulator keeps under two names (the brief's and IXC's own). */
const ALIASES: Partial<Record<IxcTableName, [string, string][]>> = {
  su_mensagens: [['id_operador', 'operador']],
  su_oss_chamado: [['id_setor', 'setor']],
};

function syncAliases(table: IxcTableName, changes: Record<string, IxcValue>): void {
  for (const [a, b] of ALIASES[table] ?? []) {
    if (changes[a] !== undefined && changes[b] === undefined) changes[b] = changes[a];
    else if (changes[b] !== undefined && changes[a] === undefined) changes[a] = changes[b];
  }
}

function asFields(body: unknown): Record<string, IxcValue> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new IxcError('Nenhum campo informado para gravação!');
  }
  const fields: Record<string, IxcValue> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value !== null && typeof value === 'object') throw new IxcError(`Valor inválido no campo '${key}'!`);
    fields[key] = value as IxcValue;
  }
  delete fields.id;
  return fields;
}

export class IxcInstance {
  readonly calls = new Map<string, number>();
  readonly faults = new FaultBook();
  inFlight = 0;
  maxInFlight = 0;
  private tables = new Map<IxcTableName, Map<string, IxcRow>>();
  private nextIds = new Map<IxcTableName, number>();

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
    for (const table of TABLE_NAMES) {
      const rows = new Map(dataset[table].map((row) => [row.id ?? '', row]));
      this.tables.set(table, rows);
      const maxId = Math.max(0, ...[...rows.keys()].map(Number));
      this.nextIds.set(table, maxId + 1);
    }
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
    const name = this.knownTable(table);
    const query = parseListQuery(name, fieldsOf(name), body);
    const result = runListQuery(this.table(name).values(), query);
    return {
      page: String(query.page),
      total: String(result.total),
      registros: result.rows.map((row) => ({ ...row })),
    };
  }

  insert(table: string, body: unknown): string {
    const name = this.knownTable(table);
    const fields = asFields(body);
    syncAliases(name, fields);
    const id = String(this.nextIds.get(name) ?? 1);
    const values = { ...this.insertDefaults(name, id, fields), ...fields };
    for (const field of REQUIRED[name]) {
      const value = toIxcString(values[field], fieldsOf(name)[field]);
      if (value.trim() === '' || value === '0') throw new IxcError(`O campo '${field}' é obrigatório!`);
    }
    this.checkReferences(name, values);
    this.table(name).set(id, makeRow(name, { ...values, id }));
    this.nextIds.set(name, Number(id) + 1);
    return id;
  }

  update(table: string, id: string, body: unknown): void {
    const name = this.knownTable(table);
    if (id.trim() === '') throw new IxcError('ID do registro não informado!');
    const row = this.find(name, id);
    if (!row) throw new IxcError(`Registro ${id} não encontrado!`);
    const fields = asFields(body);
    syncAliases(name, fields);
    this.checkReferences(name, fields);
    const kinds = fieldsOf(name);
    for (const [field, value] of Object.entries(fields)) row[field] = toIxcString(value, kinds[field]);
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
        return { data_criacao: stamp, protocolo, su_status: 'N', status: 'T', prioridade: 'M' };
      case 'su_oss_chamado':
        return { data_abertura: stamp, protocolo, status: 'A', prioridade: 'N' };
      case 'su_mensagens':
        return { data: stamp };
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
