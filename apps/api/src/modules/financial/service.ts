import {
  type FileResponse,
  type FiscalNote,
  firstName,
  type Invoice,
  type InvoiceList,
  invoiceType,
  isPayable,
  ixcDate,
  maskEmail,
  messages,
  moneyToCents,
  nfType,
  openInvoicesEndDate,
  type PixPayment,
  paymentTypeOf,
  RECEIVED_INVOICES_SHOWN,
  receivedWindow,
  todayInSaoPaulo,
  toPayWindow,
} from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { InvoiceSnapshot } from '../../db/schema.ts';
import { isErpUnreachable } from '../../integrations/ixc/client.ts';
import { customerEmails, customerName, findCustomerById } from '../../integrations/ixc/customers.ts';
import {
  findFiscalNote,
  findInvoice,
  getBoletoPdf,
  getPix,
  listFiscalNotes,
  listOpenInvoices,
  listReceivedInvoices,
  printFiscalNote,
} from '../../integrations/ixc/financial.ts';
import type { IxcInvoice } from '../../integrations/ixc/records.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import { savedInvoices, saveInvoiceList } from '../customer/snapshots.ts';
import { issueDownloadToken, purgeDownloadTokens, spendDownloadToken } from './download-tokens.ts';
import { invoiceEmail } from './email.ts';
import { createPaymentWatch } from './payment-watch.ts';

const nonZeroId = (id: string) => (id && id !== '0' ? id : null);

/** An IXC title as the SPA shows it, or null when it is not shown (canceled). */
export function toInvoice(row: IxcInvoice, today: string): Invoice | null {
  const type = invoiceType(row.status, row.data_vencimento, today);
  const dueDate = ixcDate(row.data_vencimento);
  if (!type || !dueDate) return null;
  const value = moneyToCents(row.valor);
  const open =
    type === 'received'
      ? 0
      : moneyToCents(row.valor_aberto) > 0
        ? moneyToCents(row.valor_aberto)
        : Math.max(0, value - moneyToCents(row.valor_recebido));
  const line = row.linha_digitavel.replace(/\D/g, '');
  return {
    id: row.id,
    contractId: nonZeroId(row.id_contrato) ?? nonZeroId(row.id_contrato_avulso),
    type,
    value,
    openValue: open,
    dueDate,
    paymentDate: type === 'received' ? ixcDate(row.pagamento_data) : null,
    paymentType: type === 'received' ? paymentTypeOf(row.tipo_recebimento) : null,
    linhaDigitavel: type !== 'received' && line.length === 47 ? line : null,
  };
}

const invoiceNotFound = () => new AppError(404, 'INVOICE_NOT_FOUND');

/** A saved invoice as of `today`: an open one whose due date has passed since is overdue now. */
function asOf(invoice: Invoice, today: string): Invoice {
  return invoice.type !== 'received' && invoice.dueDate < today ? { ...invoice, type: 'overdue' } : invoice;
}

/** The saved lists as a list answer (issue 15): what the subscriber last saw, while the ERP is down. */
function savedList(
  saved: { invoices: InvoiceSnapshot; at: Date },
  q: { status?: 'to_pay' | 'received'; invoice_id?: string },
  base: Omit<InvoiceList, 'invoices'>,
): InvoiceList | null {
  const toPay = (saved.invoices.toPay ?? []).map((i) => asOf(i, base.today));
  const received = saved.invoices.received ?? [];
  let invoices: Invoice[];
  if (q.invoice_id) {
    const invoice = [...toPay, ...received].find((i) => i.id === q.invoice_id);
    if (!invoice) return null;
    invoices = [invoice];
  } else if (q.status === 'to_pay') invoices = toPay;
  else if (q.status === 'received') invoices = received;
  else invoices = [...toPay, ...received];
  return { ...base, invoices, staleAt: saved.at.toISOString() };
}

/** How many customers' last saved lists a process remembers, to skip saving what did not change. */
const SAVED_LISTS_REMEMBERED = 10_000;

/** Invoices by e-mail: a subscriber cannot make the portal an e-mail cannon, even to their own boxes. */
export const INVOICE_EMAIL_LIMITS = {
  perInvoice: { limit: 3, windowMs: 24 * 60 * 60_000 },
  perCustomer: { limit: 10, windowMs: 24 * 60 * 60_000 },
};

