import { bandOf, type WlanBand } from '@central/domain';
import { z } from 'zod';
import { acsToken } from './token.ts';

// GenieACS's NBI (docs/api-reference.rst, lib/nbi.ts): devices are MongoDB documents searched with a
// JSON query, parameters nested objects with `_value`; tasks are posted to a device and answered 200
// (done in a session the connection request opened), 202 (queued: the device did not come; or
// 'Task faulted') or 404 ('No such device'). Every call carries a fresh JWT of the tenant's issuer.

export type AcsErrorKind = 'timeout' | 'network' | 'auth' | 'http' | 'protocol' | 'not_found' | 'fault';

export class AcsError extends Error {
  constructor(
    readonly kind: AcsErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AcsError';
  }
}

export interface AcsClientOptions {
  /** The NBI's base URL, e.g. `https://acs.provider.com.br:7557` or `http://127.0.0.1:4010/acs/demo`. */
  url: string;
  issuer: string;
  privateKey: string;
  /** Searches. */
  timeoutMs?: number;
  /** How long GenieACS waits for the device to answer a connection request (its `timeout` parameter). */
  connectionRequestMs?: number;
  now?: () => number;
}

/** Where the PPPoE login sits: TR-098 (first WAN connection) and TR-181. */
export const PPPOE_USERNAME_PATHS = {
  tr098: 'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.Username',
  tr181: 'Device.PPP.Interface.1.Username',
} as const;

/** A device's `_lastInform` older than twice its inform interval (300 s when unreported) is offline. */
const DEFAULT_INFORM_INTERVAL_S = 300;
const MIN_ONLINE_WINDOW_MS = 5 * 60_000;

const PROJECTION = [
  '_deviceId',
  '_lastInform',
  '_registered',
  PPPOE_USERNAME_PATHS.tr098,
  'InternetGatewayDevice.DeviceInfo.Manufacturer',
  'InternetGatewayDevice.DeviceInfo.ModelName',
  'InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
  // Wi-Fi lives under the first LAN device on every CPE we know; its host tables are left out.
  'InternetGatewayDevice.LANDevice.1.WLANConfiguration',
  PPPOE_USERNAME_PATHS.tr181,
  'Device.DeviceInfo.Manufacturer',
  'Device.DeviceInfo.ModelName',
  'Device.ManagementServer.PeriodicInformInterval',
  'Device.WiFi.Radio',
  'Device.WiFi.SSID',
  'Device.WiFi.AccessPoint',
].join(',');

/** One Wi-Fi network of a device, with the parameter its passphrase is set through. */
export interface AcsWlan {
  /** `{lanDeviceIndex},{wlanConfigIndex}`; TR-181 devices: `1,{accessPointIndex}`. */
  path: string;
  band: WlanBand;
  ssid: string;
  /** What the device last reported ('' when it does not read passphrases back). */
  password: string;
  parameter: string;
}

export interface AcsDevice {
  /** GenieACS's `_id` (OUI-ProductClass-Serial, escaped). */
  id: string;
  serial: string;
  pppLogin: string;
  manufacturer: string;
  model: string;
  created: string | null;
  lastInform: string | null;
  online: boolean;
  wlan: AcsWlan[];
}

export type PasswordChange = { status: 'applied' } | { status: 'pending'; taskId: string };
export type TaskState = 'pending' | 'done' | 'faulted';

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const node = z.record(z.string(), z.unknown());
const deviceDoc = z.looseObject({
  _id: z.string().min(1),
  _deviceId: z
    .looseObject({
      _Manufacturer: z.string().optional(),
      _ProductClass: z.string().optional(),
      _SerialNumber: z.string().optional(),
    })
    .optional(),
  _lastInform: z.string().optional(),
  _registered: z.string().optional(),
});
const devicesAnswer = z.array(deviceDoc);
const idsAnswer = z.array(z.looseObject({ _id: z.string() }));
const taskAnswer = z.looseObject({ _id: z.string().regex(/^[0-9a-f]{24}$/) });

type Tree = Record<string, unknown>;

function child(tree: unknown, key: string): Tree | undefined {
  const parsed = node.safeParse(tree);
  if (!parsed.success) return undefined;
  const next = node.safeParse(parsed.data[key]);
  return next.success ? next.data : undefined;
}

function at(tree: unknown, path: string): Tree | undefined {
  let current: unknown = tree;
  for (const key of path.split('.')) {
    current = child(current, key);
    if (!current) return undefined;
  }
  return current as Tree;
}

