// The listing protocol of IXC webservice v1: `{ qtype, query, oper, page, rp, sortname, sortorder,
// grid_param }`, every value a string, `grid_param` a JSON *string* of extra filters `{TB, OP, P, P2}` ANDed
// with the main one. Comparisons follow MySQL's default collation as IXC uses it: case- and accent-insensitive
// for text, numeric when both sides are numbers, and dates compared as strings. Column names are
// case-insensitive, as MySQL's are (`vd_contratos.ativo` finds `Ativo`).

import type { FieldKind, IxcRow } from './schema.ts';

export class IxcError extends Error {}

// The operators of IXC's API guide: L/NL contain or not, IN/NI a comma list, BE/NBE a range from P to P2.
const OPERATORS = ['=', '!=', '>', '<', '>=', '<=', 'L', 'NL', 'IN', 'NI', 'BE', 'NBE'] as const;
type Operator = (typeof OPERATORS)[number];
const RANGES: readonly Operator[] = ['BE', 'NBE'];

interface Condition {
  field: string;
  oper: Operator;
  value: string;
  /** the upper bound of BE/NBE (`P2`) */
  value2: string;
}

export interface ListQuery {
  conditions: Condition[];
  page: number;
  rp: number;
  sortField: string;
  descending: boolean;
}

