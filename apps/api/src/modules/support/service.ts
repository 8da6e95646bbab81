import {
  canAddSupportMessage,
  localDateTimeInSaoPaulo,
  messages,
  SUPPORT_PAGE_SIZE,
  type SupportCreated,
  type SupportDetails,
  type SupportList,
  type SupportMessage,
  type SupportMessageCreated,
  type SupportStatus,
  type SupportSubject,
  type SupportTicket,
  supportRequestText,
  supportStatus,
} from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { IxcServiceOrder, IxcTicket } from '../../integrations/ixc/records.ts';
import {
  employeeNames,
  findCustomerContract,
  findCustomerServiceOrder,
  findCustomerTicket,
  findSubjects,
  generateProtocol,
  insertAttachment,
  insertServiceOrder,
  insertServiceOrderMessage,
  insertTicket,
  insertTicketMessage,
  listCustomerServiceOrders,
  listCustomerTickets,
  listPortalSubjects,
  listServiceOrderMessages,
  listTicketMessages,
} from '../../integrations/ixc/support.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import {
  attachmentFile,
  checkFiles,
  listAttachments,
  type ReceivedFile,
  saveAttachment,
} from './attachments.ts';

/**
 * Each request or message is a record in the provider's ERP, where its staff work: a script must not be
 * able to flood it. Counted per subscriber, whatever the outcome.
 */
export const SUPPORT_LIMITS = {
  requestsPerCustomer: { limit: 5, windowMs: 3600_000 },
  messagesPerCustomer: { limit: 30, windowMs: 3600_000 },
  /** Issue 15: files sent, each counted, per subscriber and day. */
  attachmentsPerCustomer: { limit: 30, windowMs: 24 * 3600_000 },
};

/** How a subscriber's file is described in the ERP, where the staff see it. */
const ATTACHMENT_DESCRIPTION = 'Enviado pelo assinante na Central';

/** A ticket or a service order, read the same way whatever the provider's support_type. */
interface Request {
  id: string;
  subjectId: string;
  title: string;
  protocolo: string;
  createdAt: string | null;
  status: SupportStatus;
  /** The ERP's own state, which a subscriber's message carries on (su_status, or the order's status). */
  erpStatus: string;
  message: string;
}

/** IXC's zero date means none. */
const ixcDateTime = (value: string) =>
  value.trim() === '' || value.startsWith('0000-00-00') ? null : value.trim();
const isSet = (id: string) => id.trim() !== '' && id.trim() !== '0';

function fromTicket(t: IxcTicket): Request {
  return {
    id: t.id,
    subjectId: t.id_assunto,
    title: t.titulo.trim(),
    protocolo: t.protocolo.trim(),
    createdAt: ixcDateTime(t.data_criacao),
    status: supportStatus(t),
    erpStatus: t.su_status,
    message: t.menssagem,
  };
}

function fromServiceOrder(o: IxcServiceOrder): Request {
  return {
    id: o.id,
    subjectId: o.id_assunto,
    title: '',
    protocolo: o.protocolo.trim(),
    createdAt: ixcDateTime(o.data_abertura),
    // a service order has no su_status: closed once finished (F)
    status: supportStatus({ status: o.status }),
    erpStatus: o.status,
    message: o.mensagem,
  };
}

const byNewest = (a: Request, b: Request) => Number(b.id) - Number(a.id);

const supportNotFound = () => new AppError(404, 'SUPPORT_NOT_FOUND');

