import {
  downloadTokenResponse,
  fileResponse,
  type Invoice,
  invoiceListResponse,
  messages,
  pixResponse,
} from '@central/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { saveFile } from '@/shared/download';
import { ApiError, api } from '@/shared/http';

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

/** GET /customer/list/invoices?status=: the to-pay window (earliest due first) or the latest 12 paid. */
export const invoiceListQuery = (status: InvoiceStatus) =>
  queryOptions({
    queryKey: invoiceKeys.list(status),
    queryFn: ({ signal }) =>
      api(`/customer/list/invoices?status=${status}`, { schema: invoiceListResponse, signal }),
    staleTime: 30_000,
  });

/** GET /customer/list/invoices?invoice_id=: one invoice of this subscriber; 404 INVOICE_NOT_FOUND else. */
export const invoiceQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(invoiceId),
    queryFn: async ({ signal }): Promise<Invoice> => {
      const { invoices } = await api(`/customer/list/invoices?invoice_id=${encodeURIComponent(invoiceId)}`, {
        schema: invoiceListResponse,
        signal,
      });
      const invoice = invoices.find((i) => i.id === invoiceId);
      if (!invoice) throw new ApiError(404, 'INVOICE_NOT_FOUND', messages.invoiceNotFound);
      return invoice;
    },
    staleTime: 30_000,
  });

/** An unknown id, another subscriber's, or one the API rejects as malformed. */
export function isInvoiceNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'INVOICE_NOT_FOUND' || error.code === 'VALIDATION');
}

/** GET /customer/read/pix-payment/{invoiceId}: the copy-and-paste code and, maybe, its QR as a PNG. */
export const pixQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: invoiceKeys.pix(invoiceId),
    queryFn: async ({ signal }) => {
      const { pix } = await api(`/customer/read/pix-payment/${invoiceId}`, { schema: pixResponse, signal });
      return { code: pix.qrCode.qrcode, image: pix.qrCode.imagemQrcode };
    },
    staleTime: 5 * 60_000,
  });

/** The boleto's PDF: a single-use token, then the file (spec §7.3); saved under its own name. */
export function useDownloadBoleto() {
  return useMutation({
    mutationFn: async (invoiceId: string) => {
      const { token } = await api('/customer/generate/invoice-download-token', {
        method: 'POST',
        body: { invoiceId },
        schema: downloadTokenResponse,
      });
      saveFile(
        await api(`/customer/download/invoice/${encodeURIComponent(token)}`, { schema: fileResponse }),
      );
    },
  });
}

/** spec §8 'Invoice download': the file is unavailable, or something else went wrong. */
export function boletoDownloadError(error: unknown): string {
  return error instanceof ApiError && error.code === 'BOLETO_UNAVAILABLE'
    ? messages.boletoUnavailable
    : messages.invoiceDownloadFailed;
}
