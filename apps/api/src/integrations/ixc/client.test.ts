import { buildSim } from '@central/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IxcClient, IxcError, type IxcFilter, ixcBaseUrl, ixcBreaker, pdfBase64 } from './client.ts';
import { findCustomerByDocument } from './customers.ts';

let sim: FastifyInstance;
let simUrl: string;
let erp: { instance: string; token: string; baseUrl: string };

async function faults(body: unknown) {
  await fetch(`${simUrl}/__sim/ixc/${erp.instance}/faults`, {
    method: body === null ? 'DELETE' : 'PUT',
    headers: body === null ? {} : { 'content-type': 'application/json' },
    body: body === null ? undefined : JSON.stringify(body),
  });
}

// A fault left on by a failed assertion must not leak into the next test.
afterEach(() => faults(null));

beforeAll(async () => {
  sim = await buildSim();
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  simUrl = `http://127.0.0.1:${address.port}`;
  const res = await fetch(`${simUrl}/__sim/ixc/instances`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: 'demo' }),
  });
  erp = (await res.json()) as typeof erp;
});
afterAll(() => sim.close());

const client = (o: Partial<ConstructorParameters<typeof IxcClient>[0]> = {}) =>
  new IxcClient({ domain: `${simUrl}${erp.baseUrl}`, token: erp.token, timeoutMs: 2000, ...o });

