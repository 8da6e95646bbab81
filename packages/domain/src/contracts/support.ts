import { messages } from '../messages.ts';
import { SUPPORT_MESSAGE_MAX, supportStatuses } from '../support/tickets.ts';
import { phoneSchema } from '../validators.ts';
import { z } from '../zod.ts';

/** An ERP id as the SPA may send it (a string or a number); parsed to its digits. */
const erpId = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,12}$/.test(v) && Number(v) > 0, message);

/** spec §5: a support text is required and at most 1000 characters. */
export const supportMessageTextSchema = z
  .string({ error: messages.supportMessageRequired })
  .trim()
  .min(1, messages.supportMessageRequired)
  .max(SUPPORT_MESSAGE_MAX, messages.supportMessageMax);

/** spec §3 Support ticket: a ticket (customer_service) or a service order (os), as the portal shows it. */
export const supportTicketSchema = z
  .object({
    id: z.string(),
    /** The subject's text ('' when the ERP has no subject for it). */
    subject: z.string(),
    protocolo: z.string(),
    /** From data_abertura, as the ERP writes it ('YYYY-MM-DD HH:MM:SS'), or null when unset. */
    created_at: z.string().nullable(),
    status: z.enum(supportStatuses),
    /** The subscriber's opening text. */
    message: z.string(),
  })
  .meta({ id: 'SupportTicket' });
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** spec §3 Support message. Operators' private notes never appear. */
export const supportMessageSchema = z
  .object({
    id: z.string(),
    mensagem: z.string(),
    /** 'YYYY-MM-DD HH:MM:SS' as the ERP writes it, or null when unset. */
    data: z.string().nullable(),
    /** Who answered; null when the subscriber wrote it. */
    ATTENDANT: z.object({ nome: z.string() }).nullable(),
  })
  .meta({ id: 'SupportMessage' });
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** spec §3 Support subject: `value` is what the request form sends as `subject`. */
export const supportSubjectSchema = z
  .object({ id: z.string(), value: z.string(), description: z.string() })
  .meta({ id: 'SupportSubject' });
export type SupportSubject = z.infer<typeof supportSubjectSchema>;

/** POST /api/central/customer/create/support (spec §7.5). */
export const createSupportBody = z.object({
  subject: erpId(messages.supportSubjectRequired),
  message: supportMessageTextSchema,
  contractId: erpId(messages.contractNotFound),
  phone_number: phoneSchema,
});
export type CreateSupportBody = z.input<typeof createSupportBody>;
export const supportCreatedResponse = z
  .object({ id: z.string(), protocolo: z.string(), message: z.string() })
  .meta({ id: 'SupportCreated' });
export type SupportCreated = z.infer<typeof supportCreatedResponse>;

/** GET /api/central/customer/list/supports?status=&page= (spec §7.5, §9: the closed list is paged). */
export const listSupportsQuery = z.object({
  status: z.enum(supportStatuses).default('in_progress'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const supportListResponse = z
  .object({
    supports: z.array(supportTicketSchema),
    page: z.number(),
    /** Whether 'Ver mais' has another page to show. */
    hasMore: z.boolean(),
  })
  .meta({ id: 'SupportList' });
export type SupportList = z.infer<typeof supportListResponse>;

/** GET /api/central/customer/support/subjects. */
export const supportSubjectsResponse = z
  .object({ subjects: z.array(supportSubjectSchema) })
  .meta({ id: 'SupportSubjects' });
export type SupportSubjects = z.infer<typeof supportSubjectsResponse>;

export const supportIdParams = z.object({ supportId: erpId(messages.supportNotFound) });

/**
 * Issue 15: files a subscriber sends with a request or a message: at most 3 at a time, 5 MB each, images
 * or PDFs as their content says (the name and the browser's type are not trusted).
 */
export const SUPPORT_ATTACHMENT_LIMITS = {
  files: 3,
  bytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;

/** A file sent with a request (`messageId` null) or with one of its messages. */
export const supportAttachmentSchema = z
  .object({
    id: z.string(),
    messageId: z.string().nullable(),
    name: z.string(),
    contentType: z.string(),
    size: z.number(),
  })
  .meta({ id: 'SupportAttachment' });
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

/**
 * POST /api/central/customer/support/{supportId}/attachments (multipart/form-data): up to 3 `file`
 * parts and, for a message, the text field `messageId` (the id the message was created with).
 */
export const supportAttachmentFields = z.object({
  messageId: erpId(messages.supportNotFound).optional(),
});
export const supportAttachmentsResponse = z
  .object({ attachments: z.array(supportAttachmentSchema) })
  .meta({ id: 'SupportAttachments' });
export const supportAttachmentParams = z.object({
  supportId: erpId(messages.supportNotFound),
  attachmentId: z.uuid({ error: messages.attachmentNotFound }),
});

/** GET /api/central/customer/list/support/messages/{supportId}. */
export const supportDetailsResponse = z
  .object({
    support: supportTicketSchema,
    messages: z.array(supportMessageSchema),
    /** Issue 15: the files sent with the request and its messages, oldest first. */
    attachments: z.array(supportAttachmentSchema).default([]),
  })
  .meta({ id: 'SupportDetails' });
export type SupportDetails = z.infer<typeof supportDetailsResponse>;

/** POST /api/central/customer/create/support/message (only while the ticket is in progress, spec §4). */
export const createSupportMessageBody = z.object({
  supportId: erpId(messages.supportNotFound),
  message: supportMessageTextSchema,
});
export type CreateSupportMessageBody = z.input<typeof createSupportMessageBody>;
export const supportMessageCreatedResponse = z
  .object({ message: supportMessageSchema, text: z.string() })
  .meta({ id: 'SupportMessageCreated' });
export type SupportMessageCreated = z.infer<typeof supportMessageCreatedResponse>;