export function createFinancialService(deps: {
  db: Db;
  now?: () => Date;
  cacheMs?: number;
  /** How often a followed invoice is read from the ERP (PAYMENT_POLL_MS). */
  paymentPollMs?: number;
  /** Invoices by e-mail (issue 15); without them the service does everything else. */
  mailer?: Mailer;
  limiter?: RateLimiter;
  log?: Logger;
}) {
  const cache = createTtlCache<IxcInvoice[]>({ ttlMs: deps.cacheMs ?? 5_000 });
  const payments = createPaymentWatch({ intervalMs: deps.paymentPollMs ?? 15_000 });
  const today = () => todayInSaoPaulo(deps.now?.() ?? new Date());
  const key = (tenant: Tenant, session: CustomerSession) => `${tenant.id}:${session.erpCustomerId}:`;
  const snapshotKey = (tenant: Tenant, session: CustomerSession) => ({
    tenantId: tenant.id,
    document: session.document,
    erpCustomerId: session.erpCustomerId,
  });
  /** The list last saved per customer and list, as JSON: an unchanged list is not written again. */
  const lastSaved = new Map<string, string>();

  /** Keeps a list as shown for when the ERP is down (issue 15); a failure to keep it fails nothing. */
  async function saveList(
    tenant: Tenant,
    session: CustomerSession,
    list: keyof InvoiceSnapshot,
    invoices: Invoice[],
  ) {
    const id = `${key(tenant, session)}${list}`;
    const json = JSON.stringify(invoices);
    if (lastSaved.get(id) === json) return;
    try {
      await saveInvoiceList(
        deps.db,
        snapshotKey(tenant, session),
        list,
        invoices,
        deps.now?.() ?? new Date(),
      );
      if (lastSaved.size >= SAVED_LISTS_REMEMBERED) lastSaved.clear();
      lastSaved.set(id, json);
    } catch (err) {
      deps.log?.error({ err, tenant: tenant.clientId }, 'could not save the invoice list');
    }
  }

  function openRows(tenant: Tenant, session: CustomerSession, endDate: string) {
    return cache.get(`${key(tenant, session)}open:${endDate}`, async () => {
      // Every partial invoice is listed whatever its due date (spec §9), hence the second query.
      const [inWindow, partial] = await Promise.all([
        listOpenInvoices(tenant.ixc, session.erpCustomerId, endDate),
        tenant.ixc.listAll('fn_areceber', {
          where: { field: 'fn_areceber.id_cliente', value: session.erpCustomerId },
          and: [{ field: 'fn_areceber.status', value: 'P' }],
        }),
      ]);
      const seen = new Set(inWindow.map((r) => r.id));
      return [...inWindow, ...partial.filter((r) => !seen.has(r.id))];
    });
  }

  function receivedRows(tenant: Tenant, session: CustomerSession) {
    return cache.get(`${key(tenant, session)}received`, () =>
      listReceivedInvoices(tenant.ixc, session.erpCustomerId, RECEIVED_INVOICES_SHOWN),
    );
  }

  /** The session customer's invoice, or 'Fatura não encontrada.' for any id that is not theirs. */
  async function ownInvoice(tenant: Tenant, session: CustomerSession, invoiceId: string): Promise<Invoice> {
    const row = await findInvoice(tenant.ixc, session.erpCustomerId, invoiceId);
    const invoice = row ? toInvoice(row, today()) : null;
    if (!invoice) throw invoiceNotFound();
    return invoice;
  }

  return {
    ownInvoice,
    forgetInvoices(tenant: Tenant, erpCustomerId: string) {
      cache.forget(`${tenant.id}:${erpCustomerId}:`);
    },

    /**
     * Follows an open invoice of the session's customer until the ERP has it received, then calls
     * `onPaid` once (and drops the cached lists, which still show it open). Answers the unsubscribe.
     */
    watchPayment(tenant: Tenant, session: CustomerSession, invoiceId: string, onPaid: () => void) {
      return payments.subscribe(
        `${key(tenant, session)}${invoiceId}`,
        async () => {
          const row = await findInvoice(tenant.ixc, session.erpCustomerId, invoiceId);
          return row !== null && toInvoice(row, today())?.type === 'received';
        },
        () => {
          cache.forget(key(tenant, session));
          onPaid();
        },
      );
    },
    /** The customer's own e-mails in the ERP, masked, to choose where an open invoice is sent. */
    async invoiceEmails(tenant: Tenant, session: CustomerSession, invoiceId: string) {
      const [invoice, customer] = await Promise.all([
        ownInvoice(tenant, session, invoiceId),
        findCustomerById(tenant.ixc, session.erpCustomerId),
      ]);
      if (!isPayable(invoice.type)) throw new AppError(409, 'INVOICE_NOT_PAYABLE');
      const emails = customer ? customerEmails(customer) : [];
      if (emails.length === 0) throw new AppError(404, 'NO_EMAIL');
      return { emails: emails.map((email, index) => ({ index, email: maskEmail(email) })) };
    },

    /**
     * Sends an open invoice to one of the customer's own e-mails: its boleto as a PDF attachment, the
     * digitable line and the PIX code in the text. 3 a day per invoice, 10 a day per customer.
     */
    async sendInvoiceByEmail(tenant: Tenant, session: CustomerSession, invoiceId: string, mailIndex: number) {
      const { mailer, limiter, log } = deps;
      if (!mailer || !limiter) throw new Error('the financial service has no mailer');
      const [invoice, customer] = await Promise.all([
        ownInvoice(tenant, session, invoiceId),
        findCustomerById(tenant.ixc, session.erpCustomerId),
      ]);
      if (!isPayable(invoice.type)) throw new AppError(409, 'INVOICE_NOT_PAYABLE');
      const to = customer ? customerEmails(customer)[mailIndex] : undefined;
      if (!customer || !to) throw new AppError(400, 'VALIDATION', messages.emailRequired);
      for (const [limitKey, rule] of [
        [`invoice-email:${key(tenant, session)}${invoice.id}`, INVOICE_EMAIL_LIMITS.perInvoice],
        [`invoice-email:${key(tenant, session)}`, INVOICE_EMAIL_LIMITS.perCustomer],
      ] as const) {
        const hit = await limiter.hit(limitKey, rule.limit, rule.windowMs);
        if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds);
      }
      // The two documents together; either may be missing (no digitable line, no PIX at the bank).
      const [pdf, pix] = await Promise.all([
        invoice.linhaDigitavel ? getBoletoPdf(tenant.ixc, invoice.id).catch(() => null) : null,
        getPix(tenant.ixc, invoice.id).then(
          (p) => p.qrcode,
          () => null,
        ),
      ]);
      if (!pdf && !pix && !invoice.linhaDigitavel) throw new AppError(502, 'INVOICE_EMAIL_FAILED');
      const mail = invoiceEmail({
        alias: tenant.alias,
        primaryColor: tenant.theme.primary_color,
        customerFirstName: firstName(customerName(customer)),
        invoiceId: invoice.id,
        openValueCents: invoice.openValue,
        dueDate: invoice.dueDate,
        linhaDigitavel: invoice.linhaDigitavel,
        pixCode: pix,
        hasBoleto: pdf !== null,
      });
      try {
        const sent = await mailer.send({
          to,
          fromName: tenant.alias,
          ...mail,
          attachments: pdf
            ? [
                {
                  filename: `boleto-${invoice.id}.pdf`,
                  content: Buffer.from(pdf, 'base64'),
                  contentType: 'application/pdf',
                },
              ]
            : undefined,
        });
        log?.info(
          { tenant: tenant.clientId, invoice: invoice.id, to: maskEmail(to), delivered: sent.delivered },
          'invoice sent by e-mail',
        );
      } catch (err) {
        log?.error({ err, tenant: tenant.clientId, invoice: invoice.id }, 'invoice e-mail failed');
        throw new AppError(502, 'INVOICE_EMAIL_FAILED');
      }
      return { email: maskEmail(to) };
    },

    /** Stops the payment polls (the process is closing). */
    close: () => payments.close(),

    /** Deletes spent and expired download tokens (run by a job). */
    purgeDownloadTokens: () => purgeDownloadTokens(deps.db),

    async listInvoices(
      tenant: Tenant,
      session: CustomerSession,
      q: { status?: 'to_pay' | 'received'; end_date?: string; invoice_id?: string },
    ): Promise<InvoiceList> {
      const day = today();
      const windowDays = tenant.invoiceWindowDays;
      const base = { today: day, windowDays };
      try {
        if (q.invoice_id) return { ...base, invoices: [await ownInvoice(tenant, session, q.invoice_id)] };
        const end = q.end_date ?? openInvoicesEndDate(day, windowDays);
        const [open, received] = await Promise.all([
          q.status === 'received' ? null : openRows(tenant, session, end),
          q.status === 'to_pay' ? null : receivedRows(tenant, session),
        ]);
        const map = (rows: IxcInvoice[]) =>
          rows.map((r) => toInvoice(r, day)).filter((i): i is Invoice => i !== null);
        const toPay = open ? toPayWindow(map(open), end) : [];
        const paid = received ? receivedWindow(map(received)) : [];
        // The lists as the subscriber sees them by default are kept for when the ERP is down.
        if (!q.end_date) {
          await Promise.all([
            open && saveList(tenant, session, 'toPay', toPay),
            received && saveList(tenant, session, 'received', paid),
          ]);
        }
        return { ...base, invoices: [...toPay, ...paid] };
      } catch (error) {
        // Issue 15: the ERP cannot answer; the lists last shown stand in, marked as such.
        if (!isErpUnreachable(error)) throw error;
        const saved = await savedInvoices(deps.db, snapshotKey(tenant, session));
        const list = saved && savedList(saved, q, base);
        if (!list) throw error;
        return list;
      }
    },

    /** A single-use token for the boleto PDF of an open invoice with a digitable line. */
    async boletoToken(tenant: Tenant, session: CustomerSession, invoiceId: string): Promise<string> {
      const invoice = await ownInvoice(tenant, session, invoiceId);
      if (!isPayable(invoice.type) || !invoice.linhaDigitavel) throw new AppError(404, 'BOLETO_UNAVAILABLE');
      return issueDownloadToken(deps.db, {
        tenantId: tenant.id,
        erpCustomerId: session.erpCustomerId,
        kind: 'invoice',
        ref: invoice.id,
      });
    },

    async downloadBoleto(tenant: Tenant, session: CustomerSession, token: string): Promise<FileResponse> {
      const invoiceId = await spendDownloadToken(deps.db, {
        token,
        tenantId: tenant.id,
        erpCustomerId: session.erpCustomerId,
        kind: 'invoice',
      });
      if (!invoiceId) throw new AppError(404, 'INVOICE_DOWNLOAD_FAILED');
      const pdf = await getBoletoPdf(tenant.ixc, invoiceId);
      if (!pdf) throw new AppError(404, 'BOLETO_UNAVAILABLE');
      return { base64: pdf, filename: `boleto-${invoiceId}.pdf`, contentType: 'application/pdf' };
    },

    async pix(tenant: Tenant, session: CustomerSession, invoiceId: string): Promise<PixPayment> {
      const invoice = await ownInvoice(tenant, session, invoiceId);
      if (!isPayable(invoice.type)) throw new AppError(409, 'INVOICE_NOT_PAYABLE');
      const pix = await getPix(tenant.ixc, invoice.id);
      return { type: 'success', pix: { qrCode: { qrcode: pix.qrcode, imagemQrcode: pix.image } } };
    },

    async fiscalNotes(tenant: Tenant, session: CustomerSession, month: string): Promise<FiscalNote[]> {
      const rows = await listFiscalNotes(tenant.ixc, session.erpCustomerId, month);
      return rows.flatMap((r) => {
        const tipo = nfType(r.id_tipo_documento, r.status);
        const issued = ixcDate(r.data_emissao);
        return tipo && issued
          ? [
              {
                id: r.id,
                numero: r.numero_nf,
                tipo,
                valor: moneyToCents(r.valor_total),
                data_emissao: issued,
              },
            ]
          : [];
      });
    },

    async fiscalNoteToken(tenant: Tenant, session: CustomerSession, id: string): Promise<string> {
      const note = await findFiscalNote(tenant.ixc, session.erpCustomerId, id);
      if (!note || !nfType(note.id_tipo_documento, note.status)) throw new AppError(404, 'NF_NOT_FOUND');
      return issueDownloadToken(deps.db, {
        tenantId: tenant.id,
        erpCustomerId: session.erpCustomerId,
        kind: 'sale_invoice',
        ref: note.id,
      });
    },

    async downloadFiscalNote(tenant: Tenant, session: CustomerSession, token: string): Promise<FileResponse> {
      const id = await spendDownloadToken(deps.db, {
        token,
        tenantId: tenant.id,
        erpCustomerId: session.erpCustomerId,
        kind: 'sale_invoice',
      });
      if (!id) throw new AppError(404, 'DOWNLOAD_FAILED');
      const pdf = await printFiscalNote(tenant.ixc, id);
      if (!pdf) throw new AppError(404, 'DOWNLOAD_FAILED');
      return { base64: pdf, filename: `nota-fiscal-${id}.pdf`, contentType: 'application/pdf' };
    },
  };
}
export type FinancialService = ReturnType<typeof createFinancialService>;
