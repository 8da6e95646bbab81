import {
  downloadTokenParams,
  downloadTokenResponse,
  fileResponse,
  invoiceDownloadTokenBody,
  invoiceIdParams,
  invoiceListResponse,
  listInvoicesQuery,
  listSaleInvoicesQuery,
  type PaymentEvent,
  pixResponse,
  protectedEmailsResponse,
  saleInvoiceDownloadTokenBody,
  saleInvoiceListResponse,
  sendInvoiceEmailBody,
  sendInvoiceEmailResponse,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';
import { AppError } from '../../platform/errors.ts';

/** Streams one subscriber may hold open at once in one process (tabs, phones of the household). */
const STREAMS_PER_CUSTOMER = 4;
/** Opened streams per subscriber per hour: a page reconnects when a stream ends or drops. */
const STREAM_OPENS = { limit: 120, windowMs: 60 * 60_000 };
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 20_000;

/** Invoices, boleto, PIX and fiscal notes (spec §7.3). */
export const financialRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { financial, limiter } = services;
  const { paymentEventsMaxMs } = services.config;
  /** The open payment streams of this process by customer, and how to end each. */
  const streams = new Map<string, Set<() => void>>();
  app.addHook('preClose', async () => {
    for (const ends of streams.values()) for (const end of [...ends]) end();
    financial.close();
  });

  app.get(
    '/customer/list/invoices',
    {
      schema: {
        tags: ['financial'],
        summary: 'Invoices to pay (window of spec §9) and the latest 12 paid, or one invoice',
        querystring: listInvoicesQuery,
        response: { 200: invoiceListResponse, ...errorResponses },
      },
    },
    async (request) => {
      return financial.listInvoices(request.tenant, request.customer, request.query);
    },
  );

  app.post(
    '/customer/generate/invoice-download-token',
    {
      schema: {
        tags: ['financial'],
        summary: 'A single-use token to download the boleto of an open invoice',
        body: invoiceDownloadTokenBody,
        response: { 200: downloadTokenResponse, ...errorResponses },
      },
    },
    async (request) => {
      return { token: await financial.boletoToken(request.tenant, request.customer, request.body.invoiceId) };
    },
  );

  app.get(
    '/customer/download/invoice/:token',
    {
      config: { erpError: 'INVOICE_DOWNLOAD_FAILED' },
      schema: {
        tags: ['financial'],
        summary: 'The boleto PDF (base64), once per token',
        params: downloadTokenParams,
        response: { 200: fileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return financial.downloadBoleto(request.tenant, request.customer, request.params.token);
    },
  );

  app.get(
    '/customer/read/pix-payment/:invoiceId',
    {
      config: { erpError: 'PIX_FAILED' },
      schema: {
        tags: ['financial'],
        summary: 'The PIX code (copy and paste) and QR of an open invoice',
        params: invoiceIdParams,
        response: { 200: pixResponse, ...errorResponses },
      },
    },
    async (request) => {
      return financial.pix(request.tenant, request.customer, request.params.invoiceId);
    },
  );

  app.get(
    '/customer/invoice/:invoiceId/emails',
    {
      config: { erpError: 'INVOICE_EMAIL_FAILED' },
      schema: {
        tags: ['financial'],
        summary: "The customer's e-mails in the ERP, masked, to send an open invoice to",
        params: invoiceIdParams,
        response: { 200: protectedEmailsResponse, ...errorResponses },
      },
    },
    async (request) => financial.invoiceEmails(request.tenant, request.customer, request.params.invoiceId),
  );

  app.post(
    '/customer/invoice/:invoiceId/send-email',
    {
      config: { erpError: 'INVOICE_EMAIL_FAILED' },
      schema: {
        tags: ['financial'],
        summary: "An open invoice's boleto (PDF) and PIX code to one of the customer's own e-mails",
        params: invoiceIdParams,
        body: sendInvoiceEmailBody,
        response: { 200: sendInvoiceEmailResponse, ...errorResponses },
      },
    },
    async (request) =>
      financial.sendInvoiceByEmail(
        request.tenant,
        request.customer,
        request.params.invoiceId,
        request.body.mailIndex,
      ),
  );

  app.get(
    '/customer/invoice/:invoiceId/payment-events',
    {
      schema: {
        tags: ['financial'],
        summary:
          'Server-Sent Events while a page shows an open invoice: `event: payment` with its state, then once more when it is paid',
        params: invoiceIdParams,
        response: {
          200: z.string().meta({ description: 'text/event-stream of `paymentEvent`' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { tenant, customer } = request;
      const { invoiceId } = request.params;
      const owner = `${tenant.id}:${customer.erpCustomerId}`;
      const open = streams.get(owner) ?? new Set<() => void>();
      if (open.size >= STREAMS_PER_CUSTOMER) throw new AppError(429, 'RATE_LIMITED');
      // The slot is taken before anything is awaited, so that simultaneous requests count each other.
      let stop: (() => void) | undefined;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        stop?.();
        open.delete(end);
        if (open.size === 0) streams.delete(owner);
      };
      open.add(end);
      streams.set(owner, open);

      let invoice: Awaited<ReturnType<typeof financial.ownInvoice>>;
      try {
        const hit = await limiter.hit(`payment-events:${owner}`, STREAM_OPENS.limit, STREAM_OPENS.windowMs);
        if (!hit.allowed) throw new AppError(429, 'RATE_LIMITED');
        // Someone else's invoice, or none: 'Fatura não encontrada.' before anything is streamed.
        invoice = await financial.ownInvoice(tenant, customer, invoiceId);
      } catch (error) {
        end();
        throw error;
      }
      // The process began closing meanwhile.
      if (ended) throw new AppError(503, 'BUSY');

      reply.hijack();
      const raw = reply.raw;
      // A hijacked reply is written by hand: the headers set so far (security headers) go with it.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and similar proxies would hold the events back in their buffers.
        'x-accel-buffering': 'no',
      });
      const send = (event: PaymentEvent) => raw.write(`event: payment\ndata: ${JSON.stringify(event)}\n\n`);
      const paid = invoice.type === 'received';
      send({ invoiceId, paid });
      if (paid) {
        end();
        return void raw.end();
      }

      const unsubscribe = financial.watchPayment(tenant, customer, invoiceId, () => {
        send({ invoiceId, paid: true });
        end();
      });
      const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
      const lifetime = setTimeout(end, paymentEventsMaxMs);
      stop = () => {
        clearInterval(keepalive);
        clearTimeout(lifetime);
        unsubscribe();
        raw.end();
      };
      // The response's close, not the request's: a request closes once its (empty) body is read.
      raw.once('close', end);
    },
  );

  app.get(
    '/customer/list/sale-invoices',
    {
      schema: {
        tags: ['financial'],
        summary: 'Fiscal notes issued in a month (YYYY-MM)',
        querystring: listSaleInvoicesQuery,
        response: { 200: saleInvoiceListResponse, ...errorResponses },
      },
    },
    async (request) => {
      return {
        saleInvoices: await financial.fiscalNotes(request.tenant, request.customer, request.query.created_at),
      };
    },
  );

  app.post(
    '/customer/generate/sale-invoice-download-token',
    {
      schema: {
        tags: ['financial'],
        summary: 'A single-use token to download a fiscal note',
        body: saleInvoiceDownloadTokenBody,
        response: { 200: downloadTokenResponse, ...errorResponses },
      },
    },
    async (request) => {
      return {
        token: await financial.fiscalNoteToken(request.tenant, request.customer, request.body.saleInvoiceId),
      };
    },
  );

  app.get(
    '/customer/download/sale-invoice/:token',
    {
      config: { erpError: 'DOWNLOAD_FAILED' },
      schema: {
        tags: ['financial'],
        summary: 'The fiscal note PDF (base64), once per token',
        params: downloadTokenParams,
        response: { 200: fileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return financial.downloadFiscalNote(request.tenant, request.customer, request.params.token);
    },
  );
};
