import { reais } from '../financial/money.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';

export const invoiceIdSchema = z
  .string({ error: 'Fatura não encontrada.' })
  .trim()
  .regex(/^\d{1,12}$/, 'Fatura não encontrada.');

/** GET /api/central/customer/list/invoices (spec §7.3). */
export const listInvoicesQuery = z.object({
  status: z.enum(['to_pay', 'received']).optional(),
  end_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida')
    .optional(),
  invoice_id: invoiceIdSchema.optional(),
});

export const invoiceDownloadTokenBody = z.object({ invoiceId: invoiceIdSchema });
export const downloadTokenResponse = z.object({ token: z.string() });
export const downloadTokenParams = z.object({ token: z.string().min(10).max(2000) });
/** A downloaded file as base64 (the boleto or a fiscal note PDF). */
export const fileResponse = z.object({ base64: z.string(), filename: z.string(), contentType: z.string() });
export type FileResponse = z.infer<typeof fileResponse>;

export const invoiceIdParams = z.object({ invoiceId: invoiceIdSchema });
/** GET /api/central/customer/read/pix-payment/{invoiceId}. */
export const pixResponse = z
  .object({
    type: z.literal('success'),
    pix: z.object({ qrCode: z.object({ qrcode: z.string(), imagemQrcode: z.string().nullable() }) }),
  })
  .meta({ id: 'Pix' });
export type PixPayment = z.infer<typeof pixResponse>;

export const nfSchema = z
  .object({
    id: z.string(),
    numero: z.string(),
    tipo: z.enum(['SVA', 'SCM', 'NFS-e']),
    /** R$ in the JSON, cents once parsed. */
    valor: reais,
    data_emissao: z.string(),
  })
  .meta({ id: 'FiscalNote' });
export type FiscalNote = z.infer<typeof nfSchema>;

export const monthSchema = z
  .string({ error: 'Mês inválido.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mês inválido.')
  .refine((m) => m >= '2014-02', 'Mês inválido.');

/** GET /api/central/customer/list/sale-invoices?created_at=YYYY-MM. */
export const listSaleInvoicesQuery = z.object({ created_at: monthSchema });
export const saleInvoiceListResponse = z
  .object({ saleInvoices: z.array(nfSchema) })
  .meta({ id: 'FiscalNoteList' });

export const saleInvoiceDownloadTokenBody = z.object({
  saleInvoiceId: z.string().regex(/^\d{1,12}$/, 'Nota fiscal não encontrada.'),
  customModel: z.boolean().optional(),
  created_at: monthSchema.optional(),
});

/**
 * An event of GET /api/central/customer/invoice/{invoiceId}/payment-events (text/event-stream,
 * `event: payment`): first the invoice's state, then `paid: true` once the ERP has it received.
 */
export const paymentEvent = z.object({ invoiceId: z.string(), paid: z.boolean() });
export type PaymentEvent = z.infer<typeof paymentEvent>;

/**
 * POST /api/central/customer/invoice/{invoiceId}/send-email (issue 15): the boleto PDF and the PIX code
 * of an open invoice to one of the customer's own e-mails in the ERP, chosen by its index in
 * GET …/invoice/{invoiceId}/emails (masked, as in recovery).
 */
export const sendInvoiceEmailBody = z.object({
  mailIndex: z
    .number({ error: messages.emailRequired })
    .int(messages.emailRequired)
    .min(0, messages.emailRequired)
    .max(99, messages.emailRequired),
});
export type SendInvoiceEmailBody = z.input<typeof sendInvoiceEmailBody>;
export const sendInvoiceEmailResponse = z.object({ email: z.string() });