export function createSupportService(deps: {
  db: Db;
  limiter: RateLimiter;
  log: Logger;
  now?: () => Date;
  subjectsCacheMs?: number;
}) {
  const { log } = deps;
  const subjectsCache = createTtlCache<SupportSubject[]>({ ttlMs: deps.subjectsCacheMs ?? 60_000 });

  async function limit(key: string, rule: { limit: number; windowMs: number }) {
    const r = await deps.limiter.hit(key, rule.limit, rule.windowMs);
    if (!r.allowed) throw rateLimited(r.retryAfterSeconds);
  }

  /**
   * The subjects a subscriber may choose: those the provider configured (in its order), else the ERP's
   * subjects that are active and shown in the subscriber's portal.
   */
  function subjects(tenant: Tenant): Promise<SupportSubject[]> {
    const configured = tenant.support.subjects;
    // Keyed by the provider's choice too: a list saved in the back office applies as soon as the tenant
    // is read again (at once, on every process), only the ERP's names may be a minute old.
    return subjectsCache.get(`${tenant.id}:${JSON.stringify(configured)}`, async () => {
      if (configured.length > 0) {
        const rows = new Map(
          (
            await findSubjects(
              tenant.ixc,
              configured.map((s) => s.id),
            )
          ).map((r) => [r.id, r]),
        );
        return configured.map((s) => {
          const row = rows.get(s.id);
          return {
            id: s.id,
            value: row?.assunto.trim() || s.content,
            description: row?.descricao.trim() ?? '',
          };
        });
      }
      const rows = await listPortalSubjects(tenant.ixc);
      return rows.map((r) => ({ id: r.id, value: r.assunto.trim(), description: r.descricao.trim() }));
    });
  }

  /** The session customer's ticket or service order (by the provider's support_type), or a 404. */
  async function ownRequest(tenant: Tenant, session: CustomerSession, supportId: string): Promise<Request> {
    const customer = session.erpCustomerId;
    const found =
      tenant.support.supportType === 'os'
        ? await findCustomerServiceOrder(tenant.ixc, customer, supportId).then(
            (o) => o && fromServiceOrder(o),
          )
        : await findCustomerTicket(tenant.ixc, customer, supportId).then((t) => t && fromTicket(t));
    if (!found) throw supportNotFound();
    return found;
  }

  /** Requests as the SPA shows them, each with its subject's name (the ticket's title when unknown). */
  async function toTickets(tenant: Tenant, requests: Request[]): Promise<SupportTicket[]> {
    const names = new Map(
      (
        await findSubjects(
          tenant.ixc,
          requests.map((r) => r.subjectId),
        )
      ).map((s) => [s.id, s.assunto.trim()]),
    );
    const configured = new Map(tenant.support.subjects.map((s) => [s.id, s.content]));
    return requests.map((r) => ({
      id: r.id,
      subject: names.get(r.subjectId) || configured.get(r.subjectId) || r.title,
      protocolo: r.protocolo,
      created_at: r.createdAt,
      status: r.status,
      message: r.message,
    }));
  }

  return {
    subjects,

    /** spec §7.5 'Solicitar Atendimento': a ticket or a service order in the ERP, by support_type. */
    async create(
      tenant: Tenant,
      session: CustomerSession,
      body: { subject: string; message: string; contractId: string; phone_number: string },
    ): Promise<SupportCreated> {
      const customer = session.erpCustomerId;
      await limit(`support:request:${tenant.id}:${customer}`, SUPPORT_LIMITS.requestsPerCustomer);
      const [offered, contract] = await Promise.all([
        subjects(tenant),
        findCustomerContract(tenant.ixc, customer, body.contractId),
      ]);
      const subject = offered.find((s) => s.id === body.subject);
      if (!subject) throw new AppError(400, 'SUPPORT_SUBJECT_INVALID');
      if (!contract) throw new AppError(404, 'SUPPORT_CONTRACT_NOT_FOUND');

      const { supportType, departmentId, processId } = tenant.support;
      const branchId = isSet(contract.id_filial) ? contract.id_filial : (tenant.settlement?.filialId ?? null);
      if (!departmentId || (supportType === 'os' && !branchId)) {
        log.warn(
          { tenant: tenant.clientId, supportType, departmentId, branchId },
          'support request refused: the provider has no department (or branch) configured',
        );
        throw new AppError(502, 'SUPPORT_REQUEST_FAILED');
      }
      const protocol = await generateProtocol(tenant.ixc, supportType === 'os' ? 'service_order' : 'ticket');
      const text = supportRequestText(body.message, body.phone_number);
      const fields = {
        customerId: customer,
        contractId: contract.id,
        subjectId: subject.id,
        departmentId,
        processId,
        protocol,
        message: text,
      };
      const id =
        supportType === 'os'
          ? await insertServiceOrder(tenant.ixc, { ...fields, branchId: branchId ?? '' })
          : await insertTicket(tenant.ixc, { ...fields, title: subject.value });
      log.info({ tenant: tenant.clientId, supportType, id }, 'support request created');
      return { id, protocolo: protocol, message: messages.supportRequested };
    },

    /** spec §7.5: in progress (all of them) or closed (paged, spec §9 'Ver mais'), newest first. */
    async list(
      tenant: Tenant,
      session: CustomerSession,
      q: { status: SupportStatus; page: number },
    ): Promise<SupportList> {
      const customer = session.erpCustomerId;
      const all =
        tenant.support.supportType === 'os'
          ? (await listCustomerServiceOrders(tenant.ixc, customer)).map(fromServiceOrder)
          : (await listCustomerTickets(tenant.ixc, customer)).map(fromTicket);
      const wanted = all.filter((r) => r.status === q.status).sort(byNewest);
      if (q.status === 'in_progress')
        return { supports: await toTickets(tenant, wanted), page: 1, hasMore: false };
      const start = (q.page - 1) * SUPPORT_PAGE_SIZE;
      const page = wanted.slice(start, start + SUPPORT_PAGE_SIZE);
      return {
        supports: await toTickets(tenant, page),
        page: q.page,
        hasMore: wanted.length > start + SUPPORT_PAGE_SIZE,
      };
    },

    /** spec §7.5: a request with its public messages, oldest first; staff-only notes never leave the ERP. */
    async details(tenant: Tenant, session: CustomerSession, supportId: string): Promise<SupportDetails> {
      const request = await ownRequest(tenant, session, supportId);
      const [tickets, rows, attachments] = await Promise.all([
        toTickets(tenant, [request]),
        tenant.support.supportType === 'os'
          ? listServiceOrderMessages(tenant.ixc, request.id).then((list) =>
              list.map((m) => ({ id: m.id, text: m.mensagem, at: m.data, author: m.id_tecnico })),
            )
          : listTicketMessages(tenant.ixc, request.id).then((list) =>
              list.map((m) => ({
                id: m.id,
                text: m.mensagem.trim() ? m.mensagem : m.mensagem_ticket,
                at: m.data,
                author: isSet(m.id_operador) ? m.id_operador : m.operador,
              })),
            ),
        listAttachments(deps.db, {
          tenantId: tenant.id,
          erpCustomerId: session.erpCustomerId,
          supportId: request.id,
        }),
      ]);
      const names = await employeeNames(
        tenant.ixc,
        rows.map((r) => r.author),
      );
      const list: SupportMessage[] = rows
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((r) => ({
          id: r.id,
          mensagem: r.text,
          data: ixcDateTime(r.at),
          ATTENDANT: isSet(r.author) ? { nome: names.get(r.author) || 'Atendente' } : null,
        }));
      const [support] = tickets;
      if (!support) throw supportNotFound();
      return { support, messages: list, attachments };
    },

    /**
     * Issue 15: up to 3 images or PDFs (by content) for a request in progress, or for one of its messages
     * (`messageId`, which must be the request's): each goes to the ERP's attachment table of the
     * provider's support_type, and is kept for the subscriber to open again.
     */
    async attach(
      tenant: Tenant,
      session: CustomerSession,
      supportId: string,
      input: { messageId?: string; files: ReceivedFile[] },
    ) {
      const customer = session.erpCustomerId;
      const files = await checkFiles(input.files);
      for (const _ of files)
        await limit(`support:attachment:${tenant.id}:${customer}`, SUPPORT_LIMITS.attachmentsPerCustomer);
      const request = await ownRequest(tenant, session, supportId);
      if (!canAddSupportMessage(request.status)) throw new AppError(409, 'SUPPORT_CLOSED');
      const kind = tenant.support.supportType === 'os' ? 'service_order' : 'ticket';
      const messageId = input.messageId ?? null;
      if (messageId) {
        const ids =
          kind === 'service_order'
            ? (await listServiceOrderMessages(tenant.ixc, request.id)).map((m) => m.id)
            : (await listTicketMessages(tenant.ixc, request.id)).map((m) => m.id);
        if (!ids.includes(messageId)) throw supportNotFound();
      }
      const owner = { tenantId: tenant.id, erpCustomerId: customer, supportId: request.id };
      const saved = [];
      // One after the other, in the subscriber's order; a failure keeps those already sent.
      for (const file of files) {
        let erpFileId: string;
        try {
          erpFileId = await insertAttachment(tenant.ixc, {
            kind,
            requestId: request.id,
            messageId,
            description: ATTACHMENT_DESCRIPTION,
            file,
          });
        } catch (err) {
          log.error({ err, tenant: tenant.clientId, supportId: request.id }, 'attachment refused by the ERP');
          throw new AppError(502, 'ATTACHMENT_FAILED');
        }
        saved.push(await saveAttachment(deps.db, owner, { messageId, erpFileId, file }));
      }
      log.info({ tenant: tenant.clientId, supportId: request.id, files: saved.length }, 'attachments sent');
      return { attachments: saved };
    },

    /** One of the subscriber's own files on their request. */
    attachmentFile: (tenant: Tenant, session: CustomerSession, supportId: string, attachmentId: string) =>
      attachmentFile(
        deps.db,
        { tenantId: tenant.id, erpCustomerId: session.erpCustomerId, supportId },
        attachmentId,
      ),

    /** spec §4: a subscriber's message, only while the request is in progress. */
    async addMessage(
      tenant: Tenant,
      session: CustomerSession,
      body: { supportId: string; message: string },
    ): Promise<SupportMessageCreated> {
      const customer = session.erpCustomerId;
      await limit(`support:message:${tenant.id}:${customer}`, SUPPORT_LIMITS.messagesPerCustomer);
      const request = await ownRequest(tenant, session, body.supportId);
      if (!canAddSupportMessage(request.status)) throw new AppError(409, 'SUPPORT_CLOSED');
      const id =
        tenant.support.supportType === 'os'
          ? await insertServiceOrderMessage(tenant.ixc, {
              orderId: request.id,
              orderStatus: request.erpStatus,
              eventId: tenant.support.messageEventId ?? '1',
              message: body.message,
            })
          : await insertTicketMessage(tenant.ixc, {
              customerId: customer,
              ticketId: request.id,
              ticketStatus: request.erpStatus,
              message: body.message,
            });
      return {
        message: {
          id,
          mensagem: body.message,
          data: localDateTimeInSaoPaulo(deps.now?.() ?? new Date()),
          ATTENDANT: null,
        },
        text: messages.supportMessageAdded,
      };
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
