import { formatCpfOrCnpj } from '@central/domain';
import type { IxcClient } from './client.ts';
import type { IxcCustomer } from './records.ts';

/**
 * The ERP's customer for a CPF/CNPJ (digits). IXC stores the document formatted, but some
 * installations keep bare digits, so a miss is retried with the digits. An active record wins over
 * inactive duplicates.
 */
export async function findCustomerByDocument(ixc: IxcClient, digits: string): Promise<IxcCustomer | null> {
  let { rows } = await ixc.list('cliente', {
    where: { field: 'cliente.cnpj_cpf', value: formatCpfOrCnpj(digits) },
  });
  if (rows.length === 0)
    ({ rows } = await ixc.list('cliente', { where: { field: 'cliente.cnpj_cpf', value: digits } }));
  return rows.find((r) => r.ativo === 'S') ?? rows[0] ?? null;
}

export async function findCustomerById(ixc: IxcClient, id: string): Promise<IxcCustomer | null> {
  const { rows } = await ixc.list('cliente', { where: { field: 'cliente.id', value: id }, rowsPerPage: 1 });
  return rows[0] ?? null;
}

/** spec §3 Customer details: fantasia, else razão. */
export function customerName(c: IxcCustomer): string {
  return (c.fantasia.trim() || c.razao.trim()).replace(/\s+/g, ' ');
}

export const isActiveCustomer = (c: IxcCustomer) => c.ativo === 'S';

/** Every distinct e-mail of a customer: IXC keeps them in `email` (sometimes several) and `hotsite_email`. */
export function customerEmails(c: IxcCustomer): string[] {
  const all = [c.email, c.hotsite_email]
    .flatMap((field) => field.split(/[\s,;]+/))
    .map((e) => e.trim().toLowerCase())
    .filter((e) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e));
  return [...new Set(all)];
}
