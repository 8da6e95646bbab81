import { downloadTokenResponse, fileResponse, messages, pixResponse } from '@central/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { saveFile } from '@/shared/download';
import { ApiError, api } from '@/shared/http';
import { invoiceKeys } from '@/shared/invoice';

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
