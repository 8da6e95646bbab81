import QRCode from 'qrcode';
import { z } from 'zod';
import { type IxcClient, IxcError } from './client.ts';
import type { IxcContract, IxcFiscalNote, IxcInvoice } from './records.ts';

/**
 * Only released titles (`liberado` 'S') exist for the subscriber: a title the provider has not released
 * yet (being prepared, held back) is never shown, paid or printed. Filtered in the query, as IXC's own
 * examples do, and checked again on each row.
 */
const RELEASED = { field: 'fn_areceber.liberado', value: 'S' } as const;
const released = (row: IxcInvoice) => row.liberado === 'S';

/** Open (A, P) invoices of a customer due up to `endDate` (overdue ones of any age included). */
export async function listOpenInvoices(
  ixc: IxcClient,
  customerId: string,
  endDate: string,
): Promise<IxcInvoice[]> {
  const rows = await ixc.listAll('fn_areceber', {
    where: { field: 'fn_areceber.id_cliente', value: customerId },
    and: [
      RELEASED,
      { field: 'fn_areceber.status', oper: 'IN', value: 'A,P' },
      { field: 'fn_areceber.data_vencimento', oper: '<=', value: endDate },
    ],
    sortBy: 'fn_areceber.data_vencimento',
    order: 'asc',
  });
  return rows.filter(released);
}

/** The latest received invoices of a customer, most recently paid first. */
export async function listReceivedInvoices(
  ixc: IxcClient,
  customerId: string,
  rows: number,
): Promise<IxcInvoice[]> {
  const page = await ixc.list('fn_areceber', {
    where: { field: 'fn_areceber.id_cliente', value: customerId },
    and: [RELEASED, { field: 'fn_areceber.status', value: 'R' }],
    sortBy: 'fn_areceber.pagamento_data',
    order: 'desc',
    rowsPerPage: rows,
  });
  return page.rows.filter(released);
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
    and: [RELEASED, { field: 'fn_areceber.id', value: invoiceId }],
    rowsPerPage: 1,
  });
  return (
    page.rows.find((row) => row.id === invoiceId && row.id_cliente === customerId && released(row)) ?? null
  );
}

/**
 * The boleto PDF (base64) as issued: no interest, fine or update is recalculated. Null when there is
 * none, or when IXC answered anything but a PDF (an HTML error page comes with HTTP 200).
 */
export function getBoletoPdf(ixc: IxcClient, invoiceId: string): Promise<string | null> {
  return ixc.pdfAction('get_boleto', {
    boletos: invoiceId,
    juro: 'N',
    multa: 'N',
    atualiza_boleto: 'N',
    tipo_boleto: 'arquivo',
    base64: 'S',
  });
}

const pixAnswer = z.object({
  type: z.literal('success').optional(),
  gateway: z.object({ gatewayNome: z.string().nullish() }).nullish(),
  pix: z.object({
    qrCode: z.object({
      qrcode: z.string().min(1),
      imagemQrcode: z.string().nullish(),
      imagemSrc: z.string().nullish(),
    }),
  }),
});

/** A QR image as IXC's gateways send it: bare base64 or a `data:` URI; empty is none. */
function pngBase64(image: string | null | undefined): string | null {
  const bare = (image ?? '').trim().replace(/^data:image\/[a-z+]+;base64,/i, '');
  return /^[A-Za-z0-9+/]+=*$/.test(bare) ? bare : null;
}

/**
 * The invoice's PIX BR Code (copy and paste) and QR image (base64 PNG). Some gateways send no image:
 * the QR code is then drawn from the BR Code itself. Never retried: a `get_pix` may create the charge
 * at the PSP, so a call without an answer is not repeated blindly.
 */
export async function getPix(ixc: IxcClient, invoiceId: string): Promise<{ qrcode: string; image: string }> {
  const answer = await ixc.action('get_pix', { id_areceber: invoiceId }, { read: false, document: true });
  const parsed = pixAnswer.safeParse(answer);
  if (!parsed.success) throw new IxcError('protocol', 'unexpected get_pix answer');
  const { qrcode, imagemQrcode } = parsed.data.pix.qrCode;
  const image = pngBase64(imagemQrcode) ?? (await drawQrPng(qrcode));
  return { qrcode, image };
}

/** A QR code of the BR Code, error correction M as PIX codes use, as base64 PNG. */
async function drawQrPng(text: string): Promise<string> {
  const url = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, scale: 5 });
  return url.slice(url.indexOf(',') + 1);
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

/** The fiscal note's PDF (base64), IXC `imprimir_nota`; null when IXC answered anything but a PDF. */
export function printFiscalNote(ixc: IxcClient, id: string): Promise<string | null> {
  return ixc.pdfAction('imprimir_nota', { id, base64: 'S' });
}

export function listContracts(ixc: IxcClient, customerId: string): Promise<IxcContract[]> {
  return ixc.listAll('cliente_contrato', {
    where: { field: 'cliente_contrato.id_cliente', value: customerId },
  });
}

const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * Where a provider books card receipts in IXC: its branch (`filial_id`), the cash or bank account that
 * receives (`conta_`, table `contas`) and the analytic planning account (`id_conta`, table
 * `planejamento_analitico`; the names are IXC's own, crossed as they are).
 */
export interface SettlementAccounts {
  filialId: string;
  accountId: string;
  planningId: string;
}

/** Receives (settles) a title in the ERP after a card payment; not retried (not idempotent). */
export async function settleInvoice(
  ixc: IxcClient,
  accounts: SettlementAccounts,
  s: { invoiceId: string; cents: number; day: string; history: string },
): Promise<void> {
  const [y, m, d] = s.day.split('-');
  await ixc.action(
    'fn_areceber_recebimentos_baixas_novo',
    {
      filial_id: accounts.filialId,
      id_receber: s.invoiceId,
      conta_: accounts.accountId,
      id_conta: accounts.planningId,
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
