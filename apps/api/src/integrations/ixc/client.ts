import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
} from 'cockatiel';
import { z } from 'zod';
import { type IxcRecord, type IxcTable, ixcTables } from './records.ts';

/**
 * IXC's filter operators: comparisons, `L` like (`%` wildcards) and `NL` not like, `IN`/`NI` (not in)
 * over a comma list. `BE`/`NBE` (not between, bounds included) exist only in `grid_param`, whose `P`
 * and `P2` carry the two bounds.
 */
export type IxcOper = '=' | '!=' | '>' | '<' | '>=' | '<=' | 'L' | 'NL' | 'IN' | 'NI';
export interface IxcFilter {
  /** `table.field` */
  field: string;
  oper?: IxcOper;
  value: string;
}
export interface IxcRangeFilter {
  field: string;
  oper: 'BE' | 'NBE';
  value: string;
  /** the upper bound */
  to: string;
}

export interface IxcListParams {
  /** The main filter (`qtype`/`query`/`oper`). IXC lists every row for an empty `query`: it is refused. */
  where: IxcFilter;
  /** Extra filters ANDed through `grid_param`. */
  and?: (IxcFilter | IxcRangeFilter)[];
  page?: number;
  rowsPerPage?: number;
  sortBy?: string;
  order?: 'asc' | 'desc';
}

export interface IxcListResult<T> {
  total: number;
  rows: T[];
}

/** `ip_not_allowed`: this host's address is not among the allowed networks of the provider's IXC user. */
export type IxcErrorKind =
  | 'timeout'
  | 'network'
  | 'http'
  | 'auth'
  | 'ip_not_allowed'
  | 'ixc'
  | 'protocol'
  /** The tenant's circuit breaker is open: the ERP failed repeatedly and was not called. */
  | 'unavailable';

/** IXC's answer to a call from an address its webservice user does not allow (HTTP 200, as any error). */
export const IP_NOT_ALLOWED = /IP n[ãa]o (est[áa] )?liberado/i;

function ixcErrorOf(message: string | undefined): IxcError {
  if (message && IP_NOT_ALLOWED.test(message))
    return new IxcError('ip_not_allowed', `IXC refused this host's address: ${message}`);
  return new IxcError('ixc', message ?? 'IXC error');
}

export class IxcError extends Error {
  constructor(
    readonly kind: IxcErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'IxcError';
  }
}

export interface IxcClientOptions {
  /** `erp.provider.com.br` (https is implied) or a full base URL such as `http://127.0.0.1:4010/ixc/demo`. */
  domain: string;
  /** IXC's token, `"{id}:{secret}"`, sent as HTTP Basic. */
  token: string;
  /** Listings and writes. */
  timeoutMs?: number;
  /** Document actions (boleto, PIX, fiscal note), which IXC renders on the spot: slower than listings. */
  documentTimeoutMs?: number;
  /** Extra attempts for reads after a timeout, a network error or a 5xx. */
  readRetries?: number;
  /**
   * The tenant's circuit breaker (`ixcBreaker`): every HTTP call goes through it, so that an ERP that
   * keeps failing is not waited for on every screen. It outlives the client, which is remade with the
   * tenant's record.
   */
  breaker?: CircuitBreakerPolicy;
}

/** Failures that say the ERP is down or overloaded; IXC's own refusals (auth, business rules) are answers. */
export function isErpOutage(error: unknown): boolean {
  return (
    error instanceof IxcError &&
    (error.kind === 'timeout' ||
      error.kind === 'network' ||
      (error.kind === 'http' && (error.status ?? 0) >= 500))
  );
}

/** The ERP cannot answer now: it is down or overloaded, or its circuit is open. */
export const isErpUnreachable = (error: unknown): boolean =>
  isErpOutage(error) || (error instanceof IxcError && error.kind === 'unavailable');

export interface IxcBreakerOptions {
  /** Consecutive failed calls that open the circuit. */
  failures: number;
  /** How long it stays open before one call probes the ERP again (half-open). */
  halfOpenAfterMs: number;
}

/**
 * A circuit breaker for one tenant's ERP (cockatiel): after `failures` consecutive outages it opens and
 * calls fail at once with `IxcError('unavailable')`; after `halfOpenAfterMs` one call goes through, and
 * its success closes the circuit again while a failure opens it for another period.
 */
export function ixcBreaker(opts: IxcBreakerOptions): CircuitBreakerPolicy {
  return circuitBreaker(handleWhen(isErpOutage), {
    halfOpenAfter: opts.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(opts.failures),
  });
}

