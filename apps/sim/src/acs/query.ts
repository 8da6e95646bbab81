// The part of MongoDB's query language GenieACS's NBI passes through to its collections: $or, $and,
// $nor, and per field $eq, $ne, $in, $nin, $exists, $regex (+ $options), $gt, $gte, $lt, $lte. On the
// devices collection a parameter path without `._value` (`InternetGatewayDevice....Username`) is
// expanded to its value, as GenieACS's query.expand does; `_id`, `_deviceId._SerialNumber`,
// `_lastInform`, `_tags` and `X._value` are used as they are.

export type Doc = Record<string, unknown>;

export class QueryError extends Error {}

/** A key whose last segment is not an attribute (`_value`, `_id`, `_lastInform`...) names a parameter. */
function expandKey(key: string): string {
  const last = key.slice(key.lastIndexOf('.') + 1);
  return last.startsWith('_') ? key : `${key}._value`;
}

function resolve(doc: Doc, path: string): unknown {
  let node: unknown = doc;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Doc)[part];
  }
  return node;
}

const DATE_FIELDS = /(^|\.)_(lastInform|registered|lastBoot|lastBootstrap|timestamp)$/;

function comparable(a: unknown, b: unknown, path: string): [unknown, unknown] {
  if (DATE_FIELDS.test(path) && typeof a === 'string') {
    const x = Date.parse(a);
    const y = typeof b === 'number' ? b : typeof b === 'string' ? Date.parse(b) : Number.NaN;
    if (!Number.isNaN(x) && !Number.isNaN(y)) return [x, y];
  }
  return [a, b];
}

function equals(value: unknown, wanted: unknown, path: string): boolean {
  // an array field (`_tags`) matches when one of its elements does
  if (Array.isArray(value) && !Array.isArray(wanted)) return value.some((v) => equals(v, wanted, path));
  const [a, b] = comparable(value, wanted, path);
  if (wanted === null) return value === null || value === undefined;
  return JSON.stringify(a) === JSON.stringify(b);
}

function compare(value: unknown, bound: unknown, path: string, test: (order: number) => boolean): boolean {
  if (value === undefined || value === null) return false;
  const [a, b] = comparable(value, bound, path);
  if (typeof a !== typeof b) return false;
  if (typeof a === 'number' || typeof a === 'string')
    return test(a < (b as typeof a) ? -1 : a > (b as typeof a) ? 1 : 0);
  return false;
}

function regexOf(pattern: unknown, options: unknown): RegExp {
  if (typeof pattern !== 'string') throw new QueryError('$regex has to be a string');
  try {
    return new RegExp(
      pattern,
      typeof options === 'string' ? options.replace(/[^imsx]/g, '').replace('x', '') : '',
    );
  } catch {
    throw new QueryError(`invalid $regex ${pattern}`);
  }
}

function matchField(value: unknown, condition: unknown, path: string): boolean {
  const isOperators =
    condition !== null &&
    typeof condition === 'object' &&
    !Array.isArray(condition) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every((k) => k.startsWith('$'));
  if (!isOperators) return equals(value, condition, path);
  const ops = condition as Record<string, unknown>;
  return Object.entries(ops).every(([op, arg]) => {
    switch (op) {
      case '$eq':
        return equals(value, arg, path);
      case '$ne':
        return !equals(value, arg, path);
      case '$in':
        if (!Array.isArray(arg)) throw new QueryError('$in needs an array');
        return arg.some((a) => equals(value, a, path));
      case '$nin':
        if (!Array.isArray(arg)) throw new QueryError('$nin needs an array');
        return !arg.some((a) => equals(value, a, path));
      case '$exists':
        return (value !== undefined) === Boolean(arg);
      case '$regex': {
        const re = regexOf(arg, ops.$options);
        const values = Array.isArray(value) ? value : [value];
        return values.some((v) => typeof v === 'string' && re.test(v));
      }
      case '$options':
        return true;
      case '$gt':
        return compare(value, arg, path, (o) => o > 0);
      case '$gte':
        return compare(value, arg, path, (o) => o >= 0);
      case '$lt':
        return compare(value, arg, path, (o) => o < 0);
      case '$lte':
        return compare(value, arg, path, (o) => o <= 0);
      default:
        throw new QueryError(`unsupported operator ${op}`);
    }
  });
}

/** Whether `doc` matches `query`; `expand` turns parameter paths into their `._value` (devices only). */
export function matches(doc: Doc, query: unknown, expand: boolean): boolean {
  if (query === null || typeof query !== 'object' || Array.isArray(query))
    throw new QueryError('query must be an object');
  return Object.entries(query as Record<string, unknown>).every(([key, condition]) => {
    if (key === '$or' || key === '$and' || key === '$nor') {
      if (!Array.isArray(condition) || condition.length === 0)
        throw new QueryError(`${key} needs a non-empty array`);
      const results = condition.map((q) => matches(doc, q, expand));
      if (key === '$or') return results.some(Boolean);
      if (key === '$and') return results.every(Boolean);
      return !results.some(Boolean);
    }
    if (key.startsWith('$')) throw new QueryError(`unsupported operator ${key}`);
    const path = expand ? expandKey(key) : key;
    return matchField(resolve(doc, path), condition, path);
  });
}

/**
 * MongoDB's inclusion projection: each path's subtree, at its place; `_id` always. A path under another
 * (`A.B` with `A`) adds nothing, as GenieACS's optimizeProjection folds them.
 */
export function project(doc: Doc, paths: string[] | null): Doc {
  if (!paths) return doc;
  const out: Doc = { _id: doc._id };
  for (const path of paths) {
    const value = resolve(doc, path);
    if (value === undefined) continue;
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === undefined || next === null || typeof next !== 'object') node[part] = {};
      node = node[part] as Doc;
    }
    node[parts.at(-1) as string] = structuredClone(value);
  }
  return out;
}
