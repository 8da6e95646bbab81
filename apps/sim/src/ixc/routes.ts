// IXC webservice v1: POST /{instance}/webservice/v1/{table} (listing with the header `ixcsoft: listar`,
// insert without it), PUT and DELETE /{instance}/webservice/v1/{table}/{id}. Errors of the request are
// answered HTTP 200 with `{ type: 'error', message }`, as IXC does; only a bad token gets 401. A caller
// outside the token user's allowed networks gets IXC's "Seu IP não está liberado" error (its API guide).

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { actionOf, PIX_IMAGE_PATH, runAction } from './actions.ts';
import { acceptRawBodies, multipartBody, parseBody, rawBody } from './body.ts';
import { htmlErrorPage, phpErrorLine } from './html-error.ts';
import { isAllowedAddress } from './instance-settings.ts';
import { pixQrPng } from './pix.ts';
import { IxcError } from './query.ts';
import { RECEIPTS_TABLE, settleTitle } from './receipts.ts';
import { IxcHtmlError, type IxcInstance, type IxcStore } from './store.ts';

export interface IxcRoutesOptions {
  store: IxcStore;
  now: () => Date;
  latencyMs: number;
  /** how long a `timeout` fault holds the request before dropping the connection */
  holdMs: number;
}

interface Params {
  instance: string;
  table: string;
  id?: string;
}

// IXC answers success as text/x-json and errors as text/html: clients must read the body, not the header.
const SUCCESS_TYPE = 'text/x-json; charset=UTF-8';
const ERROR_TYPE = 'text/html; charset=UTF-8';

function sendError(reply: FastifyReply, message: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .type(ERROR_TYPE)
    .send(JSON.stringify({ type: 'error', message }));
}

function sendSuccess(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.code(200).type(SUCCESS_TYPE).send(JSON.stringify(body));
}

function authorized(request: FastifyRequest, instance: IxcInstance): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  return Buffer.from(match[1], 'base64').toString('utf8') === instance.token;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Operation = 'list-or-insert' | 'list' | 'update' | 'delete';