/** IXC's answer to a listing; exported for the back office's connection check. */
export const listAnswer = z.object({
  page: z.union([z.string(), z.number()]).optional(),
  total: z.union([z.string(), z.number()]).transform(Number),
  registros: z.array(z.record(z.string(), z.unknown())).optional(),
});
/** IXC's refusal, HTTP 200 with `type: 'error'`. */
export const errorAnswer = z.object({ type: z.literal('error'), message: z.string().optional() });
const writeAnswer = z.object({
  type: z.literal('success'),
  message: z.string().optional(),
  id: z.union([z.string(), z.number()]).transform(String).optional(),
});

const MAX_ROWS_PER_PAGE = 500;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `text` if it is base64 of a PDF (its bytes start with `%PDF`), else null. */
export function pdfBase64(text: string): string | null {
  const trimmed = text.trim().replace(/^data:application\/pdf;base64,/, '');
  if (!/^[A-Za-z0-9+/\r\n]+=*$/.test(trimmed)) return null;
  return Buffer.from(trimmed.slice(0, 12), 'base64').subarray(0, 4).toString('latin1') === '%PDF'
    ? trimmed
    : null;
}

export function ixcBaseUrl(domain: string): string {
  const base = /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
  return `${base.replace(/\/+$/, '')}/webservice/v1`;
}

/**
 * The one client of the IXC Soft webservice v1. Listings are POSTs with `ixcsoft: listar`; IXC
 * reports errors as HTTP 200 `{type:'error'}`; every value comes back as a string.
 */
export class IxcClient {
  private readonly baseUrl: string;
  private readonly authorization: string;
  private readonly timeoutMs: number;
  private readonly documentTimeoutMs: number;
  private readonly readRetries: number;
  private readonly breaker: CircuitBreakerPolicy | undefined;

  constructor(opts: IxcClientOptions) {
    this.baseUrl = ixcBaseUrl(opts.domain);
    this.authorization = `Basic ${Buffer.from(opts.token).toString('base64')}`;
    this.timeoutMs = opts.timeoutMs ?? 8000;
    this.documentTimeoutMs = Math.max(opts.documentTimeoutMs ?? 20_000, this.timeoutMs);
    this.readRetries = opts.readRetries ?? 2;
    this.breaker = opts.breaker;
  }

  async list<T extends IxcTable>(table: T, params: IxcListParams): Promise<IxcListResult<IxcRecord<T>>> {
    // An empty main filter would list the whole table (every customer's rows).
    if (params.where.value.trim() === '') throw new Error(`IXC listing of ${table} without a filter value`);
    const body: Record<string, string> = {
      qtype: params.where.field,
      query: params.where.value,
      oper: params.where.oper ?? '=',
      page: String(params.page ?? 1),
      rp: String(Math.min(params.rowsPerPage ?? 100, MAX_ROWS_PER_PAGE)),
      sortname: params.sortBy ?? `${table}.id`,
      sortorder: params.order ?? 'desc',
    };
    if (params.and?.length) {
      body.grid_param = JSON.stringify(
        params.and.map((f) =>
          'to' in f
            ? { TB: f.field, OP: f.oper, P: f.value, P2: f.to }
            : { TB: f.field, OP: f.oper ?? '=', P: f.value },
        ),
      );
    }
    const answer = await this.withReadRetries(() =>
      this.request(`${this.baseUrl}/${table}`, { method: 'POST', listing: true, body }),
    );
    const parsed = listAnswer.safeParse(answer);
    if (!parsed.success) throw new IxcError('protocol', `unexpected listing answer from ${table}`);
    const schema = ixcTables[table];
    const rows = (parsed.data.registros ?? []).map((r) => {
      const row = schema.safeParse(r);
      if (!row.success) throw new IxcError('protocol', `unexpected row in ${table}`);
      return row.data as IxcRecord<T>;
    });
    return { total: parsed.data.total, rows };
  }

