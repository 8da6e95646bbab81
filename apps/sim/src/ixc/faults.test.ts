import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, cloneInstance, type IxcClient, type RunningSim, startSim } from './test-support.ts';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim();
});

afterAll(async () => {
  await sim.close();
});

const setFaults = (ixc: IxcClient, body: Record<string, unknown>) =>
  adminCall(sim.url, 'PUT', `/__sim/ixc/${ixc.instance}/faults`, body);

const clearFaults = (ixc: IxcClient) => adminCall(sim.url, 'DELETE', `/__sim/ixc/${ixc.instance}/faults`);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

describe('IXC faults and latency', () => {
  let ixc: IxcClient;

  beforeEach(async () => {
    ixc = await cloneInstance(sim.url);
  });

  // also when an assertion failed half-way, so that no fault outlives its test
  afterEach(async () => {
    await clearFaults(ixc);
  });

  it('answers the IXC error shape in error mode, until cleared', async () => {
    expect((await setFaults(ixc, { mode: 'error' })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const answer = await ixc.list('cliente', {});
      expect(answer.status).toBe(200);
      expect(answer.json.type).toBe('error');
    }
    await clearFaults(ixc);
    expect((await ixc.list('cliente', {})).json.total).toBe('7');
  });

  it('answers HTTP 500 in http500 mode, for the given number of calls', async () => {
    await setFaults(ixc, { mode: 'http500', count: 2 });
    expect((await ixc.list('cliente', {})).status).toBe(500);
    expect((await ixc.list('fn_areceber', {})).status).toBe(500);
    expect((await ixc.list('cliente', {})).status).toBe(200);
    expect((await adminCall(sim.url, 'GET', `/__sim/ixc/${ixc.instance}/faults`)).json).toEqual({
      faults: [],
    });
  });

  it('answers an HTML error page with HTTP 200 in html mode, as IXC lets PHP errors through', async () => {
    await setFaults(ixc, { table: 'fn_areceber', mode: 'html', count: 1 });
    const answer = await ixc.list('fn_areceber', {});
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain('text/html');
    expect(answer.json).toEqual({});
    expect(() => JSON.parse(answer.text)).toThrow();
    expect(answer.text).toMatch(
      /^<br \/>\n<b>Warning<\/b>: {2}.+ in <b>\/var\/www\/ixc\/.+\.php<\/b> on line <b>\d+<\/b><br \/>\n/,
    );
    expect(answer.text).toContain('background:#FF0000');
    expect(answer.text).toContain('>Ocorreu um erro ao processar. Contate o suporte IXC Soft.</div>');
    // other tables, and the next call, are answered normally
    expect((await ixc.list('cliente', {})).json.total).toBe('7');
    expect((await ixc.list('fn_areceber', {})).json.page).toBe('1');
  });

  it('limits a fault to one table, which wins over an instance-wide one', async () => {
    await setFaults(ixc, { table: 'fn_areceber', mode: 'error' });
    expect((await ixc.list('fn_areceber', {})).json.type).toBe('error');
    expect((await ixc.list('cliente', {})).json.total).toBe('7');

    await setFaults(ixc, { mode: 'http500' });
    expect((await ixc.list('fn_areceber', {})).status).toBe(200);
    expect((await ixc.list('fn_areceber', {})).json.type).toBe('error');
    expect((await ixc.list('cliente', {})).status).toBe(500);

    await adminCall(sim.url, 'DELETE', `/__sim/ixc/${ixc.instance}/faults?table=fn_areceber`);
    expect((await ixc.list('fn_areceber', {})).status).toBe(500);
    await clearFaults(ixc);
    expect((await ixc.list('fn_areceber', {})).status).toBe(200);
  });

  it('adds latency to the affected calls only', async () => {
    await setFaults(ixc, { table: 'cliente', latencyMs: 250, count: 1 });
    const slow = await timed(() => ixc.list('cliente', {}));
    expect(slow.value.json.total).toBe('7');
    expect(slow.ms).toBeGreaterThanOrEqual(240);
    const fast = await timed(() => ixc.list('cliente', {}));
    expect(fast.ms).toBeLessThan(200);
  });

  it('holds the request open in timeout mode until the client gives up', async () => {
    await setFaults(ixc, { mode: 'timeout', count: 1 });
    const attempt = await timed(() =>
      ixc.call('POST', 'cliente', { headers: { ixcsoft: 'listar' }, signal: AbortSignal.timeout(300) }).then(
        () => 'answered',
        (error: Error) => error.name,
      ),
    );
    expect(attempt.value).toBe('TimeoutError');
    expect(attempt.ms).toBeGreaterThanOrEqual(290);
    expect((await ixc.list('cliente', {})).json.total).toBe('7');
    // the abandoned request is released on the server side too
    const stats = await adminCall<{ inFlight: number }>(sim.url, 'GET', `/__sim/ixc/${ixc.instance}/stats`);
    expect(stats.json.inFlight).toBe(0);
  });

  it('drops held requests when the simulator closes', async () => {
    const quick = await startSim();
    try {
      const ixc = await cloneInstance(quick.url);
      await adminCall(quick.url, 'PUT', `/__sim/ixc/${ixc.instance}/faults`, { mode: 'timeout', count: 1 });
      // the server closes while the request is held: the client sees the connection drop, not an answer
      const pending = ixc.call('POST', 'cliente', { headers: { ixcsoft: 'listar' } }).then(
        () => 'answered',
        () => 'dropped',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await quick.close();
      expect(await pending).toBe('dropped');
    } finally {
      await quick.close().catch(() => undefined);
    }
  });

  it('refuses invalid fault settings', async () => {
    for (const body of [{ mode: 'boom' }, { latencyMs: -1 }, { count: 0 }, { table: '' }]) {
      expect((await setFaults(ixc, body)).status).toBe(400);
    }
    expect((await adminCall(sim.url, 'PUT', '/__sim/ixc/ghost/faults', { mode: 'error' })).status).toBe(404);
  });

  it('counts calls per table, and resets the counts', async () => {
    const calls = `/__sim/ixc/${ixc.instance}/calls`;
    await ixc.list('cliente', {});
    await ixc.list('cliente', {});
    await ixc.list('fn_areceber', {});
    await ixc.insert('su_oss_assunto', { assunto: 'Novo' });
    expect((await adminCall(sim.url, 'GET', calls)).json).toEqual({
      cliente: 2,
      fn_areceber: 1,
      su_oss_assunto: 1,
    });
    expect((await adminCall(sim.url, 'DELETE', calls)).status).toBe(200);
    expect((await adminCall(sim.url, 'GET', calls)).json).toEqual({});
  });

  it('reports the peak of concurrent calls, so that tests can see parallelism', async () => {
    await setFaults(ixc, { latencyMs: 200 });
    const { ms } = await timed(() => Promise.all([1, 2, 3, 4].map(() => ixc.list('cliente', {}))));
    // one after the other would take 800 ms
    expect(ms).toBeLessThan(700);
    const stats = await adminCall<{ maxInFlight: number; inFlight: number }>(
      sim.url,
      'GET',
      `/__sim/ixc/${ixc.instance}/stats`,
    );
    expect(stats.json.maxInFlight).toBe(4);
    expect(stats.json.inFlight).toBe(0);
  });
});

describe('global latency', () => {
  it('applies latencyMs to every IXC call', async () => {
    const slow = await startSim({ latencyMs: 300 });
    try {
      const ixc = await cloneInstance(slow.url);
      const { ms, value } = await timed(() => ixc.list('cliente', {}));
      expect(value.status).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(290);
      // the admin endpoints are not slowed down
      const health = await timed(() => adminCall(slow.url, 'GET', '/__sim/health'));
      expect(health.ms).toBeLessThan(250);
    } finally {
      await slow.close();
    }
  });
});
