import {
  downloadTokenResponse,
  type FiscalNote,
  fileResponse,
  saleInvoiceListResponse,
} from '@central/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { saveFile } from '@/shared/download';
import { api } from '@/shared/http';

export const fiscalNoteKeys = {
  all: ['fiscal-notes'] as const,
  month: (month: string) => ['fiscal-notes', month] as const,
};

/** GET /customer/list/sale-invoices?created_at=YYYY-MM: the notes issued in a month. */
export const fiscalNotesQuery = (month: string) =>
  queryOptions({
    queryKey: fiscalNoteKeys.month(month),
    queryFn: async ({ signal }) =>
      (
        await api(`/customer/list/sale-invoices?created_at=${month}`, {
          schema: saleInvoiceListResponse,
          signal,
        })
      ).saleInvoices,
    staleTime: 5 * 60_000,
  });

/** A fiscal note's PDF: a single-use token, then the file (spec §7.3). SVA notes use the custom model. */
export function useDownloadFiscalNote() {
  return useMutation({
    mutationFn: async ({ note, month }: { note: FiscalNote; month: string }) => {
      const { token } = await api('/customer/generate/sale-invoice-download-token', {
        method: 'POST',
        body: { saleInvoiceId: note.id, customModel: note.tipo === 'SVA', created_at: month },
        schema: downloadTokenResponse,
      });
      saveFile(
        await api(`/customer/download/sale-invoice/${encodeURIComponent(token)}`, { schema: fileResponse }),
      );
    },
  });
}