export const ixcRoutes: FastifyPluginAsync<IxcRoutesOptions> = async (app, opts) => {
  const { store } = opts;
  const held = new Set<() => void>();

  acceptRawBodies(app);

  // `timeout` fault: accept the request and never answer, until the client gives up or the time runs out.
  function hold(reply: FastifyReply): Promise<void> {
    reply.hijack();
    return new Promise((resolve) => {
      const drop = () => {
        clearTimeout(timer);
        held.delete(drop);
        if (!reply.raw.destroyed) reply.raw.destroy();
        resolve();
      };
      const timer = setTimeout(drop, opts.holdMs);
      held.add(drop);
      reply.raw.once('close', drop);
    });
  }

  app.addHook('preClose', async () => {
    for (const drop of [...held]) drop();
  });

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return sendError(reply, `Requisição inválida: ${(error as Error).message}`);
    request.log.error(error);
    return sendError(reply, 'Erro interno do simulador IXC', 500);
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 'Recurso não encontrado!', 404));

  async function handle(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply, op: Operation) {
    const { instance: name, table } = request.params;
    const instance = store.get(name);
    if (!instance) return sendError(reply, `Instância IXC '${name}' não encontrada!`, 404);

    instance.recordCall(table);
    instance.inFlight += 1;
    instance.maxInFlight = Math.max(instance.maxInFlight, instance.inFlight);
    try {
      const write = request.method !== 'GET' && request.headers.ixcsoft !== 'listar';
      const fault = instance.faults.take(table, write);
      const delay = opts.latencyMs + (fault?.latencyMs ?? 0);
      if (delay > 0) await sleep(delay);
      if (fault?.mode === 'timeout') return await hold(reply);
      if (fault?.mode === 'http500') {
        return reply
          .code(500)
          .type(ERROR_TYPE)
          .send('<html><body><h1>500 Internal Server Error</h1></body></html>');
      }
      if (fault?.mode === 'error')
        return sendError(reply, 'Falha simulada: o IXC não conseguiu processar a requisição.');
      if (fault?.mode === 'html') {
        const warning = phpErrorLine(
          'Warning',
          'mysqli_fetch_assoc() expects parameter 1 to be mysqli_result, bool given',
        );
        return reply
          .code(200)
          .type(ERROR_TYPE)
          .send(warning + htmlErrorPage());
      }

      if (!authorized(request, instance)) return sendError(reply, 'Token inválido', 401);
      if (!isAllowedAddress(instance, request.ip))
        return sendError(reply, 'Seu IP não está liberado para efetuar login!');

      const contentType = request.headers['content-type'] ?? '';
      if (Buffer.isBuffer(request.body) && contentType.startsWith('multipart/form-data')) {
        if (op !== 'list-or-insert') throw new IxcError(`Recurso ${table} não permite esta operação!`);
        const { fields, file } = await multipartBody(request.body, contentType);
        return sendSuccess(reply, {
          type: 'success',
          message: 'Registro inserido com sucesso!',
          id: instance.insertFile(table, fields, file),
        });
      }
      const body = parseBody(await rawBody(request), request.headers['content-type']);
      if (fault?.mode === 'ignore_grid_param' && body && typeof body === 'object' && !Array.isArray(body))
        delete (body as Record<string, unknown>).grid_param;
      const listing =
        String(request.headers.ixcsoft ?? '')
          .trim()
          .toLowerCase() === 'listar';

      const action = actionOf(table, instance);
      if (action) {
        if (op === 'update' || op === 'delete')
          throw new IxcError(`Recurso ${table} não permite esta operação!`);
        const params =
          body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        const installationUrl = `${request.protocol}://${request.host}${request.url.slice(0, request.url.indexOf('/webservice/v1/'))}`;
        const answer = await runAction(action, instance, params, { now: opts.now(), installationUrl });
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      }

      const id = request.params.id ?? '';
      if (table === RECEIPTS_TABLE && !listing && op !== 'list') {
        if (op !== 'list-or-insert') throw new IxcError(`Recurso ${table} não permite esta operação!`);
        return sendSuccess(reply, {
          type: 'success',
          message: 'Recebimento efetuado com sucesso!',
          id: settleTitle(instance, body, opts.now()),
        });
      }
      switch (op) {
        case 'list':
          return sendSuccess(reply, instance.list(table, body));
        case 'list-or-insert':
          if (listing) return sendSuccess(reply, instance.list(table, body));
          return sendSuccess(reply, {
            type: 'success',
            message: 'Registro inserido com sucesso!',
            id: instance.insert(table, body),
          });
        case 'update':
          instance.update(table, id, body);
          return sendSuccess(reply, { type: 'success', message: 'Registro atualizado com sucesso!', id });
        case 'delete':
          instance.remove(table, id);
          return sendSuccess(reply, { type: 'success', message: 'Registro removido com sucesso!', id });
      }
    } catch (error) {
      if (error instanceof IxcError) return sendError(reply, error.message);
      if (error instanceof IxcHtmlError) return reply.code(200).type(ERROR_TYPE).send(htmlErrorPage());
      throw error;
    } finally {
      instance.inFlight -= 1;
    }
  }

  // IXC's QR renderer behind `qrCode.imagemSrc`: a PNG of `code`, no token asked
  app.get<{ Params: { instance: string }; Querystring: { code?: string } }>(
    `/:instance${PIX_IMAGE_PATH}`,
    async (request, reply) => {
      const code = request.query.code ?? '';
      if (!store.get(request.params.instance) || code === '')
        return reply.code(404).type(ERROR_TYPE).send('');
      return reply
        .code(200)
        .type('image/png')
        .send(await pixQrPng(code));
    },
  );

  const base = '/:instance/webservice/v1/:table';
  app.post<{ Params: Params }>(base, (request, reply) => handle(request, reply, 'list-or-insert'));
  app.get<{ Params: Params }>(base, (request, reply) => handle(request, reply, 'list'));
  app.put<{ Params: Params }>(`${base}/:id`, (request, reply) => handle(request, reply, 'update'));
  app.delete<{ Params: Params }>(`${base}/:id`, (request, reply) => handle(request, reply, 'delete'));
  app.put<{ Params: Params }>(base, (request, reply) => {
    request.params.id = '';
    return handle(request, reply, 'update');
  });
};
