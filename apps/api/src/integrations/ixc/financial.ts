import { z } from 'zod';
import { type IxcClient, IxcError } from './client.ts';
import type { IxcContract, IxcFiscalNote, IxcInvoice } from './records.ts';

/** Open (A, P) invoices of a customer due up to `endDate` (overdue ones of any age included). */
export function listOpenInvoices(ixc: IxcClient, customerId: string, endDate: string): Promise<IxcInvoice[]> {
  return ixc.listAll('fn_areceber', {
    where: { field: 'fn_areceber.id_cliente', value: customerId },
    and: [
      { field: 'fn_areceber.status', oper: 'IN', value: 'A,P' },
      { field: 'fn_areceber.data_vencimento', oper: '<=', value: endDate },
    ],
    sortBy: 'fn_areceber.data_vencimento',
    order: 'asc',
  });
}

/** The latest received invoices of a customer, most recently paid first. */
export async function listReceivedInvoices(
  ixc: IxcClient,
  customerId: string,
  rows: number,
): Promise<IxcInvoice[]> {
  const page = await ixc.list('fn_areceber', {
    where: { field: 'fn_areceber.id_cliente', value: customerId },
    and: [{ field: 'fn_areceber.status', value: 'R' }],
    sortBy: 'fn_areceber.pagamento_data',
    order: 'desc',
    rowsPerPage: rows,
  });
  return page.rows;
}

/**
 * One invoice, only if it belongs to the customer; another customer's id is simply not found. The
 * customer is the main filter and the answer is checked again: ownership never rests on `grid_param`,
 * which an IXC install may ignore.
 */
export async function findInvoice(
  ixc: IxcClient,
  customerId: string,
  invoiceId: string,
): Promise<IxcInvoice | null> {
  const page = await ixc.list('fn_areceber', {
    where: { field: 'fn_areceber.id_cliente', value: customerId },
    and: [{ field: 'fn_areceber.id', value: invoiceId }],
    rowsPerPage: 1,
  });
  return page.rows.find((row) => row.id === invoiceId && row.id_cliente === customerId) ?? null;
}

/** The boleto PDF (base64) as issued: no interest, fine or update is recalculated. Null when there is none. */
export async function getBoletoPdf(ixc: IxcClient, invoiceId: string): Promise<string | null> {
  const text = String(
    await ixc.action(
      'get_boleto',
      {
        boletos: invoiceId,
        juro: 'N',
        multa: 'N',
        atualiza_boleto: 'N',
        tipo_boleto: 'arquivo',
        base64: 'S',
      },
      { listing: true, answer: 'text' },
    ),
  ).trim();
  return text.length > 0 ? text : null;
}

const pixAnswer = z.object({
  pix: z.object({
    qrCode: z.object({ qrcode: z.string().min(1), imagemQrcode: z.string().nullish() }),
  }),
});

/** The invoice's PIX BR Code (copy and paste) and QR image. */
export async function getPix(ixc: IxcClient, invoiceId: string) {
  const answer = await ixc.action('get_pix', { id_areceber: invoiceId });
  const parsed = pixAnswer.safeParse(answer);
  if (!parsed.success) throw new IxcError('protocol', 'unexpected get_pix answer');
  return { qrcode: parsed.data.pix.qrCode.qrcode, image: parsed.data.pix.qrCode.imagemQrcode ?? null };
}

/** A customer's fiscal notes issued in a month (YYYY-MM). */
export function listFiscalNotes(ixc: IxcClient, customerId: string, month: string): Promise<IxcFiscalNote[]> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return ixc.listAll('vd_saida', {
    where: { field: 'vd_saida.id_cliente', value: customerId },
    and: [
      { field: 'vd_saida.data_emissao', oper: '>=', value: `${month}-01 00:00:00` },
      { field: 'vd_saida.data_emissao', oper: '<', value: `${next}-01 00:00:00` },
    ],
    sortBy: 'vd_saida.data_emissao',
    order: 'desc',
  });
}

/** One fiscal note of the customer: the customer is the main filter, and the answer is checked again. */
export async function findFiscalNote(
  ixc: IxcClient,
  customerId: string,
  id: string,
): Promise<IxcFiscalNote | null> {
  const page = await ixc.list('vd_saida', {
    where: { field: 'vd_saida.id_cliente', value: customerId },
    and: [{ field: 'vd_saida.id', value: id }],
    rowsPerPage: 1,
  });
  return page.rows.find((row) => row.id === id && row.id_cliente === customerId) ?? null;
}

/** The fiscal note's PDF (base64), IXC `imprimir_nota`. */
export async function printFiscalNote(ixc: IxcClient, id: string): Promise<string | null> {
  const text = String(
    await ixc.action('imprimir_nota', { id, base64: 'S' }, { listing: true, answer: 'text' }),
  ).trim();
  return text.length > 0 ? text : null;
}

export function listContracts(ixc: IxcClient, customerId: string): Promise<IxcContract[]> {
  return ixc.listAll('cliente_contrato', {
    where: { field: 'cliente_contrato.id_cliente', value: customerId },
  });
}

const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Receives (settles) a title in the ERP after a card payment; not retried (not idempotent). */
export async function settleInvoice(
  ixc: IxcClient,
  s: { invoiceId: string; cents: number; day: string; history: string },
): Promise<void> {
  const [y, m, d] = s.day.split('-');
  await ixc.action(
    'fn_areceber_recebimentos_baixas_novo',
    {
      filial_id: '1',
      id_receber: s.invoiceId,
      conta_: '1',
      id_conta: '1',
      tipo_recebimento: 'C',
      data: `${d}/${m}/${y}`,
      valor_parcela: money(s.cents),
      credito: money(s.cents),
      debito: money(s.cents),
      valor_total_recebido: money(s.cents),
      historico: s.history,
      previsao: 'N',
      tipo_lanc: 'R',
    },
    { read: false },
  );
}
