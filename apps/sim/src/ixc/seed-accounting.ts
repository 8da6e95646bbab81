// RADIUS accounting (`radacct`) for the seeded PPPoE logins: five weeks of sessions back from each login's
// last connection, as a BRAS running FreeRADIUS writes them. Sessions last from hours to days and end for
// the reasons BRASes give (PPPoE re-dials after a lost carrier, a NAS reboot, the customer's router
// restarting); traffic follows the login's daily average, upload being a tenth to a fifth of download.
// Everything is drawn from a generator seeded by the login, so a seed always has the same rows.

import { createHash } from 'node:crypto';
import type { SeedCalendar } from '../clock.ts';

/** How far back the accounting of a login goes: more than the portal's 30 days. */
const HISTORY_DAYS = 35;
const GIB = 1024 ** 3;
const TERMINATE_CAUSES = [
  'Lost-Carrier',
  'User-Request',
  'NAS-Reboot',
  'Port-Error',
  'Idle-Timeout',
] as const;
const ZERO_DATETIME = '0000-00-00 00:00:00';
/** How often the BRAS sends interim updates of an open session. */
const INTERIM_SECONDS = 300;

export interface AccountingLogin {
  login: string;
  /** The start of its last connection (`radusuarios.ultima_conexao_inicial`), local time. */
  last: string;
  online: boolean;
  /** The address of its open session (`radusuarios.ip`). */
  ip: string;
  mac: string;
  /** Average download per day. */
  gibPerDay: number;
  /** First `radacctid` of the login's rows. */
  firstId: number;
}

/** A small deterministic generator (mulberry32) seeded by a string. */
function generator(seed: string): () => number {
  let state = createHash('sha1').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Local date-times ('YYYY-MM-DD HH:MM:SS') as seconds on a zone-free scale: Brazil has no DST since 2019.
const toSeconds = (local: string) => Date.parse(`${local.replace(' ', 'T')}Z`) / 1000;
const toLocal = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

export function accountingRows(cal: SeedCalendar, login: AccountingLogin): Record<string, string>[] {
  const random = generator(`radacct:${login.login}`);
  const between = (min: number, max: number) => min + random() * (max - min);
  const now = toSeconds(cal.at(cal.today, cal.time));
  const oldest = now - HISTORY_DAYS * 86_400;
  const bytesPerSecond = (login.gibPerDay * GIB) / 86_400;

  // From the last connection back: each earlier session ended a few seconds to minutes before the next.
  const sessions: { start: number; stop: number | null }[] = [];
  const lastStart = toSeconds(login.last);
  sessions.push({
    start: lastStart,
    stop: login.online ? null : Math.min(now, lastStart + Math.round(between(3, 30) * 3600)),
  });
  let nextStart = lastStart;
  while (nextStart > oldest) {
    const stop = nextStart - Math.round(between(5, 600));
    const start = stop - Math.round(between(4 * 3600, 4 * 86_400));
    sessions.push({ start, stop });
    nextStart = start;
  }

  let id = login.firstId;
  return sessions.reverse().map(({ start, stop }) => {
    const rowId = String(id++);
    const end = stop ?? now - (now % INTERIM_SECONDS);
    const seconds = Math.max(0, end - start);
    const download = Math.round(seconds * bytesPerSecond * between(0.6, 1.4));
    const upload = Math.round(download * between(0.1, 0.2));
    const sessionId = createHash('sha1').update(`${login.login}:${start}`).digest('hex');
    const n = Math.floor(random() * 250);
    return {
      id: rowId,
      radacctid: rowId,
      acctsessionid: sessionId.slice(0, 16).toUpperCase(),
      acctuniqueid: sessionId.slice(0, 32),
      username: login.login,
      nasipaddress: '10.255.0.1',
      nasportid: `pppoe-${login.login}`,
      nasporttype: 'Ethernet',
      acctstarttime: toLocal(start),
      acctupdatetime: toLocal(end),
      acctstoptime: stop === null ? ZERO_DATETIME : toLocal(stop),
      acctsessiontime: String(seconds),
      // the NAS's view: input is what the subscriber sent
      acctinputoctets: String(upload),
      acctoutputoctets: String(download),
      calledstationid: 'BRAS-CENTRO',
      callingstationid: login.mac,
      acctterminatecause:
        stop === null ? '' : (TERMINATE_CAUSES[Math.floor(random() * TERMINATE_CAUSES.length)] ?? ''),
      servicetype: 'Framed-User',
      framedprotocol: 'PPP',
      framedipaddress: stop === null && login.ip ? login.ip : `100.64.${Math.floor(n / 10)}.${n}`,
    };
  });
}
