import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSim, startSim } from '../ixc/test-support.ts';
import { ACS_DEMO, DEMO_ACS } from './seed.ts';

let sim: RunningSim;
let base: string;

const demoKey = createPrivateKey(DEMO_ACS.privateKey);

async function token(
  o: {
    issuer?: string;
    key?: Parameters<SignJWT['sign']>[0];
    alg?: string;
    exp?: string | number;
    iat?: boolean;
  } = {},
) {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: o.alg ?? 'ES256' })
    .setIssuer(o.issuer ?? DEMO_ACS.issuer);
  if (o.iat !== false) jwt.setIssuedAt();
  if (o.exp !== undefined) jwt.setExpirationTime(o.exp);
  else jwt.setExpirationTime('60s');
  return jwt.sign(o.key ?? demoKey);
}

async function nbi(path: string, init: RequestInit & { bearer?: string | null } = {}) {
  const bearer = init.bearer === undefined ? await token() : init.bearer;
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(init.headers ?? {}) },
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, statusText: res.statusText, headers: res.headers, text, json };
}

type DeviceDoc = Record<string, unknown>;
/** The node at a dotted path of a document. */
function dig(doc: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

interface AdminAnswer {
  baseUrl: string;
  parameters: Record<string, unknown>;
  done: number;
  faulted: number;
  online: boolean;
}
const devices = async (query: object, projection?: string) =>
  (
    await nbi(
      `/devices/?query=${encodeURIComponent(JSON.stringify(query))}${projection ? `&projection=${projection}` : ''}`,
    )
  ).json as DeviceDoc[];

const task = (id: string, body: object, query = '?connection_request') =>
  nbi(`/devices/${encodeURIComponent(id)}/tasks${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const setPassword = (path: string, value: string) => ({
  name: 'setParameterValues',
  parameterValues: [[path, value, 'xsd:string']],
});
const wlanKey = (wlan: number) =>
  `InternetGatewayDevice.LANDevice.1.WLANConfiguration.${wlan}.PreSharedKey.1.KeyPassphrase`;

async function admin(method: string, path: string, body?: object) {
  const res = await fetch(`${sim.url}/__sim/acs${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as AdminAnswer };
}

beforeAll(async () => {
  sim = await startSim();
  const fresh = await admin('POST', '/instances');
  base = `${sim.url}${fresh.json.baseUrl}`;
});
afterAll(() => sim.close());

describe('GenieACS NBI: authentication', () => {
  it('answers a token signed with the instance key, with its issuer and a short lifetime', async () => {
    const ok = await nbi('/devices/?query=%7B%7D&projection=_id');
    expect(ok.status).toBe(200);
    expect((ok.json as DeviceDoc[]).map((d) => d._id).sort()).toEqual(
      Object.values(ACS_DEMO)
        .map((d) => d.id)
        .sort(),
    );
  });

  it('refuses a missing token, another key, another issuer, HS256, no iat, an expired or long-lived token', async () => {
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const bad = [
      null,
      'not-a-jwt',
      await token({ key: otherKey }),
      await token({ issuer: 'someone-else' }),
      await token({ alg: 'HS256', key: new TextEncoder().encode(DEMO_ACS.privateKey) }),
      await token({ iat: false }),
      await token({ exp: Math.floor(Date.now() / 1000) - 120 }),
      await token({ exp: '10m' }),
    ];
    for (const bearer of bad) {
      const res = await nbi('/devices/', { bearer });
      expect(res.status, String(bearer)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const tasks = await nbi(`/devices/${encodeURIComponent(ACS_DEMO.maria.id)}/tasks?connection_request`, {
      method: 'POST',
      bearer: null,
      body: JSON.stringify(setPassword(wlanKey(1), 'x'.repeat(10))),
    });
    expect(tasks.status).toBe(401);
  });
});

describe('GenieACS NBI: queries', () => {
  const username098 = 'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.Username';
  const username181 = 'Device.PPP.Interface.1.Username';

  it('stores devices as GenieACS does: ids, _deviceId, dates and parameters with their attributes', async () => {
    const [maria] = await devices({ _id: ACS_DEMO.maria.id });
    expect(dig(maria, '_deviceId')).toEqual({
      _Manufacturer: 'Huawei Technologies Co., Ltd',
      _OUI: '00259E',
      _ProductClass: 'EG8145V5',
      _SerialNumber: ACS_DEMO.maria.serial,
    });
    expect(Date.now() - Date.parse(String(dig(maria, '_lastInform')))).toBeLessThan(300_000);
    expect(dig(maria, '_registered')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(dig(maria, 'InternetGatewayDevice._object')).toBe(true);
    expect(dig(maria, 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.5.SSID')).toMatchObject({
      _value: 'MARIA_5G',
      _type: 'xsd:string',
      _writable: true,
    });
    expect(dig(maria, 'InternetGatewayDevice.DeviceInfo.SerialNumber._writable')).toBe(false);
    // the '-' of a serial is escaped in the id
    const [joao] = await devices({ '_deviceId._SerialNumber': 'TPLK-2239A7104871' }, '_id');
    expect(joao).toEqual({ _id: '5C628B-EX220-TPLK%2D2239A7104871' });
  });

  it('finds devices by PPPoE login over TR-098 and TR-181 paths, with or without ._value', async () => {
    const ids = async (q: object) => (await devices(q, '_id')).map((d) => d._id).sort();
    const logins = ['maria.souza', 'joao.lima', 'nobody'];
    expect(
      await ids({
        $or: [{ [`${username098}._value`]: { $in: logins } }, { [`${username181}._value`]: { $in: logins } }],
      }),
    ).toEqual([ACS_DEMO.joao.id, ACS_DEMO.maria.id].sort());
    expect(await ids({ [username098]: 'paoquente' })).toEqual([ACS_DEMO.padaria.id]);
    expect(await ids({ [username098]: { $eq: 'PAOQUENTE' } })).toEqual([]);
    expect(await ids({ [username181]: { $exists: true } })).toEqual([ACS_DEMO.joao.id]);
    expect(await ids({ _id: { $regex: '^00259E-' } })).toEqual([ACS_DEMO.maria.id]);
    expect(await ids({ _id: { $ne: ACS_DEMO.maria.id }, [username181]: { $exists: false } })).toEqual(
      [ACS_DEMO.oficina.id, ACS_DEMO.padaria.id].sort(),
    );
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    expect(await ids({ _lastInform: { $lt: hourAgo } })).toEqual([ACS_DEMO.padaria.id]);
    expect(await ids({ _tags: 'none' })).toEqual([]);
  });

  it('honours the projection, answers a GenieACS listing and refuses bad queries', async () => {
    const res = await nbi(
      `/devices/?query=${encodeURIComponent(JSON.stringify({ _id: ACS_DEMO.maria.id }))}&projection=_deviceId._SerialNumber,${username098}`,
    );
    expect(res.headers.get('total')).toBe('1');
    expect(res.text.startsWith('[\n{')).toBe(true);
    expect(res.json).toEqual([
      {
        _id: ACS_DEMO.maria.id,
        _deviceId: { _SerialNumber: ACS_DEMO.maria.serial },
        InternetGatewayDevice: {
          WANDevice: {
            '1': {
              WANConnectionDevice: {
                '1': {
                  WANPPPConnection: { '1': { Username: expect.objectContaining({ _value: 'maria.souza' }) } },
                },
              },
            },
          },
        },
      },
    ]);
    expect((await nbi(`/devices/?query=${encodeURIComponent('{bad')}`)).status).toBe(400);
    expect((await nbi(`/devices/?query=${encodeURIComponent('{"$where":"1"}')}`)).status).toBe(400);
    expect((await nbi(`/devices/?query=${encodeURIComponent('{"_id":"none"}')}`)).text).toBe('[\n\n]');
  });
});

describe('GenieACS NBI: tasks', () => {
  it('applies a setParameterValues on an online device at once (200), read back afterwards', async () => {
    const res = await task(ACS_DEMO.maria.id, setPassword(wlanKey(5), 'nova-senha-5g'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'setParameterValues',
      device: ACS_DEMO.maria.id,
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const [maria] = await devices({ _id: ACS_DEMO.maria.id }, wlanKey(5));
    expect(dig(maria, `${wlanKey(5)}._value`)).toBe('nova-senha-5g');
    const seen = await admin('GET', `/${base.split('/').at(-1)}/devices/${ACS_DEMO.maria.serial}`);
    expect(seen.json.parameters[wlanKey(5)]).toBe('nova-senha-5g');
    expect(seen.json.parameters[wlanKey(1)]).toBe('girassol2019');
    expect(
      (
        await nbi(
          `/tasks/?query=${encodeURIComponent(JSON.stringify({ _id: (res.json as { _id: string })._id }))}`,
        )
      ).json,
    ).toEqual([]);
  });

  it('queues it for an offline device (202) until the device informs', async () => {
    const instance = base.split('/').at(-1);
    const res = await task(
      ACS_DEMO.padaria.id,
      setPassword(wlanKey(1), 'pao-de-queijo'),
      '?connection_request&timeout=3000',
    );
    expect(res.status).toBe(202);
    expect(res.statusText).toBe('Task queued but not processed');
    const id = (res.json as { _id: string })._id;
    const queued = await nbi(`/tasks/?query=${encodeURIComponent(JSON.stringify({ _id: id }))}`);
    expect(queued.json).toEqual([expect.objectContaining({ _id: id, device: ACS_DEMO.padaria.id })]);
    let seen = await admin('GET', `/${instance}/devices/${ACS_DEMO.padaria.serial}`);
    expect(seen.json.parameters[wlanKey(1)]).toBe('paoquente123');

    const inform = await admin('POST', `/${instance}/devices/${ACS_DEMO.padaria.serial}/inform`);
    expect(inform.json).toMatchObject({ done: 1, faulted: 0, online: false });
    seen = await admin('GET', `/${instance}/devices/${ACS_DEMO.padaria.serial}`);
    expect(seen.json.parameters[wlanKey(1)]).toBe('pao-de-queijo');
    expect((await nbi(`/tasks/?query=${encodeURIComponent(JSON.stringify({ _id: id }))}`)).json).toEqual([]);
    expect((await nbi(`/faults/`)).json).toEqual([]);

    // back online, it takes connection requests again
    await admin('PUT', `/${instance}/devices/${ACS_DEMO.padaria.serial}/online`, { online: true });
    expect((await task(ACS_DEMO.padaria.id, setPassword(wlanKey(5), 'pao-de-queijo-5g'))).status).toBe(200);
    await admin('PUT', `/${instance}/devices/${ACS_DEMO.padaria.serial}/online`, { online: false });
  });

  it('faults a non-writable or unknown parameter and an invalid passphrase (202 Task faulted)', async () => {
    const cases = [
      ['InternetGatewayDevice.DeviceInfo.SerialNumber', 'X', 'cwmp.9008'],
      [
        'InternetGatewayDevice.LANDevice.1.WLANConfiguration.9.PreSharedKey.1.KeyPassphrase',
        'senha-longa',
        'cwmp.9005',
      ],
      [wlanKey(1), 'curta', 'cwmp.9007'],
    ] as const;
    for (const [path, value, code] of cases) {
      const res = await task(ACS_DEMO.oficina.id, setPassword(path, value));
      expect(res.status, path).toBe(202);
      expect(res.statusText).toBe('Task faulted');
      const id = (res.json as { _id: string })._id;
      const faults = (
        await nbi(`/faults/?query=${encodeURIComponent(JSON.stringify({ channel: `task_${id}` }))}`)
      ).json as unknown[];
      expect(faults).toEqual([
        expect.objectContaining({
          _id: `${ACS_DEMO.oficina.id}:task_${id}`,
          device: ACS_DEMO.oficina.id,
          code,
        }),
      ]);
      // the faulted task stays, as in GenieACS, until it is retried or deleted
      expect(
        (await nbi(`/tasks/?query=${encodeURIComponent(JSON.stringify({ _id: id }))}`)).json,
      ).toHaveLength(1);
      expect((await nbi(`/tasks/${id}`, { method: 'DELETE' })).status).toBe(200);
    }
    // nothing was set: SetParameterValues is all or nothing
    const instance = base.split('/').at(-1);
    const seen = await admin('GET', `/${instance}/devices/${ACS_DEMO.oficina.serial}`);
    expect(seen.json.parameters[wlanKey(1)]).toBe('oficina2irmaos');
  });

  it("answers 404 'No such device' and 400 to a bad body", async () => {
    const none = await task('000000-NONE-000', setPassword(wlanKey(1), 'abcdefghij'));
    expect(none.status).toBe(404);
    expect(none.text).toBe('No such device');
    const bad = await nbi(`/devices/${encodeURIComponent(ACS_DEMO.maria.id)}/tasks?connection_request`, {
      method: 'POST',
      body: '{not json',
    });
    expect(bad.status).toBe(400);
  });

  it('finds the TR-181 device by its escaped id and sets its access point passphrase', async () => {
    const path = 'Device.WiFi.AccessPoint.2.Security.KeyPassphrase';
    const res = await task(ACS_DEMO.joao.id, setPassword(path, 'lima-5g-2025'));
    expect(res.status).toBe(200);
    const instance = base.split('/').at(-1);
    const seen = await admin('GET', `/${instance}/devices/${encodeURIComponent(ACS_DEMO.joao.id)}`);
    expect(seen.json.parameters[path]).toBe('lima-5g-2025');
    expect(seen.json.parameters['Device.WiFi.AccessPoint.1.Security.KeyPassphrase']).toBe('');
  });
});