/** A parameter's value as text, or undefined. */
function valueAt(tree: unknown, path: string): string | undefined {
  const value = scalar.safeParse(at(tree, path)?._value);
  return value.success ? String(value.data) : undefined;
}

/** The instance numbers of a multi-instance object, ascending. */
function instances(tree: Tree | undefined): number[] {
  if (!tree) return [];
  return Object.keys(tree)
    .filter((k) => /^\d{1,3}$/.test(k))
    .map(Number)
    .sort((a, b) => a - b);
}

const isoOrNull = (value: string | undefined) => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

function tr098Wlans(doc: Tree): AcsWlan[] {
  const configs = at(doc, 'InternetGatewayDevice.LANDevice.1.WLANConfiguration');
  return instances(configs).flatMap((j) => {
    const config = child(configs, String(j));
    const ssid = valueAt(config, 'SSID');
    if (ssid === undefined) return [];
    const base = `InternetGatewayDevice.LANDevice.1.WLANConfiguration.${j}`;
    return [
      {
        path: `1,${j}`,
        band: bandOf({
          frequencyBand: valueAt(config, 'OperatingFrequencyBand'),
          standard: valueAt(config, 'Standard'),
        }),
        ssid,
        password: valueAt(config, 'PreSharedKey.1.KeyPassphrase') ?? valueAt(config, 'KeyPassphrase') ?? '',
        parameter: `${base}.PreSharedKey.1.KeyPassphrase`,
      },
    ];
  });
}

/** TR-181: AccessPoint.{i} → its SSIDReference → that SSID's LowerLayers radio → the radio's band. */
function tr181Wlans(doc: Tree): AcsWlan[] {
  const wifi = at(doc, 'Device.WiFi');
  const points = child(wifi, 'AccessPoint');
  const refIndex = (ref: string | undefined, object: string) =>
    new RegExp(`^Device\\.WiFi\\.${object}\\.(\\d+)\\.?$`).exec(ref?.split(',')[0]?.trim() ?? '')?.[1];
  return instances(points).flatMap((i) => {
    const point = child(points, String(i));
    const ssidIndex = refIndex(valueAt(point, 'SSIDReference'), 'SSID');
    const ssid = ssidIndex ? child(child(wifi, 'SSID'), ssidIndex) : undefined;
    const name = valueAt(ssid, 'SSID');
    if (name === undefined) return [];
    const radioIndex = refIndex(valueAt(ssid, 'LowerLayers'), 'Radio');
    const radio = radioIndex ? child(child(wifi, 'Radio'), radioIndex) : undefined;
    return [
      {
        path: `1,${i}`,
        band: bandOf({
          frequencyBand: valueAt(radio, 'OperatingFrequencyBand'),
          standard: valueAt(radio, 'OperatingStandards'),
        }),
        ssid: name,
        password: valueAt(point, 'Security.KeyPassphrase') ?? '',
        parameter: `Device.WiFi.AccessPoint.${i}.Security.KeyPassphrase`,
      },
    ];
  });
}

export class AcsClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly connectionRequestMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: AcsClientOptions) {
    this.baseUrl = opts.url.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 8000;
    this.connectionRequestMs = opts.connectionRequestMs ?? 5000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * The devices whose PPPoE username is one of `logins`, in one query; a device the ACS answers with
   * another username is dropped (the filter is not trusted for ownership).
   */
  async devicesByLogins(logins: string[]): Promise<AcsDevice[]> {
    const wanted = [...new Set(logins.filter((l) => l.trim() !== ''))];
    if (wanted.length === 0) return [];
    const query = {
      $or: Object.values(PPPOE_USERNAME_PATHS).map((path) => ({ [`${path}._value`]: { $in: wanted } })),
    };
    const answer = await this.json(
      `/devices/?query=${encodeURIComponent(JSON.stringify(query))}&projection=${encodeURIComponent(PROJECTION)}`,
    );
    const parsed = devicesAnswer.safeParse(answer);
    if (!parsed.success) throw new AcsError('protocol', 'unexpected devices answer from the ACS');
    return parsed.data.flatMap((doc) => {
      const device = this.toDevice(doc);
      return device && wanted.includes(device.pppLogin) ? [device] : [];
    });
  }

