import { createServer } from 'node:http';
import { ACS_DEMO, buildSim, DEMO_ACS, DEMO_IXC_TOKEN, IXC_DEMO } from '@central/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IxcClient } from '../ixc/client.ts';
import { listPppoeLogins } from '../ixc/radius.ts';
import { AcsClient, AcsError } from './client.ts';

let sim: FastifyInstance;
let simUrl: string;
let acsUrl: string;
let instance: string;

beforeAll(async () => {
  sim = await buildSim();
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  simUrl = `http://127.0.0.1:${address.port}`;
  const res = await fetch(`${simUrl}/__sim/acs/instances`, { method: 'POST' });
  ({ instance } = (await res.json()) as { instance: string });
  acsUrl = `${simUrl}/acs/${instance}`;
});
afterAll(() => sim.close());

const client = (o: Partial<ConstructorParameters<typeof AcsClient>[0]> = {}) =>
  new AcsClient({
    url: acsUrl,
    issuer: DEMO_ACS.issuer,
    privateKey: DEMO_ACS.privateKey,
    timeoutMs: 2000,
    ...o,
  });

async function parameters(device: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${simUrl}/__sim/acs/${instance}/devices/${encodeURIComponent(device)}`);
  return ((await res.json()) as { parameters: Record<string, unknown> }).parameters;
}
const simAdmin = (path: string, method = 'POST', body?: object) =>
  fetch(`${simUrl}/__sim/acs/${instance}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });

describe('IXC radusuarios', () => {
  it("lists a customer's active PPPoE logins only, without their passwords", async () => {
    const ixc = new IxcClient({ domain: `${simUrl}/ixc/demo`, token: DEMO_IXC_TOKEN, timeoutMs: 2000 });
    const maria = await listPppoeLogins(ixc, IXC_DEMO.customers.maria.id);
    // the hotspot login of her contract (autenticacao H) is no router's
    expect(maria).toEqual([
      {
        id: '6001',
        contractId: '101',
        login: 'maria.souza',
        online: 'S',
        ip: expect.stringMatching(/^100\.64\.\d+\.\d+$/),
        lastConnection: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 06:12:44$/),
      },
      {
        id: '6002',
        contractId: '102',
        login: 'maria.praia',
        online: 'N',
        ip: '',
        lastConnection: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 06:12:44$/),
      },
    ]);
    expect(JSON.stringify(maria)).not.toMatch(/senha/);
    expect(await listPppoeLogins(ixc, IXC_DEMO.customers.joao.id)).toEqual([
      expect.objectContaining({ login: 'joao.lima', online: 'SS' }),
    ]);
    // Carlos's only login is inactive
    expect(await listPppoeLogins(ixc, IXC_DEMO.customers.carlos.id)).toEqual([]);
    expect(await listPppoeLogins(ixc, '999')).toEqual([]);
  });
});

