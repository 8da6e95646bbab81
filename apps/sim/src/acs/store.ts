// The state of each simulated GenieACS: devices (documents as GenieACS stores them), queued tasks and
// faults. Devices that are online inform every PeriodicInformInterval, which runs their queued tasks, as
// a real CPE's periodic session does; offline ones keep their tasks until they inform again.

import { createPublicKey, type KeyObject, randomBytes } from 'node:crypto';
import { type Doc, matches, project } from './query.ts';
import { DEMO_ACS, DEMO_INFORM_INTERVAL_S, seedDevices } from './seed.ts';

export interface SimDevice {
  id: string;
  doc: Doc;
  /** Whether it answers connection requests (and keeps informing periodically). */
  online: boolean;
  lastInform: number;
  informIntervalMs: number;
}

export type ParameterValue = [string, unknown, string?];

export interface SimTask {
  _id: string;
  name: string;
  device: string;
  timestamp: string;
  parameterValues?: ParameterValue[];
  parameterNames?: string[];
  objectName?: string;
}

export interface SimFault {
  _id: string;
  device: string;
  channel: string;
  code: string;
  message: string;
  detail: { faultCode: string; faultString: string };
  retries: number;
  timestamp: string;
}

export type TaskOutcome = 'done' | 'faulted';

/** CWMP faults a CPE answers SetParameterValues with (TR-069 A.5.1). */
const CWMP_FAULTS = {
  invalidName: ['9005', 'Invalid parameter name'],
  invalidValue: ['9007', 'Invalid parameter value'],
  notWritable: ['9008', 'Attempt to set a non-writable parameter'],
} as const;

/** MongoDB ObjectId-like: 24 hex digits, increasing with time. */
function objectId(now: number): string {
  return (
    Math.floor(now / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  );
}

type Leaf = { _value: unknown; _type: string; _timestamp: string; _writable: boolean };

function leafAt(doc: Doc, path: string): Leaf | undefined {
  let node: unknown = doc;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || part.startsWith('_')) return undefined;
    node = (node as Doc)[part];
  }
  return node && typeof node === 'object' && '_value' in node ? (node as Leaf) : undefined;
}

function coerce(value: unknown, type: string): unknown {
  if (type === 'xsd:boolean') return value === true || value === 'true' || value === '1' || value === 1;
  if (type === 'xsd:int' || type === 'xsd:unsignedInt') return Number(value);
  return String(value);
}

/** Every leaf value of a document, by path: what the sim's admin route shows. */
export function flatten(doc: Doc, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key.startsWith('_') || value === null || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('_value' in value) out[path] = (value as Leaf)._value;
    else Object.assign(out, flatten(value as Doc, path));
  }
  return out;
}

export class AcsInstance {
  readonly devices = new Map<string, SimDevice>();
  readonly tasks = new Map<string, SimTask>();
  readonly faults = new Map<string, SimFault>();

  constructor(
    readonly name: string,
    readonly issuer: string,
    readonly publicKey: KeyObject,
    private readonly clock: () => number,
  ) {
    this.reset();
  }

  reset(): void {
    this.devices.clear();
    this.tasks.clear();
    this.faults.clear();
    const now = this.clock();
    for (const seed of seedDevices(now)) {
      const id = String(seed.doc._id);
      this.devices.set(id, {
        id,
        doc: seed.doc,
        online: seed.online,
        lastInform: now - seed.lastInformAgoMs,
        informIntervalMs: DEMO_INFORM_INTERVAL_S * 1000,
      });
    }
  }

  /** A device by its GenieACS id, or by its serial number (admin routes only). */
  find(idOrSerial: string): SimDevice | undefined {
    const byId = this.devices.get(idOrSerial);
    if (byId) return byId;
    return [...this.devices.values()].find(
      (d) => (d.doc._deviceId as { _SerialNumber?: string })._SerialNumber === idOrSerial,
    );
  }

  /** Online devices' periodic informs up to now, each running the device's queued tasks. */
  catchUp(): void {
    const now = this.clock();
    for (const device of this.devices.values()) {
      if (!device.online || now - device.lastInform < device.informIntervalMs) continue;
      const missed = Math.floor((now - device.lastInform) / device.informIntervalMs);
      this.inform(device, device.lastInform + missed * device.informIntervalMs);
    }
  }