  /** Every page of a listing, in parallel after the first; capped to protect the ERP and the portal. */
  async listAll<T extends IxcTable>(
    table: T,
    params: Omit<IxcListParams, 'page'>,
    maxRows = 2000,
  ): Promise<IxcRecord<T>[]> {
    const rowsPerPage = Math.min(params.rowsPerPage ?? MAX_ROWS_PER_PAGE, MAX_ROWS_PER_PAGE);
    const first = await this.list(table, { ...params, rowsPerPage, page: 1 });
    const total = Math.min(first.total, maxRows);
    const pages = Math.ceil(total / rowsPerPage);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
        this.list(table, { ...params, rowsPerPage, page: i + 2 }),
      ),
    );
    return [first, ...rest].flatMap((p) => p.rows).slice(0, maxRows);
  }

  /** Inserts a record; never retried (not idempotent). Answers the new id. */
  async insert(table: string, record: Record<string, string>): Promise<string> {
    const answer = await this.request(`${this.baseUrl}/${table}`, { method: 'POST', body: record });
    const parsed = writeAnswer.safeParse(answer);
    if (!parsed.success || !parsed.data.id)
      throw new IxcError('protocol', `unexpected insert answer from ${table}`);
    return parsed.data.id;
  }

  /**
   * Inserts a record with a file, as multipart/form-data: the columns as fields and the file in
   * `fileField` (IXC's attachment tables take it in `local_arquivo`). Never retried. Answers the new id.
   */
  async insertFile(
    table: string,
    record: Record<string, string>,
    file: { field: string; name: string; contentType: string; data: Uint8Array },
  ): Promise<string> {
    const form = new FormData();
    for (const [key, value] of Object.entries(record)) form.append(key, value);
    form.append(file.field, new Blob([file.data], { type: file.contentType }), file.name);
    const answer = await this.request(`${this.baseUrl}/${table}`, {
      method: 'POST',
      body: form,
      timeoutMs: this.documentTimeoutMs,
    });
    const parsed = writeAnswer.safeParse(answer);
    if (!parsed.success || !parsed.data.id)
      throw new IxcError('protocol', `unexpected insert answer from ${table}`);
    return parsed.data.id;
  }

  /**
   * Replaces a record; never retried. IXC's PUT is not a merge: `record` must carry every column of
   * the row (a partial body gets an HTML error page), so read the whole row first.
   */
  async update(table: string, id: string, record: Record<string, string>): Promise<void> {
    const answer = await this.request(`${this.baseUrl}/${table}/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: record,
    });
    if (!writeAnswer.safeParse(answer).success)
      throw new IxcError('protocol', `unexpected update answer from ${table}`);
  }

  /**
   * Calls one of IXC's action endpoints (get_boleto, get_pix, imprimir_nota...). `answer: 'text'` is
   * for those that answer a base64 file as plain text. Reads are retried like listings; `read: false`
   * is for calls that may create something (a PIX charge, a receipt). `document` gives the call the
   * longer timeout of rendered documents.
   */
  async action(
    name: string,
    body: Record<string, string>,
    opts: { listing?: boolean; answer?: 'json' | 'text'; read?: boolean; document?: boolean } = {},
  ): Promise<unknown> {
    const call = () =>
      this.request(`${this.baseUrl}/${name}`, {
        method: 'POST',
        listing: opts.listing,
        body,
        answer: opts.answer,
        timeoutMs: opts.document ? this.documentTimeoutMs : this.timeoutMs,
      });
    return opts.read === false ? call() : this.withReadRetries(call);
  }

  /**
   * A document action answered as base64 text: the PDF, or null when what came back is not one. IXC
   * answers some errors with an HTML page and HTTP 200, and an empty body when there is no document.
   */
  async pdfAction(name: string, body: Record<string, string>): Promise<string | null> {
    const text = String(await this.action(name, body, { listing: true, answer: 'text', document: true }));
    return pdfBase64(text);
  }

  private async request(url: string, opts: Parameters<IxcClient['call']>[1]): Promise<unknown> {
    if (!this.breaker) return this.call(url, opts);
    try {
      return await this.breaker.execute(() => this.call(url, opts));
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        throw new IxcError('unavailable', 'IXC failed repeatedly: the circuit is open');
      }
      throw error;
    }
  }

  private async call(
    url: string,
    opts: {
      method: string;
      listing?: boolean;
      /** JSON, or a multipart form (whose boundary fetch sets in the content type). */
      body: Record<string, string> | FormData;
      answer?: 'json' | 'text';
      timeoutMs?: number;
    },
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: opts.method,
        headers: {
          authorization: this.authorization,
          ...(opts.body instanceof FormData ? {} : { 'content-type': 'application/json' }),
          accept: 'application/json',
          ...(opts.listing ? { ixcsoft: 'listar' } : {}),
        },
        body: opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? this.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new IxcError('timeout', `IXC timed out: ${url}`);
      throw new IxcError('network', `IXC unreachable: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new IxcError('auth', 'IXC refused the access token', response.status);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new IxcError('http', `IXC answered HTTP ${response.status}`, response.status);
    }
    // IXC labels its JSON text/x-json or text/html, so the header is not to be trusted.
    const text = await response.text();
    if (opts.answer === 'text') {
      if (text.trimStart().startsWith('{')) {
        const error = errorAnswer.safeParse(safeJson(text));
        if (error.success) throw ixcErrorOf(error.data.message);
      }
      return text;
    }
    const answer = safeJson(text);
    if (answer === undefined) throw new IxcError('protocol', 'IXC answered something that is not JSON');
    const error = errorAnswer.safeParse(answer);
    if (error.success) throw ixcErrorOf(error.data.message);
    return answer;
  }

  private async withReadRetries<R>(call: () => Promise<R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!isErpOutage(error) || attempt >= this.readRetries) throw error;
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      }
    }
  }
}
