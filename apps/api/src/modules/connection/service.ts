import {
  addDays,
  CONNECTION_HISTORY_DAYS,
  CONNECTION_SESSIONS_SHOWN,
  type ConnectionDay,
  type ConnectionHistory,
  type ConnectionSession,
  localDateTimeInSaoPaulo,
  todayInSaoPaulo,
} from '@central/domain';
import { ixcDateTime, listPppoeLogins, listSessions } from '../../integrations/ixc/radius.ts';
import type { IxcAccountingRow } from '../../integrations/ixc/records.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';

/**
 * Sessions that started this long before the window are still read: a PPPoE session often lasts days,
 * and the part of it inside the window counts.
 */
const LOOKBACK_DAYS = 30;
const DAY_SECONDS = 86_400;

// Local date-times on a zone-free scale of seconds (Brazil keeps no daylight saving time since 2019).
const seconds = (local: string) => Date.parse(`${local.replace(' ', 'T')}Z`) / 1000;

const octets = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
};

/** A RADIUS row as the page lists it; null for a row without a start. */
function toSession(row: IxcAccountingRow, now: string): ConnectionSession | null {
  const start = ixcDateTime(row.acctstarttime);
  if (!start) return null;
  const stop = ixcDateTime(row.acctstoptime);
  // An open session has counted up to its last interim update; its duration runs until now.
  const end = stop ?? now;
  return {
    id: row.radacctid,
    login: row.username,
    start,
    stop,
    seconds: Math.max(0, Math.round(seconds(end) - seconds(start))),
    download: octets(row.acctoutputoctets),
    upload: octets(row.acctinputoctets),
    ip: row.framedipaddress.trim() || null,
  };
}

/**
 * The window's days, each with the traffic of the sessions over it. RADIUS only knows a session's totals,
 * so a session over several days is spread over them in proportion to the time it spent in each.
 */
export function dailyTraffic(
  sessions: ConnectionSession[],
  today: string,
  now: string,
  days = CONNECTION_HISTORY_DAYS,
): ConnectionDay[] {
  const window = Array.from({ length: days }, (_, i) => ({
    day: addDays(today, i - days + 1),
    download: 0,
    upload: 0,
  }));
  const first = seconds(`${window[0]?.day} 00:00:00`);
  for (const s of sessions) {
    const start = seconds(s.start);
    const end = Math.max(start, seconds(s.stop ?? now));
    const length = end - start;
    if (length === 0) {
      const slot = window[Math.floor((start - first) / DAY_SECONDS)];
      if (slot) {
        slot.download += s.download;
        slot.upload += s.upload;
      }
      continue;
    }
    for (let i = Math.max(0, Math.floor((start - first) / DAY_SECONDS)); i < window.length; i++) {
      const dayStart = first + i * DAY_SECONDS;
      const overlap = Math.min(end, dayStart + DAY_SECONDS) - Math.max(start, dayStart);
      if (dayStart >= end) break;
      const slot = window[i];
      if (!slot || overlap <= 0) continue;
      slot.download += (s.download * overlap) / length;
      slot.upload += (s.upload * overlap) / length;
    }
  }
  return window.map((d) => ({ ...d, download: Math.round(d.download), upload: Math.round(d.upload) }));
}

/**
 * 'Meu Consumo' (issue 15): the last 30 days of the customer's PPPoE logins from the ERP's RADIUS
 * accounting, read in parallel per login and kept a minute per customer.
 */
export function createConnectionService(deps: { now?: () => Date; cacheMs?: number } = {}) {
  const cache = createTtlCache<ConnectionHistory>({ ttlMs: deps.cacheMs ?? 60_000 });

  async function load(tenant: Tenant, session: CustomerSession): Promise<ConnectionHistory> {
    const at = deps.now?.() ?? new Date();
    const today = todayInSaoPaulo(at);
    const now = localDateTimeInSaoPaulo(at);
    const from = addDays(today, -(CONNECTION_HISTORY_DAYS - 1) - LOOKBACK_DAYS);
    const logins = await listPppoeLogins(tenant.ixc, session.erpCustomerId);
    const perLogin = await Promise.all(logins.map((l) => listSessions(tenant.ixc, l.login, from)));
    const sessions = perLogin
      .flat()
      .map((row) => toSession(row, now))
      .filter((s): s is ConnectionSession => s !== null)
      .sort((a, b) => b.start.localeCompare(a.start));
    return {
      days: dailyTraffic(sessions, today, now),
      logins: logins.map((l) => {
        const online = l.online === 'S';
        return {
          login: l.login,
          online,
          since: online ? l.lastConnection : null,
          ip: online && l.ip ? l.ip : null,
        };
      }),
      sessions: sessions.slice(0, CONNECTION_SESSIONS_SHOWN),
    };
  }

  return {
    history: (tenant: Tenant, session: CustomerSession) =>
      cache.get(`${tenant.id}:${session.erpCustomerId}`, () => load(tenant, session)),
  };
}
export type ConnectionService = ReturnType<typeof createConnectionService>;
