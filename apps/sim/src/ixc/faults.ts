// Injected latency and failures, per instance and optionally per table, for tests and benchmarks.

// ignore_grid_param: the listing answers as if no grid_param came, as an install whose webservice user
// lacks a filter's permission or whose version drops malformed extras does: a client that trusts the
// extra filters for ownership then gets rows that are not its customer's.
// html: HTTP 200, text/html, a PHP warning and IXC's red error box instead of JSON (see html-error.ts).
export const FAULT_MODES = ['none', 'error', 'http500', 'timeout', 'ignore_grid_param', 'html'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultRule {
  /** null: every table of the instance */
  table: string | null;
  latencyMs: number;
  mode: FaultMode;
  /** how many more calls it affects; null: until cleared */
  remaining: number | null;
  /** only inserts, updates and deletes (no listing), e.g. a write that times out after the reads went well */
  writesOnly: boolean;
}

const ALL_TABLES = '*';

export function parseFaultRule(body: unknown): FaultRule | string {
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || Array.isArray(input)) return 'body must be an object';
  const { table, latencyMs, mode, count, writesOnly } = input;
  if (writesOnly !== undefined && typeof writesOnly !== 'boolean') return 'writesOnly must be a boolean';
  if (table !== undefined && table !== null && (typeof table !== 'string' || table.trim() === '')) {
    return 'table must be a non-empty string';
  }
  if (
    latencyMs !== undefined &&
    (typeof latencyMs !== 'number' || !Number.isFinite(latencyMs) || latencyMs < 0)
  ) {
    return 'latencyMs must be a number >= 0';
  }
  if (mode !== undefined && !(FAULT_MODES as readonly unknown[]).includes(mode)) {
    return `mode must be one of ${FAULT_MODES.join(', ')}`;
  }
  if (
    count !== undefined &&
    count !== null &&
    (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
  ) {
    return 'count must be an integer >= 1';
  }
  return {
    table: typeof table === 'string' ? table.trim() : null,
    latencyMs: latencyMs ?? 0,
    mode: (mode as FaultMode | undefined) ?? 'none',
    remaining: typeof count === 'number' ? count : null,
    writesOnly: writesOnly === true,
  };
}

export class FaultBook {
  private readonly rules = new Map<string, FaultRule>();

  /** A rule replaces the previous one for the same table (or for all tables). */
  set(rule: FaultRule): void {
    this.rules.set(rule.table ?? ALL_TABLES, rule);
  }

  clear(table?: string): void {
    if (table === undefined) this.rules.clear();
    else this.rules.delete(table);
  }

  list(): FaultRule[] {
    return [...this.rules.values()];
  }

  /** The rule that applies to this call (the table's own before the instance-wide one), used up by one. */
  take(table: string, write = true): FaultRule | undefined {
    const key = this.rules.has(table) ? table : ALL_TABLES;
    const rule = this.rules.get(key);
    if (!rule || (rule.writesOnly && !write)) return undefined;
    if (rule.remaining !== null) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules.delete(key);
    }
    return { ...rule };
  }
}
