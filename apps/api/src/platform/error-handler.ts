import { type ErrorCode, errorBody, messages } from '@central/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CieloError } from '../integrations/cielo/client.ts';
import { IxcError } from '../integrations/ixc/client.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** spec §8: the code (and so the message) this route answers when the provider's ERP fails. */
    erpError?: ErrorCode;
  }
}

/** The error answers every API route may give, for the OpenAPI document (all `{code, message}`). */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
  502: errorBody,
  // Password hashing is full (platform/passwords.ts), or the process is closing.
  503: errorBody,
};

/**
 * The one place that turns errors into answers (Outline's errors as data): AppErrors as they are, bad
 * input 400, a failed ERP or gateway call 502 with the route's own message, anything else a bare 500.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
    return reply.code(error.status).headers(error.headers).send({ code: error.code, message: error.message });
  }
  // The schemas' answer (platform/validation.ts: zod's issues, or the refusal of a U+0000).
  const validation = (error as FastifyError).validation;
  if (validation?.length) {
    const issues = validation.map((v) => ({
      path: v.instancePath.replace(/^\//, ''),
      message: v.message ?? messages.invalidRequest,
    }));
    return reply
      .code(400)
      .send({ code: 'VALIDATION', message: issues[0]?.message ?? messages.invalidRequest, issues });
  }
  if (error instanceof IxcError || error instanceof CieloError) {
    const answer = new AppError(502, request.routeOptions.config.erpError ?? 'ERP_UNAVAILABLE');
    request.log.warn({ err: error, tenant: request.tenant?.clientId }, 'provider system call failed');
    return reply.code(answer.status).send({ code: answer.code, message: answer.message });
  }
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ code: 'VALIDATION', message: messages.invalidRequest });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ code: 'INTERNAL', message: messages.generic });
}
