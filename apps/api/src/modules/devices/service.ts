import {
  type AcsCheck,
  type Device,
  type ErrorCode,
  messages,
  type WifiPasswordResponse,
  type WlanBand,
} from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { AcsClient, type AcsDevice, AcsError } from '../../integrations/acs/client.ts';
import { IxcError } from '../../integrations/ixc/client.ts';
import { listPppoeLogins } from '../../integrations/ixc/radius.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant, TenantResolver } from '../../platform/tenancy.ts';
import {
  expireWifiChanges,
  insertWifiChange,
  pendingChanges,
  pendingForCustomer,
  settleWifiChanges,
  type WifiChangeRow,
} from './repository.ts';

/**
 * A password change reaches the router and, through GenieACS, a CPE session: a script must not be able
 * to hammer a subscriber's router. Counted per subscriber, whatever the outcome.
 */
export const DEVICE_LIMITS = { passwordChangesPerCustomer: { limit: 20, windowMs: 3600_000 } };
/** A change the router has not taken within a day is given up (GenieACS keeps the task; we stop showing it). */
export const WIFI_CHANGE_TTL_MS = 24 * 3600_000;
const SETTLE_BATCH = 500;

type Acs = NonNullable<Tenant['acs']>;

const deviceNotFound = () => new AppError(404, 'DEVICE_NOT_FOUND');

/** The ERP's or the ACS's failure as the catalogued 502 of the call (the cause is logged, never shown). */
function unavailable(error: unknown, code: ErrorCode, message?: string): never {
  if (error instanceof AcsError || error instanceof IxcError) {
    const answer = new AppError(502, code, message);
    answer.cause = error;
    throw answer;
  }
  throw error;
}

