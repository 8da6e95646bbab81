import { CONNECTION_HISTORY_DAYS, messages, todayInSaoPaulo } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';
import { IxcClient } from '../../integrations/ixc/client.ts';
import { dailyTraffic } from './service.ts';

// Issue 15 'Meu Consumo': the last 30 days of the customer's PPPoE logins from the ERP's RADIUS accounting.

const MARIA = '52998224725';
const PADARIA = '11222333000181';

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;
let maria: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  t = await h.tenant({ credentials: [MARIA, PADARIA] });
  maria = await h.customerSession(t.clientId, MARIA);
});
afterAll(() => h.close());

const history = (jar: Record<string, string>, clientId = t.clientId) =>
  h.app.inject({
    method: 'GET',
    url: '/api/central/customer/connection',
    headers: { client_id: clientId, cookie: cookieHeader(jar) },
  });

async function erpCalls(): Promise<Record<string, number>> {
  return (await fetch(`${h.simUrl}/__sim/ixc/${t.erp.instance}/calls`)).json() as Promise<
    Record<string, number>
  >;
}

describe('GET /customer/connection', () => {
  it("answers Maria's 30 days, her logins' state and her latest sessions, download and upload the right way round", async () => {
    const res = await history(maria);
    expect(res.statusCode).toBe(200);
    const body = res.json();

    // One entry per day of the window, today last, every one with traffic: Maria is always connected.
    expect(body.days).toHaveLength(CONNECTION_HISTORY_DAYS);
    expect(body.days.at(-1).day).toBe(todayInSaoPaulo());
    for (const day of body.days) {
      expect(day.download).toBeGreaterThan(0);
      expect(day.upload).toBeGreaterThan(0);
      expect(day.upload).toBeLessThan(day.download);
    }

    // Her two PPPoE logins (not the guest hotspot): the connected one with its address and start.
    const ixc = new IxcClient({ domain: `${h.simUrl}${t.erp.baseUrl}`, token: t.erp.token });
    const logins = await ixc.listAll('radusuarios', {
      where: { field: 'radusuarios.id_cliente', value: IXC_DEMO.customers.maria.id },
    });
    const souza = logins.find((l) => l.login === 'maria.souza');
    expect(body.logins).toEqual([
      { login: 'maria.souza', online: true, since: souza?.ultima_conexao_inicial, ip: souza?.ip },
      { login: 'maria.praia', online: false, since: null, ip: null },
    ]);

    // The latest 20 sessions of both logins, newest first: the open one leads.
    expect(body.sessions).toHaveLength(20);
    const starts = body.sessions.map((s: { start: string }) => s.start);
    expect([...starts].sort().reverse()).toEqual(starts);
    const [open] = body.sessions;
    expect(open).toMatchObject({ login: 'maria.souza', start: souza?.ultima_conexao_inicial, stop: null });
    expect(open.seconds).toBeGreaterThan(2 * 86_400 - 86_400);

    // A closed session as RADIUS has it: output octets are the download, input the upload.
    const closed = body.sessions.find((s: { stop: string | null }) => s.stop !== null);
    const [row] = await ixc.listAll('radacct', {
      where: { field: 'radacct.radacctid', value: closed.id },
      sortBy: 'radacct.radacctid',
    });
    expect(closed).toEqual({
      id: row?.radacctid,
      login: row?.username,
      start: row?.acctstarttime,
      stop: row?.acctstoptime,
      seconds: Number(row?.acctsessiontime),
      download: Number(row?.acctoutputoctets),
      upload: Number(row?.acctinputoctets),
      ip: row?.framedipaddress,
    });
    // Nothing of the NAS's or the router's: no MAC address, no session ids, no passwords.
    expect(res.body).not.toMatch(/E8:65:D4|acctsessionid|callingstationid|senha/);
  });

  it('reads the ERP once a minute per customer, and only for its own logins', async () => {
    const padaria = await h.customerSession(t.clientId, PADARIA);
    const first = await history(padaria);
    expect(first.json().logins.map((l: { login: string }) => l.login)).toEqual(['paoquente']);
    expect(first.json().sessions.every((s: { login: string }) => s.login === 'paoquente')).toBe(true);
    const before = await erpCalls();
    expect((await history(padaria)).statusCode).toBe(200);
    expect(await erpCalls()).toEqual(before);
  });

  it('answers the catalogued message when the ERP fails, 401 to anyone without a session', async () => {
    const other = await h.tenant({ credentials: [MARIA] });
    const jar = await h.customerSession(other.clientId, MARIA);
    await other.simFaults({ table: 'radacct', mode: 'http500' });
    try {
      const res = await history(jar, other.clientId);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'CONNECTION_FAILED', message: messages.connectionFailed });
    } finally {
      await other.simFaults(null);
    }
    const anonymous = await history({});
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('dailyTraffic', () => {
  it('spreads a session over the days it spans, in proportion to its time in each', () => {
    const days = dailyTraffic(
      [
        // 18:00 on the 21st to 06:00 on the 23rd: 6 h, 24 h and 6 h of 36 h
        {
          id: '1',
          login: 'x',
          start: '2026-11-21 18:00:00',
          stop: '2026-11-23 06:00:00',
          seconds: 36 * 3600,
          download: 3600,
          upload: 360,
          ip: null,
        },
        // still open since 12:00 today, now 18:00: all of it today
        {
          id: '2',
          login: 'x',
          start: '2026-11-23 12:00:00',
          stop: null,
          seconds: 6 * 3600,
          download: 500,
          upload: 50,
          ip: null,
        },
        // long before the window: left out
        {
          id: '3',
          login: 'x',
          start: '2026-10-01 00:00:00',
          stop: '2026-10-02 00:00:00',
          seconds: 86_400,
          download: 999,
          upload: 99,
          ip: null,
        },
      ],
      '2026-11-23',
      '2026-11-23 18:00:00',
      4,
    );
    expect(days).toEqual([
      { day: '2026-11-20', download: 0, upload: 0 },
      { day: '2026-11-21', download: 600, upload: 60 },
      { day: '2026-11-22', download: 2400, upload: 240 },
      { day: '2026-11-23', download: 600 + 500, upload: 60 + 50 },
    ]);
  });
});