  /**
   * Sets a Wi-Fi passphrase with a connection request: `applied` when the device took it in the session
   * (200), `pending` with the task's id when GenieACS queued it for the next inform (202). A fault, an
   * unknown device or any other answer throws.
   */
  async setWifiPassword(deviceId: string, parameter: string, password: string): Promise<PasswordChange> {
    const body = {
      name: 'setParameterValues',
      parameterValues: [[parameter, password, 'xsd:string']],
    };
    const response = await this.request(
      `/devices/${encodeURIComponent(deviceId)}/tasks?connection_request&timeout=${this.connectionRequestMs}`,
      {
        method: 'POST',
        body: JSON.stringify(body),
        // GenieACS waits for the connection request, then for the session to end
        timeoutMs: this.timeoutMs + this.connectionRequestMs * 3,
      },
    );
    const text = await response.text();
    if (response.status === 404) throw new AcsError('not_found', 'the ACS does not know the device', 404);
    if (response.status !== 200 && response.status !== 202)
      throw new AcsError('http', `ACS answered HTTP ${response.status}`, response.status);
    if (response.status === 202 && /fault/i.test(response.statusText))
      throw new AcsError('fault', 'the device refused the Wi-Fi password', 202);
    const task = taskAnswer.safeParse(safeJson(text));
    if (!task.success) throw new AcsError('protocol', 'unexpected task answer from the ACS');
    return response.status === 200 ? { status: 'applied' } : { status: 'pending', taskId: task.data._id };
  }

  /** A queued task: still queued, done (gone without a fault) or faulted. */
  async taskState(taskId: string): Promise<TaskState> {
    if (!/^[0-9a-f]{24}$/.test(taskId)) throw new Error('not a GenieACS task id');
    const search = (collection: string, query: object) =>
      this.json(`/${collection}/?query=${encodeURIComponent(JSON.stringify(query))}&projection=_id`).then(
        (answer) => {
          const parsed = idsAnswer.safeParse(answer);
          if (!parsed.success) throw new AcsError('protocol', `unexpected ${collection} answer from the ACS`);
          return parsed.data;
        },
      );
    const [tasks, faults] = await Promise.all([
      search('tasks', { _id: taskId }),
      search('faults', { channel: `task_${taskId}` }),
    ]);
    if (faults.length > 0) return 'faulted';
    return tasks.length > 0 ? 'pending' : 'done';
  }

  private toDevice(doc: z.infer<typeof deviceDoc>): AcsDevice | null {
    const tr181 = at(doc, 'Device') !== undefined && at(doc, 'InternetGatewayDevice') === undefined;
    const root = tr181 ? 'Device' : 'InternetGatewayDevice';
    const login = valueAt(doc, tr181 ? PPPOE_USERNAME_PATHS.tr181 : PPPOE_USERNAME_PATHS.tr098);
    if (!login) return null;
    const lastInform = isoOrNull(doc._lastInform);
    const interval = Number(valueAt(doc, `${root}.ManagementServer.PeriodicInformInterval`));
    const windowMs = Math.max(
      MIN_ONLINE_WINDOW_MS,
      2 * 1000 * (Number.isFinite(interval) && interval > 0 ? interval : DEFAULT_INFORM_INTERVAL_S),
    );
    return {
      id: doc._id,
      serial: doc._deviceId?._SerialNumber ?? '',
      pppLogin: login,
      manufacturer: valueAt(doc, `${root}.DeviceInfo.Manufacturer`) ?? doc._deviceId?._Manufacturer ?? '',
      model: valueAt(doc, `${root}.DeviceInfo.ModelName`) ?? doc._deviceId?._ProductClass ?? '',
      created: isoOrNull(doc._registered),
      lastInform,
      online: lastInform !== null && this.now() - Date.parse(lastInform) <= windowMs,
      wlan: tr181 ? tr181Wlans(doc) : tr098Wlans(doc),
    };
  }

  private async json(path: string): Promise<unknown> {
    const response = await this.request(path, { method: 'GET' });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new AcsError('http', `ACS answered HTTP ${response.status}`, response.status);
    }
    const answer = safeJson(await response.text());
    if (answer === undefined) throw new AcsError('protocol', 'the ACS answered something that is not JSON');
    return answer;
  }

  private async request(path: string, init: { method: string; body?: string; timeoutMs?: number }) {
    let token: string;
    try {
      token = await acsToken(this.opts.issuer, this.opts.privateKey);
    } catch {
      throw new AcsError('auth', "the tenant's ACS private key cannot sign");
    }
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body,
        signal: AbortSignal.timeout(init.timeoutMs ?? this.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new AcsError('timeout', 'the ACS timed out');
      throw new AcsError('network', `the ACS is unreachable: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new AcsError('auth', 'the ACS refused the signed token', response.status);
    }
    return response;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