describe('IXC adapter against apps/sim', () => {
  it('builds the webservice URL from a host or a base URL', () => {
    expect(ixcBaseUrl('erp.provedor.com.br')).toBe('https://erp.provedor.com.br/webservice/v1');
    expect(ixcBaseUrl('http://127.0.0.1:4010/ixc/demo/')).toBe(
      'http://127.0.0.1:4010/ixc/demo/webservice/v1',
    );
  });

  it('finds a customer by formatted CPF and passes on only allow-listed fields', async () => {
    const maria = await findCustomerByDocument(client(), '52998224725');
    expect(maria).toMatchObject({ razao: 'Maria Aparecida Souza', cnpj_cpf: '529.982.247-25', ativo: 'S' });
    const keys = Object.keys(maria ?? {});
    for (const secret of ['senha', 'senha_hotsite_md5', 'token_app']) expect(keys).not.toContain(secret);
    expect(JSON.stringify(maria)).not.toContain('maria2020');
  });

  it('answers null for an unknown document', async () => {
    expect(await findCustomerByDocument(client(), '93541134780')).toBeNull();
  });

  it('pages: every page together equals the total, in order, without repeats', async () => {
    const c = client();
    const where = { field: 'fn_areceber.id', oper: '>' as const, value: '0' };
    const first = await c.list('cliente', {
      where: { field: 'cliente.id', oper: '>', value: '0' },
      rowsPerPage: 2,
    });
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBeGreaterThan(2);
    const all = await c.listAll('cliente', {
      where: { field: 'cliente.id', oper: '>', value: '0' },
      rowsPerPage: 2,
    });
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((r) => r.id)).size).toBe(first.total);
    expect(where.value).toBe('0');
  });

  it('ANDs grid_param filters', async () => {
    const active = await client().listAll('cliente', {
      where: { field: 'cliente.id', oper: '>', value: '0' },
      and: [{ field: 'cliente.ativo', value: 'N' }],
    });
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((r) => r.ativo === 'N')).toBe(true);
  });

  it('maps a wrong token to an auth error', async () => {
    await expect(
      client({ token: '1:errado' }).list('cliente', { where: { field: 'cliente.id', value: '1' } }),
    ).rejects.toMatchObject({
      kind: 'auth',
    });
  });

  it('maps IXC HTTP 200 errors to an ixc error, without retrying them', async () => {
    await faults({ table: 'cliente', mode: 'error', count: 1 });
    const error = await client()
      .list('cliente', { where: { field: 'cliente.id', value: '1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IxcError);
    expect((error as IxcError).kind).toBe('ixc');
  });

  it('retries a read after a 5xx', async () => {
    await faults({ table: 'cliente', mode: 'http500', count: 1 });
    const res = await client({ readRetries: 1 }).list('cliente', {
      where: { field: 'cliente.id', value: '1' },
    });
    expect(res.total).toBe(1);
  });

  it('times out a call that does not answer', async () => {
    await faults({ table: 'cliente', mode: 'timeout' });
    const started = Date.now();
    const error = await client({ timeoutMs: 300, readRetries: 0 })
      .list('cliente', { where: { field: 'cliente.id', value: '1' } })
      .catch((e: unknown) => e);
    expect((error as IxcError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an unknown field as an IXC error', async () => {
    await expect(
      client().list('cliente', { where: { field: 'cliente.nao_existe', value: '1' } }),
    ).rejects.toMatchObject({
      kind: 'ixc',
    });
  });

  it("reports IXC's refusal of this host's address apart from other errors", async () => {
    const set = (cidrs: string[] | null) =>
      fetch(`${simUrl}/__sim/ixc/${erp.instance}/allowed-networks`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cidrs }),
      });
    await set(['203.0.113.0/24']);
    try {
      await expect(
        client().list('cliente', { where: { field: 'cliente.id', value: '1' } }),
      ).rejects.toMatchObject({ kind: 'ip_not_allowed' });
    } finally {
      await set(null);
    }
  });

  it("filters with IXC's other operators: not like, not in, between and not between", async () => {
    const all: IxcFilter = { field: 'cliente.id', oper: '>', value: '0' };
    const ids = async (and: Parameters<IxcClient['list']>[1]['and'], where = all) =>
      (await client().listAll('cliente', { where, and })).map((r) => r.id).sort();
    const every = await ids([]);
    expect(await ids([{ field: 'cliente.id', oper: 'BE', value: '2', to: '4' }])).toEqual(['2', '3', '4']);
    expect(await ids([{ field: 'cliente.id', oper: 'NBE', value: '2', to: '4' }])).toEqual(
      every.filter((id) => !['2', '3', '4'].includes(id)),
    );
    expect(await ids([], { field: 'cliente.id', oper: 'NI', value: '1,2' })).toEqual(
      every.filter((id) => id !== '1' && id !== '2'),
    );
    const notMaria = await ids([], { field: 'cliente.razao', oper: 'NL', value: '%Maria%' });
    expect(notMaria).not.toContain('1');
    expect(notMaria.length).toBeGreaterThan(0);
  });

  it('refuses a listing whose main filter is empty: IXC would answer every row', async () => {
    await expect(client().list('cliente', { where: { field: 'cliente.id', value: ' ' } })).rejects.toThrow(
      /without a filter value/,
    );
  });

  it('reads an empty listing, which comes without registros', async () => {
    const page = await client().list('cliente', { where: { field: 'cliente.id', value: '999999' } });
    expect(page).toEqual({ total: 0, rows: [] });
  });

  it('accepts as a document only base64 that decodes to a PDF', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n').toString('base64');
    expect(pdfBase64(`${pdf}\n`)).toBe(pdf);
    expect(pdfBase64(`data:application/pdf;base64,${pdf}`)).toBe(pdf);
    expect(pdfBase64('<br />\n<b>Warning</b>: Undefined index in /var/www/ixc.php')).toBeNull();
    expect(pdfBase64(Buffer.from('<html>erro</html>').toString('base64'))).toBeNull();
    expect(pdfBase64('')).toBeNull();
    await faults({ table: 'get_boleto', mode: 'html', count: 1 });
    expect(await client().pdfAction('get_boleto', { boletos: '1019', base64: 'S' })).toBeNull();
    expect(await client().pdfAction('get_boleto', { boletos: '1019', base64: 'S' })).toMatch(/^JVBERi0/);
  });
});

