import { type Device, messages } from '@central/domain';
import { ACS_DEMO, DEMO_ACS } from '@central/sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';
import { wifiChanges } from '../../db/schema.ts';
import { jobsOf } from '../../services.ts';
import { DEVICE_LIMITS } from './service.ts';

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const JOAO = '11144477735';
/** Rafael's only PPPoE login is inactive (his contract awaits signature). */
const RAFAEL = '46813579282';
const FERNANDA = '71460238001';

type Jar = Record<string, string>;
type Tenant = Awaited<ReturnType<Harness['tenant']>>;

let h: Harness;
/** A demo provider with its own copy of the sim's GenieACS. */
let demo: Tenant;
let maria: Jar;
let padaria: Jar;

const session = (t: Tenant, document: string): Promise<Jar> => h.customerSession(t.clientId, document);

const get = (t: Tenant, jar: Jar, url: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/acs${url}`,
    headers: { client_id: t.clientId, cookie: cookieHeader(jar) },
  });
const patch = (t: Tenant, jar: Jar, url: string, password: unknown) =>
  h.app.inject({
    method: 'PATCH',
    url: `/api/acs${url}`,
    headers: { client_id: t.clientId, cookie: cookieHeader(jar) },
    payload: { password },
  });

async function simDevice(t: Tenant, device: string) {
  const res = await fetch(`${h.simUrl}/__sim/acs/${t.acsInstance}/devices/${encodeURIComponent(device)}`);
  return (await res.json()) as { parameters: Record<string, unknown>; pendingTasks: string[] };
}
const simInform = (t: Tenant, device: string) =>
  fetch(`${h.simUrl}/__sim/acs/${t.acsInstance}/devices/${encodeURIComponent(device)}/inform`, {
    method: 'POST',
  });

const passphrase = (wlan: number) =>
  `InternetGatewayDevice.LANDevice.1.WLANConfiguration.${wlan}.PreSharedKey.1.KeyPassphrase`;

/** Whatever the API answered must never carry the ERP's RADIUS passwords. */
function noRadiusSecrets(body: string) {
  expect(body).not.toMatch(/senha_rede_sem_fio|"senha"/);
}

beforeAll(async () => {
  h = await startHarness();
  demo = await h.tenant({ credentials: [MARIA, PADARIA, JOAO, RAFAEL], acs: true });
  maria = await session(demo, MARIA);
  padaria = await session(demo, PADARIA);
});
afterAll(() => h.close());

describe('check', () => {
  it('is configured for Maria: the provider has an ACS and she has PPPoE logins', async () => {
    const res = await get(demo, maria, '/customer/check');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ is_acs_configured: true });
  });

  it('is not for a customer without an active PPPoE login, nor on a provider without ACS', async () => {
    expect((await get(demo, await session(demo, RAFAEL), '/customer/check')).json()).toEqual({
      is_acs_configured: false,
    });
    const outro = await h.tenant({ from: 'outro', credentials: [FERNANDA] });
    const fernanda = await session(outro, FERNANDA);
    expect((await get(outro, fernanda, '/customer/check')).json()).toEqual({ is_acs_configured: false });
    // the device routes say so
    const devices = await get(outro, fernanda, '/devices');
    expect(devices.statusCode).toBe(404);
    expect(devices.json()).toEqual({ code: 'ACS_NOT_CONFIGURED', message: messages.acsNotConfigured });
    expect((await patch(outro, fernanda, '/device/X1/1,1', 'senha-nova-123')).json().code).toBe(
      'ACS_NOT_CONFIGURED',
    );
  });

  it('needs a session of this provider', async () => {
    expect((await get(demo, {}, '/customer/check')).statusCode).toBe(401);
    const other = await h.tenant({ credentials: [MARIA], acs: true });
    expect((await get(other, maria, '/devices')).statusCode).toBe(401);
  });
});

describe('devices', () => {
  it("lists Maria's dual-band router, found through her ERP logins, bands 2.4 and 5.8", async () => {
    const res = await get(demo, maria, '/devices');
    expect(res.statusCode).toBe(200);
    noRadiusSecrets(res.body);
    const { devices } = res.json() as { devices: Device[] };
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({
      serialNumber: ACS_DEMO.maria.serial,
      deviceInfo: {
        pppLogin: 'maria.souza',
        manufacturer: 'Huawei Technologies Co., Ltd',
        model: 'EG8145V5',
        wlanData: {
          '2.4': [{ path: '1,1', ssid: 'MARIA_2G', password: expect.any(String) }],
          '5.8': [{ path: '1,5', ssid: 'MARIA_5G', password: expect.any(String) }],
        },
      },
      online: true,
      pending: [],
    });
    const one = await get(demo, maria, `/device/${ACS_DEMO.maria.serial}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(devices[0]);
  });

  it("answers not found for another customer's serial, an unknown one, or a bad one", async () => {
    for (const serial of [ACS_DEMO.padaria.serial, ACS_DEMO.joao.serial, 'NAOEXISTE123']) {
      const res = await get(demo, maria, `/device/${encodeURIComponent(serial)}`);
      expect(res.statusCode, serial).toBe(404);
      expect(res.json()).toEqual({ code: 'DEVICE_NOT_FOUND', message: messages.deviceNotFound });
      const change = await patch(demo, maria, `/device/${encodeURIComponent(serial)}/1,1`, 'senha-nova-123');
      expect(change.statusCode).toBe(404);
    }
    expect((await get(demo, maria, '/device/a%20b')).statusCode).toBe(400);
    // a WLAN entry the router does not have
    const res = await patch(demo, maria, `/device/${ACS_DEMO.maria.serial}/1,3`, 'senha-nova-123');
    expect(res.statusCode).toBe(404);
    expect((await simDevice(demo, ACS_DEMO.padaria.serial)).pendingTasks).toEqual([]);
  });

  it('lists a TR-181 router by its access points', async () => {
    const joao = await session(demo, JOAO);
    const { devices } = (await get(demo, joao, '/devices')).json() as { devices: Device[] };
    expect(devices.map((d) => [d.serialNumber, d.deviceInfo.wlanData])).toEqual([
      [
        ACS_DEMO.joao.serial,
        {
          '2.4': [{ path: '1,1', ssid: 'LIMA_WIFI', password: '' }],
          '5.8': [{ path: '1,2', ssid: 'LIMA_WIFI_5G', password: '' }],
        },
      ],
    ]);
    const res = await patch(demo, joao, `/device/${ACS_DEMO.joao.serial}/1,2`, 'casa do joao 5g');
    expect(res.json()).toEqual({ status: 'applied', message: messages.devicePasswordChanged });
    expect(
      (await simDevice(demo, ACS_DEMO.joao.id)).parameters[
        'Device.WiFi.AccessPoint.2.Security.KeyPassphrase'
      ],
    ).toBe('casa do joao 5g');
  });
});

