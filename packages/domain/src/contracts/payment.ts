import { onlyDigits } from '../cpf-cnpj.ts';
import {
  cardBrand,
  cardCvvSchema,
  cardExpirySchema,
  cardHolderSchema,
  installmentsSchema,
  luhnValid,
} from '../financial/cards.ts';
import { reais } from '../financial/money.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import { invoiceIdSchema } from './financial.ts';

/** spec §3 Saved card: never a full number, never the CVV. */
export const savedCardSchema = z
  .object({
    uuid: z.string(),
    alias: z.string(),
    CardNumber: z.string(),
    ExpirationDate: z.string(),
    brand: z.enum(['Visa', 'Master']),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof savedCardSchema>;

/**
 * The API's reading of a card number and expiry: the texts of spec §8 'Cards' (the server's side),
 * where the SPA's form gives the field texts of spec §5 first.
 */
const serverCardNumber = z
  .string({ error: messages.cardInvalid })
  .transform(onlyDigits)
  .refine((d) => d.length === 16 && luhnValid(d) && cardBrand(d) !== null, messages.cardInvalid);
const serverCardExpiry = z
  .string({ error: messages.cardExpiryFormat })
  .trim()
  .regex(/^\d{2}\/(\d{2}|\d{4})$/, messages.cardExpiryFormat)
  .refine((v) => Number(v.slice(0, 2)) >= 1 && Number(v.slice(0, 2)) <= 12, messages.cardMonthInvalid)
  .pipe(cardExpirySchema);

/** POST /api/payment/card (spec §3 New card payload). */
export const newCardBody = z.object({
  CardAlias: z
    .string()
    .trim()
    .max(40, 'O apelido precisa ser menor que 40 caracteres')
    .optional()
    .transform((v) => (v ? v : 'Recorrente')),
  CardNumber: serverCardNumber,
  Holder: cardHolderSchema,
  ExpirationDate: serverCardExpiry,
  SecurityCode: cardCvvSchema,
  Contracts: z
    .array(z.string().regex(/^\d{1,12}$/))
    .max(20)
    .optional(),
  Recurrent: z.boolean().optional(),
});
export type NewCardBody = z.input<typeof newCardBody>;

export const cardIdParams = z.object({ id: z.uuid('Cartão não encontrado.') });

/** POST /api/payment/pay/invoice. The CVV is asked at each payment: it is never stored. */
export const payInvoiceBody = z.object({
  cardId: z.uuid('Cartão não encontrado.'),
  invoiceId: invoiceIdSchema,
  installments: installmentsSchema,
  securityCode: cardCvvSchema,
});
export type PayInvoiceBody = z.input<typeof payInvoiceBody>;

export const paymentResultSchema = z
  .object({
    status: z.literal('paid'),
    invoiceId: z.string(),
    installments: z.number(),
    /** The total charged: R$ in the JSON, cents once parsed. */
    amount: reais,
    authorizationCode: z.string().nullable(),
  })
  .meta({ id: 'PaymentResult' });
export type PaymentResult = z.infer<typeof paymentResultSchema>;
