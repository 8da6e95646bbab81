import { invoiceTypes } from '../financial/invoices.ts';
import { reais } from '../financial/money.ts';
import { z } from '../zod.ts';

// The invoices as the home and the invoice pages list them (spec §7.3): a module of their own, so that the
// home's chunks build these few schemas and not the financial pages' others (contracts/financial.ts).

export const invoiceSchema = z
  .object({
    id: z.string(),
    /** The contract, or the standalone contract (id_contrato_avulso). */
    contractId: z.string().nullable(),
    type: z.enum(invoiceTypes),
    /** The invoice value: R$ in the JSON, cents once parsed. */
    value: reais,
    /** What is still to pay (less than the value for a partial invoice): R$ in the JSON, cents once parsed. */
    openValue: reais,
    dueDate: z.string(),
    paymentDate: z.string().nullable(),
    paymentType: z.enum(['pix', 'credit_card', 'boleto']).nullable(),
    linhaDigitavel: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /api/central/customer/list/invoices (spec §7.3). */
export const invoiceListResponse = z
  .object({
    invoices: z.array(invoiceSchema),
    /** The provider's day (São Paulo) the types were computed for. */
    today: z.string(),
    /** How many days ahead the to-pay list looks (spec §9). */
    windowDays: z.number(),
    /**
     * Issue 15: set while the ERP cannot be reached: the invoices are the ones last shown, as of this
     * time (ISO 8601), and cannot be paid until the ERP answers again.
     */
    staleAt: z.string().optional(),
  })
  .meta({ id: 'InvoiceList' });
export type InvoiceList = z.infer<typeof invoiceListResponse>;
