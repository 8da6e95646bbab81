import { z } from 'zod';
import { type IxcRecord, type IxcTable, ixcTables } from './records.ts';

export type IxcOper = '=' | '!=' | '>' | '<' | '>=' | '<=' | 'L';
export interface IxcFilter {
  /** `table.field` */
  field: string;
  oper?: IxcOper | 'IN';
  value: string;
}

export interface IxcListParams {
  /** The main filter (`qtype`/`query`/`oper`). */
  where: IxcFilter;
  /** Extra filters ANDed through `grid_param`. */
  and?: IxcFilter[];
  page?: number;
  rowsPerPage?: number;
  sortBy?: string;
  order?: 'asc' | 'desc';
}

export interface IxcListResult<T> {
  total: number;
  rows: T[];
}

export type IxcErrorKind = 'timeout' | 'network' | 'http' | 'auth' | 'ixc' | 'protocol';

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
  timeoutMs?: number;
  /** Extra attempts for reads after a timeout, a network error or a 5xx. */
  readRetries?: number;
}

const listAnswer = z.object({
  page: z.union([z.string(), z.number()]).optional(),
  total: z.union([z.string(), z.number()]).transform(Number),
  registros: z.array(z.record(z.string(), z.unknown())).optional(),
});
const errorAnswer = z.object({ type: z.literal('error'), message: z.string().optional() });
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
  private readonly readRetries: number;

  constructor(opts: IxcClientOptions) {
    this.baseUrl = ixcBaseUrl(opts.domain);
    this.authorization = `Basic ${Buffer.from(opts.token).toString('base64')}`;
    this.timeoutMs = opts.timeoutMs ?? 8000;
    this.readRetries = opts.readRetries ?? 2;
  }

  async list<T extends IxcTable>(table: T, params: IxcListParams): Promise<IxcListResult<IxcRecord<T>>> {
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
        params.and.map((f) => ({ TB: f.field, OP: f.oper ?? '=', P: f.value })),
      );
    }
    const answer = await this.withReadRetries(() =>
      this.request(`${this.baseUrl}/${table}`, { method: 'POST', listing: true, body }),
    );
    const parsed = listAnswer.safeParse(answer);
    if (!parsed.success) throw new IxcError('protocol', `unexpected listing answer from ${table}`);
    const schema = ixcTables[table];
    const rows = (parsed.data.registros ?? []).map((r) => schema.parse(r) as IxcRecord<T>);
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

  /** Updates a record; never retried. */
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
   * for those that answer a base64 file as plain text. Reads are retried like listings.
   */
  async action(
    name: string,
    body: Record<string, string>,
    opts: { listing?: boolean; answer?: 'json' | 'text'; read?: boolean } = {},
  ): Promise<unknown> {
    const call = () =>
      this.request(`${this.baseUrl}/${name}`, {
        method: 'POST',
        listing: opts.listing,
        body,
        answer: opts.answer,
      });
    return opts.read === false ? call() : this.withReadRetries(call);
  }

  private async request(
    url: string,
    opts: { method: string; listing?: boolean; body: Record<string, string>; answer?: 'json' | 'text' },
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: opts.method,
        headers: {
          authorization: this.authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          ...(opts.listing ? { ixcsoft: 'listar' } : {}),
        },
        body: JSON.stringify(opts.body),
        signal: AbortSignal.timeout(this.timeoutMs),
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
        if (error.success) throw new IxcError('ixc', error.data.message ?? 'IXC error');
      }
      return text;
    }
    const answer = safeJson(text);
    if (answer === undefined) throw new IxcError('protocol', 'IXC answered something that is not JSON');
    const error = errorAnswer.safeParse(answer);
    if (error.success) throw new IxcError('ixc', error.data.message ?? 'IXC error');
    return answer;
  }

  private async withReadRetries<R>(call: () => Promise<R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const retriable =
          error instanceof IxcError &&
          (error.kind === 'timeout' ||
            error.kind === 'network' ||
            (error.kind === 'http' && (error.status ?? 0) >= 500));
        if (!retriable || attempt >= this.readRetries) throw error;
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      }
    }
  }
}
