import { addDays, ixcDate } from './dates.ts';

/** spec §4: displayed invoice types. */
export const invoiceTypes = ['overdue', 'partial', 'to_receive', 'received'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];
export const payableTypes: readonly InvoiceType[] = ['to_receive', 'overdue', 'partial'];

export const invoiceTypeLabels: Record<InvoiceType, string> = {
  overdue: 'Vencida',
  partial: 'Parcial',
  to_receive: 'A vencer',
  received: 'Paga',
};

/**
 * IXC status → displayed type (spec §4): C is dropped (null); A or P due before today is overdue (due
 * today is not); P partial; A to receive; R received.
 */
export function invoiceType(status: string, dueDate: string | null, today: string): InvoiceType | null {
  if (status === 'R') return 'received';
  if (status !== 'A' && status !== 'P') return null;
  const due = ixcDate(dueDate);
  if (due && due < today) return 'overdue';
  return status === 'P' ? 'partial' : 'to_receive';
}

export const isPayable = (type: InvoiceType) => payableTypes.includes(type);

/** spec §9: to-receive invoices due within 15 days unless the provider sets another window. */
export const DEFAULT_INVOICE_WINDOW_DAYS = 15;
export const RECEIVED_INVOICES_SHOWN = 12;

/** The open-invoice query's end_date follows the list window (spec §9). */
export function openInvoicesEndDate(today: string, windowDays: number = DEFAULT_INVOICE_WINDOW_DAYS): string {
  return addDays(today, windowDays);
}

interface Windowed {
  type: InvoiceType;
  dueDate: string;
  paymentDate: string | null;
}

/**
 * The to-pay list (spec §9): every partial and overdue invoice, and to-receive ones due by `endDate`
 * (today plus the provider's window); earliest due first.
 */
export function toPayWindow<T extends Windowed>(invoices: T[], endDate: string): T[] {
  return invoices
    .filter(
      (i) =>
        i.type === 'overdue' || i.type === 'partial' || (i.type === 'to_receive' && i.dueDate <= endDate),
    )
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}

/** The received list: the latest 12, most recently paid first. */
export function receivedWindow<T extends Windowed>(invoices: T[]): T[] {
  return invoices
    .filter((i) => i.type === 'received')
    .sort(
      (a, b) =>
        (b.paymentDate ?? b.dueDate).localeCompare(a.paymentDate ?? a.dueDate) ||
        b.dueDate.localeCompare(a.dueDate),
    )
    .slice(0, RECEIVED_INVOICES_SHOWN);
}

/** IXC tipo_recebimento → the payment type shown. */
export function paymentTypeOf(tipoRecebimento: string): 'pix' | 'credit_card' | 'boleto' | null {
  const t = tipoRecebimento
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (!t) return null;
  if (t.includes('pix')) return 'pix';
  if (t.includes('cart') || t.includes('card') || t === 'c') return 'credit_card';
  return 'boleto';
}

export const paymentTypeLabels = { pix: 'PIX', credit_card: 'Cartão de crédito', boleto: 'Boleto' } as const;
