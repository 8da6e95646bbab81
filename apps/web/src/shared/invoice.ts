/**
 * What the invoice pages, the home's card and the card payment share: the invoices' query keys, their
 * lists and one invoice.
 */
import { formatDateBR, type Invoice, invoiceListResponse, messages } from '@central/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from './http';

export type InvoiceStatus = 'to_pay' | 'received';

/** Everything under `invoiceKeys.all` is refetched after a payment. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (status: InvoiceStatus) => ['invoices', 'list', status] as const,
  detail: (invoiceId: string) => ['invoices', 'detail', invoiceId] as const,
  pix: (invoiceId: string) => ['invoices', 'pix', invoiceId] as const,
};

/** An invoice id as the API takes it (spec: digits); anything else is 'Fatura não encontrada.'. */
export const isInvoiceId = (value: string | undefined): value is string => /^\d{1,12}$/.test(value ?? '');

/**
 * An invoice as a page shows it: `staleAt` is set while the provider's ERP cannot be reached and the
 * invoice is the one last seen (issue 15); it cannot be paid then.
 */
export type ShownInvoice = Invoice & { staleAt?: string };

/** While the API answers the invoices last seen, it is asked again this often: the notice goes by itself. */
const STALE_REFETCH_MS = 30_000;
export const refetchWhileStale = (query: { state: { data?: { staleAt?: string } } }) =>
  query.state.data?.staleAt ? STALE_REFETCH_MS : false;

/** GET /customer/list/invoices?status=: the to-pay window (earliest due first) or the latest 12 paid. */
export const invoiceListQuery = (status: InvoiceStatus) =>
  queryOptions({
    queryKey: invoiceKeys.list(status),
    queryFn: ({ signal }) =>
      api(`/customer/list/invoices?status=${status}`, { schema: invoiceListResponse, signal }),
    staleTime: 30_000,
    refetchInterval: refetchWhileStale,
  });

/** GET /customer/list/invoices?invoice_id=: one invoice of this subscriber; 404 INVOICE_NOT_FOUND else. */
export const invoiceQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(invoiceId),
    queryFn: async ({ signal }): Promise<ShownInvoice> => {
      const { invoices, staleAt } = await api(
        `/customer/list/invoices?invoice_id=${encodeURIComponent(invoiceId)}`,
        { schema: invoiceListResponse, signal },
      );
      const invoice = invoices.find((i) => i.id === invoiceId);
      if (!invoice) throw new ApiError(404, 'INVOICE_NOT_FOUND', messages.invoiceNotFound);
      return staleAt ? { ...invoice, staleAt } : invoice;
    },
    staleTime: 30_000,
    refetchInterval: refetchWhileStale,
  });

/** An unknown id, another subscriber's, or one the API rejects as malformed. */
export function isInvoiceNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'INVOICE_NOT_FOUND' || error.code === 'VALIDATION');
}

/** 'Venceu em 12/11/2026' for an overdue invoice, 'Vence em …' for one still to come. */
export function dueText(invoice: Pick<Invoice, 'type' | 'dueDate'>): string {
  const date = formatDateBR(invoice.dueDate);
  if (invoice.type === 'overdue') return `Venceu em ${date}`;
  if (invoice.type === 'received') return `Vencimento em ${date}`;
  return `Vence em ${date}`;
}
