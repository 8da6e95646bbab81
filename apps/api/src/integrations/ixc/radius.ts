import type { IxcClient } from './client.ts';

/** IXC's `online`: S connected, N not, SS without status, I (seen in installs, undocumented). */
export type RadiusOnline = 'S' | 'N' | 'SS' | 'I';

export interface PppoeLogin {
  id: string;
  contractId: string;
  login: string;
  online: RadiusOnline | null;
  /** The open connection's address ('' when offline). */
  ip: string;
  /** When the last connection started, local time, or null. */
  lastConnection: string | null;
}

const ONLINE: readonly string[] = ['S', 'N', 'SS', 'I'];
/** More than a subscriber ever has; the listing stops there to protect the ERP. */
const MAX_ROWS = 200;

/**
 * A customer's active PPPoE logins (`radusuarios`, `autenticacao` L): the logins its routers dial with,
 * which the ACS knows them by. Hotspot (H) and MAC (M) logins are no router's. The customer is the main
 * filter and every row is checked again; `senha` and `senha_rede_sem_fio` never leave the records'
 * allow-list.
 */
export async function listPppoeLogins(ixc: IxcClient, customerId: string): Promise<PppoeLogin[]> {
  const rows = await ixc.listAll(
    'radusuarios',
    {
      where: { field: 'radusuarios.id_cliente', value: customerId },
      and: [
        { field: 'radusuarios.ativo', value: 'S' },
        { field: 'radusuarios.autenticacao', value: 'L' },
      ],
      sortBy: 'radusuarios.id',
      order: 'asc',
    },
    MAX_ROWS,
  );
  return rows
    .filter(
      (r) =>
        r.id_cliente === customerId && r.ativo === 'S' && r.autenticacao === 'L' && r.login.trim() !== '',
    )
    .map((r) => ({
      id: r.id,
      contractId: r.id_contrato,
      login: r.login.trim(),
      online: ONLINE.includes(r.online) ? (r.online as RadiusOnline) : null,
      ip: r.ip.trim(),
      lastConnection: ixcDateTime(r.ultima_conexao_inicial),
    }));
}

/** IXC's date-times are local ('2026-11-23 14:05:09'); empty and the zero date mean none. */
export function ixcDateTime(value: string): string | null {
  const v = value.trim();
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) && !v.startsWith('0000-00-00') ? v : null;
}

/** How many sessions of one login are read at most: weeks of a flapping line. */
const MAX_SESSIONS = 500;

/**
 * The RADIUS sessions of one login (`radacct`) that started on or after `fromDay` (YYYY-MM-DD), newest
 * first. Every row is checked to be the login's.
 */
export async function listSessions(ixc: IxcClient, login: string, fromDay: string) {
  const rows = await ixc.listAll(
    'radacct',
    {
      where: { field: 'radacct.username', value: login },
      and: [{ field: 'radacct.acctstarttime', oper: '>=', value: fromDay }],
      sortBy: 'radacct.acctstarttime',
      order: 'desc',
    },
    MAX_SESSIONS,
  );
  return rows.filter((r) => r.username === login);
}
