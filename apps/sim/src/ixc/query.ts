// The listing protocol of IXC webservice v1: `{ qtype, query, oper, page, rp, sortname, sortorder,
// grid_param }`, every value a string, `grid_param` a JSON *string* of extra filters ANDed with the main one.
// Comparisons follow MySQL's default collation as IXC uses it: case- and accent-insensitive for text,
// numeric when both sides are numbers, and dates compared as strings.

import type { FieldKind, IxcRow } from './schema.ts';

export class IxcError extends Error {}

const OPERATORS = ['=', '!=', '>', '<', '>=', '<=', 'L', 'IN'] as const;
type Operator = (typeof OPERATORS)[number];

interface Condition {
  field: string;
  oper: Operator;
  value: string;
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

function matches(row: IxcRow, condition: Condition): boolean {
  const actual = row[condition.field] ?? '';
  const { value } = condition;
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
    case 'IN':
      return value.split(',').some((item) => compareValues(actual, item.trim()) === 0);
  }
}

function scalar(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new IxcError(`Parâmetro '${key}' inválido!`);
}

function resolveField(table: string, fields: Record<string, FieldKind>, name: string): string {
  const trimmed = name.trim();
  const dot = trimmed.indexOf('.');
  const prefix = dot >= 0 ? trimmed.slice(0, dot) : table;
  const field = dot >= 0 ? trimmed.slice(dot + 1) : trimmed;
  if (prefix !== table || !Object.hasOwn(fields, field)) {
    throw new IxcError(`Campo '${trimmed}' não existe na tabela '${table}'!`);
  }
  return field;
}

function operator(value: string | undefined, where: string): Operator {
  const oper = (value ?? '=').trim().toUpperCase();
  if (!(OPERATORS as readonly string[]).includes(oper)) {
    throw new IxcError(`Operador '${value}' inválido em ${where}!`);
  }
  return oper as Operator;
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
  if (qtype !== undefined && qtype.trim() !== '') {
    conditions.push({
      field: resolveField(table, fields, qtype),
      oper: operator(scalar(params, 'oper'), 'oper'),
      value: scalar(params, 'query') ?? '',
    });
  }
  for (const entry of gridParams(params.grid_param)) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new IxcError("Parâmetro 'grid_param' inválido: cada filtro precisa de TB, OP e P!");
    }
    const filter = entry as Record<string, unknown>;
    const tb = scalar(filter, 'TB');
    if (!tb) throw new IxcError("Parâmetro 'grid_param' inválido: filtro sem TB!");
    conditions.push({
      field: resolveField(table, fields, tb),
      oper: operator(scalar(filter, 'OP'), 'grid_param'),
      value: scalar(filter, 'P') ?? '',
    });
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

export function runListQuery(rows: Iterable<IxcRow>, query: ListQuery): { total: number; rows: IxcRow[] } {
  const found = [...rows].filter((row) => query.conditions.every((c) => matches(row, c)));
  const direction = query.descending ? -1 : 1;
  found.sort(
    (a, b) =>
      direction * compareValues(a[query.sortField] ?? '', b[query.sortField] ?? '') ||
      compareValues(a.id ?? '', b.id ?? ''),
  );
  const start = (query.page - 1) * query.rp;
  return { total: found.length, rows: found.slice(start, start + query.rp) };
}
