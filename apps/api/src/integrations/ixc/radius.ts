import type { IxcClient } from './client.ts';

/** IXC's `online`: S connected, N not, SS without status, I (seen in installs, undocumented). */
export type RadiusOnline = 'S' | 'N' | 'SS' | 'I';

export interface PppoeLogin {
  id: string;
  contractId: string;
  login: string;
  online: RadiusOnline | null;
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
    }));
}