  /** A CWMP session opened by the device: `_lastInform` moves and its queued tasks run, oldest first. */
  inform(device: SimDevice, at = this.clock()): { done: number; faulted: number } {
    device.lastInform = at;
    let done = 0;
    let faulted = 0;
    const queued = [...this.tasks.values()]
      .filter((t) => t.device === device.id && !this.faults.has(faultId(t)))
      .sort((a, b) => a._id.localeCompare(b._id));
    for (const task of queued) {
      if (this.run(device, task, at) === 'done') done++;
      else faulted++;
    }
    return { done, faulted };
  }

  /** Runs one task in a session with the device: a done task is removed, a faulted one stays, faulted. */
  run(device: SimDevice, task: SimTask, at = this.clock()): TaskOutcome {
    const stamp = new Date(at).toISOString();
    if (task.name === 'setParameterValues') {
      const values = task.parameterValues ?? [];
      // SetParameterValues is atomic (TR-069 A.3.2.1): one bad parameter and none is set.
      for (const [path, value] of values) {
        const leaf = leafAt(device.doc, path);
        if (!leaf) return this.fault(device, task, CWMP_FAULTS.invalidName, stamp);
        if (!leaf._writable) return this.fault(device, task, CWMP_FAULTS.notWritable, stamp);
        // a WPA2 passphrase is 8 to 63 characters (IEEE 802.11i); the CPE refuses anything else
        const text = String(value);
        if (
          /KeyPassphrase$/.test(path) &&
          (text.length < 8 || text.length > 63 || !/^[\x20-\x7e]*$/.test(text))
        )
          return this.fault(device, task, CWMP_FAULTS.invalidValue, stamp);
      }
      for (const [path, value, type] of values) {
        const leaf = leafAt(device.doc, path) as Leaf;
        leaf._value = coerce(value, type ?? leaf._type);
        if (type) leaf._type = type;
        leaf._timestamp = stamp;
      }
    }
    this.tasks.delete(task._id);
    return 'done';
  }

  private fault(
    device: SimDevice,
    task: SimTask,
    [code, message]: readonly [string, string],
    timestamp: string,
  ): TaskOutcome {
    const id = faultId(task);
    const retries = this.faults.get(id)?.retries ?? -1;
    this.faults.set(id, {
      _id: id,
      device: device.id,
      channel: `task_${task._id}`,
      code: `cwmp.${code}`,
      message,
      detail: { faultCode: code, faultString: message },
      retries: retries + 1,
      timestamp,
    });
    return 'faulted';
  }

  queue(device: SimDevice, task: Omit<SimTask, '_id' | 'device' | 'timestamp'>): SimTask {
    const now = this.clock();
    const stored: SimTask = {
      ...task,
      _id: objectId(now),
      device: device.id,
      timestamp: new Date(now).toISOString(),
    };
    this.tasks.set(stored._id, stored);
    return stored;
  }

  /** A device document as the NBI answers it, `_lastInform` included. */
  document(device: SimDevice): Doc {
    return { ...device.doc, _lastInform: new Date(device.lastInform).toISOString() };
  }

  findDevices(query: unknown, projection: string[] | null): Doc[] {
    return [...this.devices.values()]
      .map((d) => this.document(d))
      .filter((doc) => matches(doc, query, true))
      .map((doc) => project(doc, projection));
  }
}

export const faultId = (task: SimTask) => `${task.device}:task_${task._id}`;

export class AcsStore {
  private readonly instances = new Map<string, AcsInstance>();
  private cloned = 0;

  constructor(private readonly clock: () => number) {
    this.reset();
  }

  reset(): void {
    this.instances.clear();
    this.instances.set('demo', this.make('demo'));
  }

  private make(name: string): AcsInstance {
    return new AcsInstance(name, DEMO_ACS.issuer, createPublicKey(DEMO_ACS.publicKey), this.clock);
  }

  get(name: string): AcsInstance | undefined {
    return this.instances.get(name);
  }

  /** A fresh copy of the demo ACS (same issuer and key), for a test that changes devices. */
  clone(): AcsInstance {
    this.cloned++;
    const name = `demo-${this.cloned}-${randomBytes(3).toString('hex')}`;
    const instance = this.make(name);
    this.instances.set(name, instance);
    return instance;
  }

  all(): AcsInstance[] {
    return [...this.instances.values()];
  }
}
