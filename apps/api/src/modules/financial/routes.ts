import {
  downloadTokenParams,
  downloadTokenResponse,
  fileResponse,
  invoiceDownloadTokenBody,
  invoiceIdParams,
  invoiceListResponse,
  listInvoicesQuery,
  listSaleInvoicesQuery,
  pixResponse,
  saleInvoiceDownloadTokenBody,
  saleInvoiceListResponse,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, errorResponses } from '../../platform/route-helpers.ts';
import type { Sessions } from '../../platform/sessions.ts';
import type { TenantResolver } from '../../platform/tenancy.ts';
import type { FinancialService } from './service.ts';

/** Invoices, boleto, PIX and fiscal notes (spec §7.3). */
export const financialRoutes: FastifyPluginAsyncZod<{
  tenants: TenantResolver;
  sessions: Sessions;
  financial: FinancialService;
}> = async (app, { tenants, sessions, financial }) => {
  const who = customerOf(tenants, sessions);

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
      const { tenant, session } = await who(request);
      return financial.listInvoices(tenant, session, request.query);
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
      const { tenant, session } = await who(request);
      return { token: await financial.boletoToken(tenant, session, request.body.invoiceId) };
    },
  );

  app.get(
    '/customer/download/invoice/:token',
    {
      schema: {
        tags: ['financial'],
        summary: 'The boleto PDF (base64), once per token',
        params: downloadTokenParams,
        response: { 200: fileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { tenant, session } = await who(request);
      reply.header('cache-control', 'no-store');
      return financial.downloadBoleto(tenant, session, request.params.token);
    },
  );

  app.get(
    '/customer/read/pix-payment/:invoiceId',
    {
      schema: {
        tags: ['financial'],
        summary: 'The PIX code (copy and paste) and QR of an open invoice',
        params: invoiceIdParams,
        response: { 200: pixResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { tenant, session } = await who(request);
      return financial.pix(tenant, session, request.params.invoiceId);
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
      const { tenant, session } = await who(request);
      return { saleInvoices: await financial.fiscalNotes(tenant, session, request.query.created_at) };
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
      const { tenant, session } = await who(request);
      return { token: await financial.fiscalNoteToken(tenant, session, request.body.saleInvoiceId) };
    },
  );

  app.get(
    '/customer/download/sale-invoice/:token',
    {
      schema: {
        tags: ['financial'],
        summary: 'The fiscal note PDF (base64), once per token',
        params: downloadTokenParams,
        response: { 200: fileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { tenant, session } = await who(request);
      reply.header('cache-control', 'no-store');
      return financial.downloadFiscalNote(tenant, session, request.params.token);
    },
  );
};
