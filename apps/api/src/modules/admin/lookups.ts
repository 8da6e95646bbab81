import { z } from 'zod';
import { type IxcClient, IxcError } from '../../integrations/ixc/client.ts';
import { AppError } from '../../platform/errors.ts';

// The ids an admin types in the tenant and app forms (support subjects, products, plans: spec §5, §7.9),
// looked up in the provider's IXC and shown 'id - content' (spec §3). Only the id and the one label
// column leave this file.

export type IxcLookupKind = 'subject' | 'product' | 'plan';

const LOOKUPS = {
  /** Support subjects of tickets and service orders. */
  subject: { table: 'su_oss_assunto', label: 'assunto', notFound: 'SUBJECT_NOT_FOUND' },
  /** The provider's product catalogue. */
  product: { table: 'produtos', label: 'descricao', notFound: 'PRODUCT_NOT_FOUND' },
  /** Sale plans ("planos de venda"), which a contract names in `id_vd_contrato`. */
  plan: { table: 'vd_contratos', label: 'nome', notFound: 'PLAN_NOT_FOUND' },
} as const;

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null ? '' : String(v)));
const listing = z.object({ registros: z.array(z.record(z.string(), z.unknown())).optional() });

export async function lookupInIxc(ixc: IxcClient, kind: IxcLookupKind, id: string) {
  const { table, label, notFound } = LOOKUPS[kind];
  const answer = await ixc.action(
    table,
    {
      qtype: `${table}.id`,
      query: id,
      oper: '=',
      page: '1',
      rp: '1',
      sortname: `${table}.id`,
      sortorder: 'asc',
    },
    { listing: true },
  );
  const parsed = listing.safeParse(answer);
  if (!parsed.success) throw new IxcError('protocol', `unexpected listing answer from ${table}`);
  const row = parsed.data.registros?.find((r) => text.parse(r.id) === id);
  if (!row) throw new AppError(404, notFound);
  return { id, content: text.parse(row[label]).trim().slice(0, 300) };
}
