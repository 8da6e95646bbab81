import {
  createSupportBody,
  createSupportMessageBody,
  fileResponse,
  listSupportsQuery,
  messages,
  SUPPORT_ATTACHMENT_LIMITS,
  supportAttachmentFields,
  supportAttachmentParams,
  supportAttachmentsResponse,
  supportCreatedResponse,
  supportDetailsResponse,
  supportIdParams,
  supportListResponse,
  supportMessageCreatedResponse,
  supportSubjectsResponse,
} from '@central/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';
import { AppError } from '../../platform/errors.ts';
import type { ReceivedFile } from './attachments.ts';

/** Support requests and their messages (spec §7.5), as tickets or service orders in the provider's ERP. */
export const supportRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { support } = services;
  // Attachments (issue 15): the parts are read here, within the limits, before anything reaches the ERP.
  await app.register(fastifyMultipart, {
    limits: {
      files: SUPPORT_ATTACHMENT_LIMITS.files,
      fileSize: SUPPORT_ATTACHMENT_LIMITS.bytes,
      fields: 2,
      fieldSize: 100,
      parts: SUPPORT_ATTACHMENT_LIMITS.files + 2,
      headerPairs: 20,
    },
  });

  app.post(
    '/customer/create/support',
    {
      config: { erpError: 'SUPPORT_REQUEST_FAILED' },
      schema: {
        tags: ['support'],
        summary: "Opens a request in the provider's ERP (a ticket or a service order, by support_type)",
        body: createSupportBody,
        response: { 200: supportCreatedResponse, ...errorResponses },
      },
    },
    async (request) => support.create(request.tenant, request.customer, request.body),
  );

  app.get(
    '/customer/list/supports',
    {
      config: { erpError: 'SUPPORTS_FAILED' },
      schema: {
        tags: ['support'],
        summary: 'Requests in progress (all), or closed (paged: `page`, `hasMore`), newest first',
        querystring: listSupportsQuery,
        response: { 200: supportListResponse, ...errorResponses },
      },
    },
    async (request) => support.list(request.tenant, request.customer, request.query),
  );

  app.get(
    '/customer/support/subjects',
    {
      config: { erpError: 'SUPPORT_SUBJECTS_FAILED' },
      schema: {
        tags: ['support'],
        summary: 'The subjects a subscriber may choose for a request',
        response: { 200: supportSubjectsResponse, ...errorResponses },
      },
    },
    async (request) => ({ subjects: await support.subjects(request.tenant) }),
  );

  app.get(
    '/customer/list/support/messages/:supportId',
    {
      config: { erpError: 'SUPPORTS_FAILED' },
      schema: {
        tags: ['support'],
        summary: 'A request with its public messages, oldest first',
        params: supportIdParams,
        response: { 200: supportDetailsResponse, ...errorResponses },
      },
    },
    async (request) => support.details(request.tenant, request.customer, request.params.supportId),
  );

  app.post(
    '/customer/create/support/message',
    {
      config: { erpError: 'SUPPORT_MESSAGE_FAILED' },
      schema: {
        tags: ['support'],
        summary: 'Adds a message to a request that is still in progress',
        body: createSupportMessageBody,
        response: { 200: supportMessageCreatedResponse, ...errorResponses },
      },
    },
    async (request) => support.addMessage(request.tenant, request.customer, request.body),
  );

  app.post(
    '/customer/support/:supportId/attachments',
    {
      config: { erpError: 'ATTACHMENT_FAILED' },
      schema: {
        tags: ['support'],
        summary:
          'Sends up to 3 images or PDFs (5 MB each) with a request in progress or one of its messages (multipart/form-data: `file` parts, optional `messageId`)',
        consumes: ['multipart/form-data'],
        params: supportIdParams,
        response: { 200: supportAttachmentsResponse, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(400, 'ATTACHMENT_INVALID');
      const files: ReceivedFile[] = [];
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') files.push({ name: part.filename, data: await part.toBuffer() });
          else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(400, 'ATTACHMENT_INVALID', messages.attachmentTooLarge);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw new AppError(400, 'ATTACHMENT_INVALID', messages.attachmentTooMany);
        throw new AppError(400, 'ATTACHMENT_INVALID');
      }
      const parsed = supportAttachmentFields.safeParse(fields);
      if (!parsed.success) throw new AppError(404, 'SUPPORT_NOT_FOUND');
      return support.attach(request.tenant, request.customer, request.params.supportId, {
        messageId: parsed.data.messageId,
        files,
      });
    },
  );

  app.get(
    '/customer/support/:supportId/attachments/:attachmentId',
    {
      schema: {
        tags: ['support'],
        summary: 'One of the files the subscriber sent with a request (base64)',
        params: supportAttachmentParams,
        response: { 200: fileResponse, ...errorResponses },
      },
    },
    async (request) =>
      support.attachmentFile(
        request.tenant,
        request.customer,
        request.params.supportId,
        request.params.attachmentId,
      ),
  );
};
