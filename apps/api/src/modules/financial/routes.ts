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
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/** Invoices, boleto, PIX and fiscal notes (spec §7.3). */
export const financialRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { financial } = services;

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