const DEFAULT_RP = 20;
const MAX_RP = 1000;
const NUMERIC = /^-?\d+(\.\d+)?$/;
const BRAZILIAN_DATE = /^(\d{2})\/(\d{2})\/(\d{4})(.*)$/;

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function compareValues(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
  const x = fold(a);
  const y = fold(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function likePattern(query: string): RegExp {
  const source = [...fold(query)]
    .map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(source, 's');
}

function inList(actual: string, list: string): boolean {
  return list.split(',').some((item) => compareValues(actual, item.trim()) === 0);
}

function between(actual: string, low: string, high: string): boolean {
  return compareValues(actual, low) >= 0 && compareValues(actual, high) <= 0;
}

function matches(row: IxcRow, condition: Condition): boolean {
  const actual = row[condition.field] ?? '';
  const { value, value2 } = condition;
  switch (condition.oper) {
    case '=':
      return compareValues(actual, value) === 0;
    case '!=':
      return compareValues(actual, value) !== 0;
    case '>':
      return compareValues(actual, value) > 0;
    case '<':
      return compareValues(actual, value) < 0;
    case '>=':
      return compareValues(actual, value) >= 0;
    case '<=':
      return compareValues(actual, value) <= 0;
    case 'L':
      return likePattern(value).test(fold(actual));
    case 'NL':
      return !likePattern(value).test(fold(actual));
    case 'IN':
      return inList(actual, value);
    case 'NI':
      return !inList(actual, value);
    case 'BE':
      return between(actual, value, value2);
    case 'NBE':
      return !between(actual, value, value2);
  }
}

function scalar(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new IxcError(`Parâmetro '${key}' inválido!`);
}

/** The table's own spelling of a column, found case-insensitively (MySQL column names are). */
export function columnName(fields: Record<string, FieldKind>, name: string): string | undefined {
  if (Object.hasOwn(fields, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(fields).find((field) => field.toLowerCase() === lower);
}

function resolveField(table: string, fields: Record<string, FieldKind>, name: string): string {
  const trimmed = name.trim();
  const dot = trimmed.indexOf('.');
  const prefix = dot >= 0 ? trimmed.slice(0, dot) : table;
  const field =
    prefix === table ? columnName(fields, dot >= 0 ? trimmed.slice(dot + 1) : trimmed) : undefined;
  if (field === undefined) throw new IxcError(`Campo '${trimmed}' não existe na tabela '${table}'!`);
  return field;
}

/** IXC's guide filters dates as DD/MM/AAAA as often as AAAA-MM-DD; both reach MySQL as AAAA-MM-DD. */
function filterValue(kind: FieldKind | undefined, value: string): string {
  if (kind !== 'date' && kind !== 'datetime') return value;
  const match = BRAZILIAN_DATE.exec(value.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}${match[4]}` : value;
}

function operator(value: string | undefined, where: string): Operator {
  const oper = (value ?? '=').trim().toUpperCase();
  if (!(OPERATORS as readonly string[]).includes(oper)) {
    throw new IxcError(`Operador '${value}' inválido em ${where}!`);
  }
  return oper as Operator;
}

function condition(
  fields: Record<string, FieldKind>,
  field: string,
  oper: Operator,
  value: string,
  value2: string | undefined,
): Condition {
  if (RANGES.includes(oper) && (value2 === undefined || value2.trim() === '')) {
    throw new IxcError(`Operador '${oper}' exige um intervalo: informe P e P2 no grid_param!`);
  }
  const kind = fields[field];
  return { field, oper, value: filterValue(kind, value), value2: filterValue(kind, value2 ?? '') };
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

function gridParams(raw: unknown): unknown[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string') throw new IxcError("Parâmetro 'grid_param' inválido!");
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new IxcError("Parâmetro 'grid_param' inválido: JSON mal formado!");
  }
  if (!Array.isArray(parsed)) throw new IxcError("Parâmetro 'grid_param' inválido: esperado um array!");
  return parsed;
}

export function parseListQuery(table: string, fields: Record<string, FieldKind>, body: unknown): ListQuery {
  if (body === undefined || body === null) body = {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new IxcError('Parâmetros da listagem inválidos!');
  const params = body as Record<string, unknown>;

  const conditions: Condition[] = [];
  const qtype = scalar(params, 'qtype');
  const query = scalar(params, 'query') ?? '';
  if (qtype !== undefined && qtype.trim() !== '') {
    const field = resolveField(table, fields, qtype);
    const oper = operator(scalar(params, 'oper'), 'oper');
    // an empty `query` lists everything: IXC's guide lists all active customers with `cliente.id = ''` plus
    // a grid_param. The main filter has no second value: the guide shows BE/NBE in grid_param only, with P2.
    if (query.trim() !== '') conditions.push(condition(fields, field, oper, query, undefined));
  }
  for (const entry of gridParams(params.grid_param)) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new IxcError("Parâmetro 'grid_param' inválido: cada filtro precisa de TB, OP e P!");
    }
    const filter = entry as Record<string, unknown>;
    const tb = scalar(filter, 'TB');
    if (!tb) throw new IxcError("Parâmetro 'grid_param' inválido: filtro sem TB!");
    conditions.push(
      condition(
        fields,
        resolveField(table, fields, tb),
        operator(scalar(filter, 'OP'), 'grid_param'),
        scalar(filter, 'P') ?? '',
        scalar(filter, 'P2'),
      ),
    );
  }

  const sortname = scalar(params, 'sortname');
  const sortField = sortname && sortname.trim() !== '' ? resolveField(table, fields, sortname) : 'id';
  const sortorder = (scalar(params, 'sortorder') ?? 'asc').trim().toLowerCase();
  if (sortorder !== 'asc' && sortorder !== 'desc') throw new IxcError(`Ordenação '${sortorder}' inválida!`);

  return {
    conditions,
    page: positiveInt(scalar(params, 'page'), 1),
    rp: Math.min(positiveInt(scalar(params, 'rp'), DEFAULT_RP), MAX_RP),
    sortField,
    descending: sortorder === 'desc',
  };
}

/** Every row the filters keep, sorted (ties by id). */
export function findRows(rows: Iterable<IxcRow>, query: ListQuery): IxcRow[] {
  const found = [...rows].filter((row) => query.conditions.every((c) => matches(row, c)));
  const direction = query.descending ? -1 : 1;
  return found.sort(
    (a, b) =>
      direction * compareValues(a[query.sortField] ?? '', b[query.sortField] ?? '') ||
      compareValues(a.id ?? '', b.id ?? ''),
  );
}

/** The page asked for, out of `found`. */
export function pageOf(found: IxcRow[], query: ListQuery): IxcRow[] {
  const start = (query.page - 1) * query.rp;
  return found.slice(start, start + query.rp);
}