describe('GenieACS adapter against apps/sim', () => {
  it("maps Maria's TR-098 dual-band router: bands, WLAN paths, passwords and online from _lastInform", async () => {
    const found = await client().devicesByLogins(['maria.souza', 'maria.praia']);
    expect(found).toHaveLength(1);
    const [maria] = found;
    expect(maria).toMatchObject({
      id: ACS_DEMO.maria.id,
      serial: ACS_DEMO.maria.serial,
      pppLogin: 'maria.souza',
      manufacturer: 'Huawei Technologies Co., Ltd',
      model: 'EG8145V5',
      online: true,
    });
    expect(maria?.created).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(maria?.wlan).toEqual([
      {
        path: '1,1',
        band: '2.4',
        ssid: 'MARIA_2G',
        password: 'girassol2019',
        parameter: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase',
      },
      {
        path: '1,5',
        band: '5.8',
        ssid: 'MARIA_5G',
        password: 'girassol2019',
        parameter: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.5.PreSharedKey.1.KeyPassphrase',
      },
    ]);
  });

  it('maps a TR-181 device through AccessPoint → SSID → Radio, and an offline one', async () => {
    const found = await client().devicesByLogins(['joao.lima', 'paoquente', 'nobody']);
    const joao = found.find((d) => d.pppLogin === 'joao.lima');
    expect(joao).toMatchObject({
      id: ACS_DEMO.joao.id,
      serial: 'TPLK-2239A7104871',
      online: true,
      model: 'EX220',
    });
    expect(joao?.wlan.map((w) => [w.path, w.band, w.ssid, w.password, w.parameter])).toEqual([
      ['1,1', '2.4', 'LIMA_WIFI', '', 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase'],
      ['1,2', '5.8', 'LIMA_WIFI_5G', '', 'Device.WiFi.AccessPoint.2.Security.KeyPassphrase'],
    ]);
    const padaria = found.find((d) => d.pppLogin === 'paoquente');
    expect(padaria).toMatchObject({ serial: ACS_DEMO.padaria.serial, online: false });
    expect(Date.now() - Date.parse(padaria?.lastInform ?? '')).toBeGreaterThan(86_400_000);
    expect(await client().devicesByLogins([])).toEqual([]);
  });

  it('applies a password on an online device and queues it for an offline one, followed to done', async () => {
    const maria = ACS_DEMO.maria;
    const param5 = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.5.PreSharedKey.1.KeyPassphrase';
    expect(await client().setWifiPassword(maria.id, param5, 'sol-e-mar-5g')).toEqual({ status: 'applied' });
    expect((await parameters(maria.serial))[param5]).toBe('sol-e-mar-5g');

    const param24 = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase';
    const pending = await client().setWifiPassword(ACS_DEMO.padaria.id, param24, 'pao-na-chapa');
    expect(pending).toEqual({ status: 'pending', taskId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    if (pending.status !== 'pending') throw new Error('expected pending');
    expect(await client().taskState(pending.taskId)).toBe('pending');
    await simAdmin(`/devices/${ACS_DEMO.padaria.serial}/inform`);
    expect(await client().taskState(pending.taskId)).toBe('done');
    expect((await parameters(ACS_DEMO.padaria.serial))[param24]).toBe('pao-na-chapa');
  });

  it("the TR-181 device's escaped id reaches it; a fault, an unknown device and a faulted queued task throw or say so", async () => {
    expect(
      await client().setWifiPassword(
        ACS_DEMO.joao.id,
        'Device.WiFi.AccessPoint.1.Security.KeyPassphrase',
        'casa-do-joao',
      ),
    ).toEqual({ status: 'applied' });
    expect((await parameters(ACS_DEMO.joao.serial))['Device.WiFi.AccessPoint.1.Security.KeyPassphrase']).toBe(
      'casa-do-joao',
    );
    await expect(
      client().setWifiPassword(
        ACS_DEMO.maria.id,
        'InternetGatewayDevice.DeviceInfo.SerialNumber',
        'abcdefgh',
      ),
    ).rejects.toMatchObject({ kind: 'fault' });
    await expect(
      client().setWifiPassword('000000-NONE-1', 'InternetGatewayDevice.DeviceInfo.SerialNumber', 'abcdefgh'),
    ).rejects.toMatchObject({ kind: 'not_found', status: 404 });

    const queued = await client().setWifiPassword(
      ACS_DEMO.padaria.id,
      'InternetGatewayDevice.LANDevice.1.WLANConfiguration.9.PreSharedKey.1.KeyPassphrase',
      'abcdefghij',
    );
    if (queued.status !== 'pending') throw new Error('expected pending');
    await simAdmin(`/devices/${ACS_DEMO.padaria.serial}/inform`);
    expect(await client().taskState(queued.taskId)).toBe('faulted');
  });

  it('refuses with AcsError: a key the ACS does not know, an unreachable or slow ACS, a non-GenieACS answer', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await expect(client({ privateKey: otherKey }).devicesByLogins(['maria.souza'])).rejects.toMatchObject({
      kind: 'auth',
      status: 401,
    });
    await expect(client({ issuer: 'another' }).devicesByLogins(['maria.souza'])).rejects.toMatchObject({
      kind: 'auth',
    });
    await expect(
      client({ privateKey: '-----BEGIN PRIVATE KEY-----\nbroken' }).taskState('a'.repeat(24)),
    ).rejects.toBeInstanceOf(AcsError);
    await expect(client({ url: 'http://127.0.0.1:1/acs' }).devicesByLogins(['x'])).rejects.toMatchObject({
      kind: 'network',
    });
    // a server that never answers, and one that answers HTML
    const server = createServer((request, response) => {
      if (request.url?.startsWith('/slow')) return;
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      await expect(
        client({ url: `http://127.0.0.1:${port}/slow`, timeoutMs: 200 }).devicesByLogins(['x']),
      ).rejects.toMatchObject({ kind: 'timeout' });
      await expect(
        client({ url: `http://127.0.0.1:${port}/html` }).devicesByLogins(['x']),
      ).rejects.toMatchObject({
        kind: 'protocol',
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