describe("the tenant's ERP circuit breaker", () => {
  const findOne = (c: IxcClient) =>
    c.list('cliente', { where: { field: 'cliente.id', value: '1' } }).catch((e: unknown) => e);
  const kindOf = (e: unknown) => (e instanceof IxcError ? e.kind : e);
  async function ixcCalls(): Promise<number> {
    const counts = (await (await fetch(`${simUrl}/__sim/ixc/${erp.instance}/calls`)).json()) as Record<
      string,
      number
    >;
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  it('opens after consecutive outages, then answers at once without calling the ERP', async () => {
    const breaker = ixcBreaker({ failures: 3, halfOpenAfterMs: 60_000 });
    const c = client({ breaker, timeoutMs: 200, readRetries: 0 });
    await faults({ mode: 'timeout' });
    for (let i = 0; i < 3; i++) expect(kindOf(await findOne(c))).toBe('timeout');

    await faults(null);
    const before = await ixcCalls();
    expect(kindOf(await findOne(c))).toBe('unavailable');
    expect(await ixcCalls()).toBe(before);
  });

  it("counts 5xx and network failures, not IXC's own refusals", async () => {
    const breaker = ixcBreaker({ failures: 2, halfOpenAfterMs: 60_000 });
    const c = client({ breaker, readRetries: 0 });
    await faults({ table: 'cliente', mode: 'error' });
    for (let i = 0; i < 4; i++) expect(kindOf(await findOne(c))).toBe('ixc');
    await faults({ table: 'cliente', mode: 'http500' });
    expect(kindOf(await findOne(c))).toBe('http');
    expect(kindOf(await findOne(c))).toBe('http');
    expect(kindOf(await findOne(c))).toBe('unavailable');

    const unreachable = new IxcClient({
      domain: 'http://127.0.0.1:9/ixc',
      token: erp.token,
      breaker: ixcBreaker({ failures: 2, halfOpenAfterMs: 60_000 }),
      readRetries: 0,
    });
    expect(kindOf(await findOne(unreachable))).toBe('network');
    expect(kindOf(await findOne(unreachable))).toBe('network');
    expect(kindOf(await findOne(unreachable))).toBe('unavailable');
  });

  it('a success in between starts the count again', async () => {
    const c = client({ breaker: ixcBreaker({ failures: 2, halfOpenAfterMs: 60_000 }), readRetries: 0 });
    await faults({ table: 'cliente', mode: 'http500', count: 1 });
    expect(kindOf(await findOne(c))).toBe('http');
    expect(await findOne(c)).toMatchObject({ total: 1 });
    await faults({ table: 'cliente', mode: 'http500', count: 1 });
    expect(kindOf(await findOne(c))).toBe('http');
    expect(await findOne(c)).toMatchObject({ total: 1 });
  });

  it('half-open: after the pause one call probes, the others wait for it; a failure reopens, a success closes', async () => {
    const c = client({ breaker: ixcBreaker({ failures: 1, halfOpenAfterMs: 300 }), readRetries: 0 });
    await faults({ table: 'cliente', mode: 'http500' });
    expect(kindOf(await findOne(c))).toBe('http');
    expect(kindOf(await findOne(c))).toBe('unavailable');

    await new Promise((r) => setTimeout(r, 350));
    // The probe reaches the ERP, which still fails; the call that waited on it is refused without
    // reaching the ERP, and the circuit is open for another pause.
    const before = await ixcCalls();
    const [probe, waiting] = await Promise.all([findOne(c), findOne(c)]);
    expect(kindOf(probe)).toBe('http');
    expect(kindOf(waiting)).toBe('unavailable');
    expect(await ixcCalls()).toBe(before + 1);
    expect(kindOf(await findOne(c))).toBe('unavailable');

    await faults(null);
    await new Promise((r) => setTimeout(r, 350));
    const [healed, after] = await Promise.all([findOne(c), findOne(c)]);
    expect(healed).toMatchObject({ total: 1 });
    expect(after).toMatchObject({ total: 1 });
    expect(await findOne(c)).toMatchObject({ total: 1 });
  });
});