export function createDevicesService(deps: {
  db: Db;
  tenants: TenantResolver;
  limiter: RateLimiter;
  log: Logger;
  acsTimeoutMs?: number;
  now?: () => Date;
}) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  // One client per tenant's ACS settings: a provider's new settings come with a new Tenant object.
  const clients = new WeakMap<Acs, AcsClient>();

  function clientOf(acs: Acs): AcsClient {
    let client = clients.get(acs);
    if (!client) {
      client = new AcsClient({
        url: acs.url,
        issuer: acs.issuer,
        privateKey: acs.privateKey,
        timeoutMs: deps.acsTimeoutMs,
      });
      clients.set(acs, client);
    }
    return client;
  }

  function acsOf(tenant: Tenant): Acs {
    const acs = tenant.acs;
    if (!acs) throw new AppError(404, 'ACS_NOT_CONFIGURED');
    return acs;
  }

  /** The logins the ERP lists for the session's customer: the only way to their devices. */
  async function loginsOf(tenant: Tenant, session: CustomerSession): Promise<string[]> {
    const logins = await listPppoeLogins(tenant.ixc, session.erpCustomerId);
    return logins.map((l) => l.login);
  }

  /** The session customer's devices, as the ACS reports them. */
  async function ownDevices(tenant: Tenant, session: CustomerSession): Promise<AcsDevice[]> {
    const acs = acsOf(tenant);
    const logins = await loginsOf(tenant, session);
    if (logins.length === 0) return [];
    return clientOf(acs).devicesByLogins(logins);
  }

  function toDevice(device: AcsDevice, pending: WifiChangeRow[]): Device {
    const wlanData: Record<WlanBand, Device['deviceInfo']['wlanData']['2.4']> = { '2.4': [], '5.8': [] };
    for (const w of device.wlan) wlanData[w.band].push({ path: w.path, ssid: w.ssid, password: w.password });
    // the latest request per network: an older one is overtaken by it at the same inform
    const latest = new Map<string, WifiChangeRow>();
    for (const change of pending) if (change.deviceId === device.id) latest.set(change.path, change);
    return {
      serialNumber: device.serial,
      deviceInfo: {
        pppLogin: device.pppLogin,
        manufacturer: device.manufacturer,
        model: device.model,
        wlanData,
      },
      created: device.created,
      last_inform: device.lastInform,
      online: device.online,
      pending: [...latest.values()].map((c) => ({
        band: c.band === '5.8' ? '5.8' : '2.4',
        path: c.path,
        requested_at: c.createdAt.toISOString(),
      })),
    };
  }

  async function withPending(tenant: Tenant, session: CustomerSession, devices: AcsDevice[]) {
    const pending = devices.length
      ? await pendingForCustomer(db, tenant.id, session.erpCustomerId).then((rows) =>
          rows.filter((r) => r.expiresAt > now()),
        )
      : [];
    return devices.map((d) => toDevice(d, pending));
  }

  return {
    /** spec §6: the devices area exists when the provider has an ACS and the customer a PPPoE login. */
    async check(tenant: Tenant, session: CustomerSession): Promise<AcsCheck> {
      if (!tenant.acs) return { is_acs_configured: false };
      try {
        return { is_acs_configured: (await loginsOf(tenant, session)).length > 0 };
      } catch (error) {
        unavailable(error, 'DEVICES_FAILED');
      }
    },

    async list(tenant: Tenant, session: CustomerSession): Promise<Device[]> {
      try {
        return await withPending(tenant, session, await ownDevices(tenant, session));
      } catch (error) {
        unavailable(error, 'DEVICES_FAILED');
      }
    },

    /** One of the session customer's devices by serial; any other serial is not found. */
    async get(tenant: Tenant, session: CustomerSession, serial: string): Promise<Device> {
      let device: AcsDevice | undefined;
      try {
        device = (await ownDevices(tenant, session)).find((d) => d.serial === serial);
      } catch (error) {
        unavailable(error, 'DEVICES_FAILED', messages.deviceFailed);
      }
      if (!device) throw deviceNotFound();
      const [shown] = await withPending(tenant, session, [device]);
      return shown as Device;
    },

    /**
     * Sets the passphrase of one Wi-Fi network of one of the customer's devices. A router that does not
     * come to the connection request gets it at its next contact: the change is kept as pending (never the
     * password) for the job to follow.
     */
    async changePassword(
      tenant: Tenant,
      session: CustomerSession,
      serial: string,
      path: string,
      password: string,
    ): Promise<WifiPasswordResponse> {
      const acs = acsOf(tenant);
      const customer = session.erpCustomerId;
      const rule = DEVICE_LIMITS.passwordChangesPerCustomer;
      const hit = await deps.limiter.hit(`acs:password:${tenant.id}:${customer}`, rule.limit, rule.windowMs);
      if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds);

      let device: AcsDevice | undefined;
      try {
        device = (await ownDevices(tenant, session)).find((d) => d.serial === serial);
      } catch (error) {
        unavailable(error, 'DEVICE_PASSWORD_FAILED');
      }
      const wlan = device?.wlan.find((w) => w.path === path);
      if (!device || !wlan) throw deviceNotFound();

      let change: Awaited<ReturnType<AcsClient['setWifiPassword']>>;
      try {
        change = await clientOf(acs).setWifiPassword(device.id, wlan.parameter, password);
      } catch (error) {
        log.warn(
          { err: error, tenant: tenant.clientId, device: device.id, path, band: wlan.band },
          'wifi password change failed',
        );
        unavailable(
          error,
          'DEVICE_PASSWORD_FAILED',
          wlan.band === '5.8' ? messages.devicePasswordFailed5g : messages.devicePasswordFailed,
        );
      }
      if (change.status === 'applied') {
        log.info({ tenant: tenant.clientId, device: device.id, path }, 'wifi password applied');
        return { status: 'applied', message: messages.devicePasswordChanged };
      }
      const created = now();
      await insertWifiChange(db, {
        tenantId: tenant.id,
        erpCustomerId: customer,
        deviceId: device.id,
        serial: device.serial,
        path,
        band: wlan.band,
        taskId: change.taskId,
        createdAt: created,
        expiresAt: new Date(created.getTime() + WIFI_CHANGE_TTL_MS),
      });
      log.info(
        { tenant: tenant.clientId, device: device.id, path, task: change.taskId },
        'wifi password queued',
      );
      return { status: 'pending', message: messages.devicePasswordPending };
    },

    /**
     * The job: expired changes are given up; the others' ACS tasks are looked up, done ones applied,
     * faulted ones failed. A tenant whose ACS fails is tried again at the next run.
     */
    settlePending: async (): Promise<{ applied: number; failed: number; expired: number }> => {
      const expired = await expireWifiChanges(db, now());
      const byTenant = new Map<string, WifiChangeRow[]>();
      for (const row of await pendingChanges(db, SETTLE_BATCH)) {
        byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row]);
      }
      let applied = 0;
      let failed = 0;
      for (const [tenantId, rows] of byTenant) {
        const tenant = await deps.tenants.byId(tenantId);
        if (!tenant?.acs) {
          // the provider was suspended or lost its ACS: nothing will follow these tasks any more
          failed += await settleWifiChanges(
            db,
            rows.map((r) => r.id),
            'failed',
          );
          continue;
        }
        const client = clientOf(tenant.acs);
        for (const row of rows) {
          try {
            const state = await client.taskState(row.taskId);
            if (state === 'done') applied += await settleWifiChanges(db, [row.id], 'applied');
            if (state === 'faulted') failed += await settleWifiChanges(db, [row.id], 'failed');
          } catch (error) {
            log.warn({ err: error, tenant: tenant.clientId }, 'could not follow a wifi change');
            break;
          }
        }
      }
      return { applied, failed, expired };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
