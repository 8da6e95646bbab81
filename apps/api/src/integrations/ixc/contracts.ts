import { z } from 'zod';
import { type IxcClient, IxcError } from './client.ts';
import type { IxcContract, IxcInvoice } from './records.ts';

/** Every contract of a customer, oldest first. */
export function listCustomerContracts(ixc: IxcClient, customerId: string): Promise<IxcContract[]> {
  return ixc
    .listAll('cliente_contrato', {
      where: { field: 'cliente_contrato.id_cliente', value: customerId },
      sortBy: 'cliente_contrato.id',
      order: 'asc',
    })
    .then((rows) => rows.filter((row) => row.id_cliente === customerId));
}

/**
 * One contract, only if it belongs to the customer: the customer is the main filter and the answer is
 * checked again (ownership never rests on `grid_param`, which an IXC install may ignore; a page wide
 * enough for every contract of a customer still finds it there).
 */
export async function findCustomerContract(
  ixc: IxcClient,
  customerId: string,
  contractId: string,
): Promise<IxcContract | null> {
  const page = await ixc.list('cliente_contrato', {
    where: { field: 'cliente_contrato.id_cliente', value: customerId },
    and: [{ field: 'cliente_contrato.id', value: contractId }],
    rowsPerPage: 100,
  });
  return page.rows.find((row) => row.id === contractId && row.id_cliente === customerId) ?? null;
}

/** City names by IXC city id (`cidade`); ids IXC does not know are left out. */
export async function cityNames(ixc: IxcClient, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id) => /^\d+$/.test(id) && id !== '0'))];
  if (wanted.length === 0) return new Map();
  const rows = await ixc.listAll('cidade', {
    where: { field: 'cidade.id', oper: 'IN', value: wanted.join(',') },
  });
  return new Map(rows.filter((r) => wanted.includes(r.id)).map((r) => [r.id, r.nome]));
}

const VIEW = 'view_vd_contratos_produtos_gen';
const CONTRACT_CELL = 12;
const viewAnswer = z.object({
  total: z.union([z.string(), z.number()]).transform(Number),
  rows: z
    .array(z.object({ id: z.union([z.string(), z.number()]).transform(String), cell: z.array(z.unknown()) }))
    .nullish(),
});

export interface IxcContractItem {
  id: string;
  /** The item's description (`descricao`). */
  name: string;
  contractId: string;
}

/**
 * The items of one contract: its own and those of its plan, from the grid of the contract's "Produtos"
 * tab (`view_vd_contratos_produtos_gen`). A view answers `{rows:[{id, cell:[...]}]}`, the cells in the
 * order of the screen's columns: id, description, ..., the contract id at index 12 (IXC's Postman
 * collection). Rows of any other contract are dropped.
 */
export async function listContractItems(ixc: IxcClient, contractId: string): Promise<IxcContractItem[]> {
  const answer = await ixc.action(
    VIEW,
    {
      qtype: `${VIEW}.cliente_contrato_id`,
      query: contractId,
      oper: '=',
      page: '1',
      rp: '200',
      sortname: `${VIEW}.id`,
      sortorder: 'asc',
    },
    { listing: true },
  );
  const parsed = viewAnswer.safeParse(answer);
  if (!parsed.success) throw new IxcError('protocol', `unexpected answer from ${VIEW}`);
  return (parsed.data.rows ?? []).flatMap((row) => {
    const cells = row.cell.map((c) => (c == null ? '' : String(c)));
    const [id = row.id, name = ''] = cells;
    return cells[CONTRACT_CELL] === contractId ? [{ id, name: name.trim(), contractId }] : [];
  });
}

const unlockAnswer = z.union([
  z.object({ tipo: z.string(), mensagem: z.string().nullish() }),
  z.object({ type: z.string(), message: z.string().nullish() }),
]);

/**
 * IXC's trust unlock (`desbloqueio_confianca`): frees a blocked contract for a few days. It answers
 * `{tipo:'sucesso'|'erro', mensagem}` (a refusal says why, with a `codigo`). Never retried: it changes
 * the contract.
 */
export async function trustUnlock(
  ixc: IxcClient,
  contractId: string,
): Promise<{ type: 'success' | 'error'; message: string }> {
  const answer = unlockAnswer.safeParse(
    await ixc.action('desbloqueio_confianca', { id: contractId }, { read: false }),
  );
  if (!answer.success) throw new IxcError('protocol', 'unexpected desbloqueio_confianca answer');
  const { kind, message } =
    'tipo' in answer.data
      ? { kind: answer.data.tipo, message: answer.data.mensagem }
      : { kind: answer.data.type, message: answer.data.message };
  const success = kind === 'sucesso' || kind === 'success';
  if (!success && kind !== 'erro' && kind !== 'error')
    throw new IxcError('protocol', `unexpected desbloqueio_confianca type ${kind}`);
  return { type: success ? 'success' : 'error', message: (message ?? '').trim() };
}

/**
 * The contract printed with one of the provider's print models (`cliente_contrato_imprimir_contrato_<n>`,
 * body `{id}`), answered as base64 text; null when IXC answered anything but a PDF.
 */
export function printContract(
  ixc: IxcClient,
  printModelId: string,
  contractId: string,
): Promise<string | null> {
  if (!/^\d+$/.test(printModelId)) throw new Error('contract print model id must be digits');
  return ixc.pdfAction(`cliente_contrato_imprimir_contrato_${printModelId}`, { id: contractId });
}

/**
 * A customer's released titles due in a period (YYYY-MM-DD bounds, included). The customer is the main
 * filter; release and due dates are filtered in the query and checked again on each row.
 */
export async function listTitlesDue(
  ixc: IxcClient,
  customerId: string,
  from: string,
  to: string,
): Promise<IxcInvoice[]> {
  const rows = await ixc.listAll('fn_areceber', {
    where: { field: 'fn_areceber.id_cliente', value: customerId },
    and: [
      { field: 'fn_areceber.liberado', value: 'S' },
      { field: 'fn_areceber.data_vencimento', oper: '>=', value: from },
      { field: 'fn_areceber.data_vencimento', oper: '<=', value: to },
    ],
    sortBy: 'fn_areceber.data_vencimento',
    order: 'asc',
  });
  return rows.filter((row) => {
    const due = row.data_vencimento.slice(0, 10);
    return row.id_cliente === customerId && row.liberado === 'S' && due >= from && due <= to;
  });
}