describe('Wi-Fi passwords', () => {
  it("changes Maria's 5.8 GHz password at once, and it is on the router", async () => {
    const res = await patch(demo, maria, `/device/${ACS_DEMO.maria.serial}/1,5`, 'Sol&Mar-5G!');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'applied', message: messages.devicePasswordChanged });
    const router = await simDevice(demo, ACS_DEMO.maria.serial);
    expect(router.parameters[passphrase(5)]).toBe('Sol&Mar-5G!');
    expect(router.parameters[passphrase(1)]).toBe('girassol2019');
    const { devices } = (await get(demo, maria, '/devices')).json() as { devices: Device[] };
    expect(devices[0]?.deviceInfo.wlanData['5.8'][0]?.password).toBe('Sol&Mar-5G!');
    expect(h.logLines.join('')).not.toContain('Sol&Mar-5G!');
  });

  it("keeps Padaria's change pending while the router is offline, and the job applies it after it informs", async () => {
    const res = await patch(demo, padaria, `/device/${ACS_DEMO.padaria.serial}/1,1`, 'pao-quente-2025');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending', message: messages.devicePasswordPending });

    const shown = (await get(demo, padaria, `/device/${ACS_DEMO.padaria.serial}`)).json() as Device;
    expect(shown.online).toBe(false);
    expect(shown.pending).toEqual([{ band: '2.4', path: '1,1', requested_at: expect.any(String) }]);
    expect(shown.deviceInfo.wlanData['2.4'][0]?.password).toBe('paoquente123');
    const rows = await h.database.db.select().from(wifiChanges).where(eq(wifiChanges.tenantId, demo.row.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ serial: ACS_DEMO.padaria.serial, status: 'pending', band: '2.4' });
    expect(JSON.stringify(rows)).not.toContain('pao-quente-2025');

    // still offline at the next run: nothing changes
    await h.services.devices.settlePending();
    expect(
      (
        await h.database.db
          .select()
          .from(wifiChanges)
          .where(eq(wifiChanges.id, rows[0]?.id ?? ''))
      )[0]?.status,
    ).toBe('pending');

    await simInform(demo, ACS_DEMO.padaria.serial);
    await h.services.devices.settlePending();
    const [settled] = await h.database.db
      .select()
      .from(wifiChanges)
      .where(eq(wifiChanges.id, rows[0]?.id ?? ''));
    expect(settled?.status).toBe('applied');
    expect(settled?.settledAt).toBeInstanceOf(Date);
    const after = (await get(demo, padaria, `/device/${ACS_DEMO.padaria.serial}`)).json() as Device;
    expect(after.pending).toEqual([]);
    expect(after.deviceInfo.wlanData['2.4'][0]?.password).toBe('pao-quente-2025');
    expect((await simDevice(demo, ACS_DEMO.padaria.serial)).parameters[passphrase(1)]).toBe(
      'pao-quente-2025',
    );
  });

  it('marks a change expired after a day', async () => {
    const t = await h.tenant({ credentials: [PADARIA], acs: true });
    const [row] = await h.database.db
      .insert(wifiChanges)
      .values({
        tenantId: t.row.id,
        erpCustomerId: '2',
        deviceId: ACS_DEMO.padaria.id,
        serial: ACS_DEMO.padaria.serial,
        path: '1,5',
        band: '5.8',
        taskId: 'f'.repeat(24),
        createdAt: new Date(Date.now() - 25 * 3600_000),
        expiresAt: new Date(Date.now() - 3600_000),
      })
      .returning();
    await h.services.devices.settlePending();
    const [expired] = await h.database.db
      .select()
      .from(wifiChanges)
      .where(eq(wifiChanges.id, row?.id ?? ''));
    expect(expired?.status).toBe('expired');
    const shown = (
      await get(t, await session(t, PADARIA), `/device/${ACS_DEMO.padaria.serial}`)
    ).json() as Device;
    expect(shown.pending).toEqual([]);
  });

  it('refuses bad passwords with the Portuguese message', async () => {
    const url = `/device/${ACS_DEMO.maria.serial}/1,1`;
    const cases: [unknown, string][] = [
      ['1234567', messages.wifiPasswordLength],
      ['x'.repeat(64), messages.wifiPasswordLength],
      ['senha-çãé-123', messages.wifiPasswordCharacters],
      ['', messages.wifiPasswordRequired],
    ];
    for (const [password, message] of cases) {
      const res = await patch(demo, maria, url, password);
      expect(res.statusCode, String(password)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
    }
    expect(
      (await patch(demo, maria, `/device/${ACS_DEMO.maria.serial}/1-1`, 'senha-nova-123')).statusCode,
    ).toBe(400);
    expect((await simDevice(demo, ACS_DEMO.maria.serial)).parameters[passphrase(1)]).toBe('girassol2019');
  });

  it('limits password changes per customer', async () => {
    const t = await h.tenant({ credentials: [MARIA], acs: true });
    const jar = await session(t, MARIA);
    const { limit } = DEVICE_LIMITS.passwordChangesPerCustomer;
    for (let i = 0; i < limit; i++) {
      const res = await patch(t, jar, `/device/${ACS_DEMO.maria.serial}/1,1`, `senha-numero-${i}`);
      expect(res.statusCode).toBe(200);
    }
    const refused = await patch(t, jar, `/device/${ACS_DEMO.maria.serial}/1,1`, 'senha-demais-1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });
});

describe('failures', () => {
  it('answers the catalogued error when the ERP fails, never a 500', async () => {
    const t = await h.tenant({ credentials: [MARIA], acs: true });
    const jar = await session(t, MARIA);
    await t.simFaults({ table: 'radusuarios', mode: 'http500' });
    try {
      const check = await get(t, jar, '/customer/check');
      expect(check.statusCode).toBe(502);
      expect(check.json()).toEqual({ code: 'DEVICES_FAILED', message: messages.devicesFailed });
      expect((await get(t, jar, '/devices')).json().code).toBe('DEVICES_FAILED');
      const one = await get(t, jar, `/device/${ACS_DEMO.maria.serial}`);
      expect(one.json()).toEqual({ code: 'DEVICES_FAILED', message: messages.deviceFailed });
      const change = await patch(t, jar, `/device/${ACS_DEMO.maria.serial}/1,5`, 'senha-nova-123');
      expect(change.statusCode).toBe(502);
      expect(change.json().code).toBe('DEVICE_PASSWORD_FAILED');
    } finally {
      await t.simFaults(null);
    }
  });

  it('answers the catalogued error when the ACS is down or refuses the key', async () => {
    for (const acs of [
      { url: 'http://127.0.0.1:1/acs', issuer: DEMO_ACS.issuer, privateKey: DEMO_ACS.privateKey },
      { url: `${h.simUrl}/acs/demo`, issuer: 'someone-else', privateKey: DEMO_ACS.privateKey },
      { url: `${h.simUrl}/acs/demo`, issuer: DEMO_ACS.issuer, privateKey: 'not a key the ACS knows' },
    ]) {
      const t = await h.tenant({ credentials: [MARIA], acs });
      const jar = await session(t, MARIA);
      // the check needs the ERP only
      expect((await get(t, jar, '/customer/check')).json()).toEqual({ is_acs_configured: true });
      const list = await get(t, jar, '/devices');
      expect(list.statusCode).toBe(502);
      expect(list.json()).toEqual({ code: 'DEVICES_FAILED', message: messages.devicesFailed });
      const change = await patch(t, jar, `/device/${ACS_DEMO.maria.serial}/1,5`, 'senha-nova-123');
      expect(change.statusCode).toBe(502);
      expect(change.json().code).toBe('DEVICE_PASSWORD_FAILED');
    }
    expect(h.logLines.join('')).not.toContain('senha-nova-123');
    expect(h.logLines.join('')).not.toContain(MARIA);
  });

  it('has its job registered with the workers', () => {
    expect(jobsOf(h.services, h.database).map((j) => j.queue)).toContain('settle-wifi-changes');
  });
});
