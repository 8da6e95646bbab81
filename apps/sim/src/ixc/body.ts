// Request bodies as IXC's PHP reads them: the raw text, JSON in practice, whatever the Content-Type says.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IxcError } from './query.ts';

/** Hands every body to the routes as raw text, so that a bad body becomes an IXC error, not a 4xx/5xx. */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // Files come as multipart/form-data: kept as bytes, read by `multipartBody`.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
}

/** A multipart body's text fields and its `local_arquivo` file (the form PHP's $_FILES reads). */
export async function multipartBody(
  body: Buffer,
  contentType: string,
): Promise<{ fields: Record<string, string>; file: { name: string; type: string; data: Buffer } | null }> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new IxcError('Corpo da requisição inválido: formulário mal formado!');
  }
  const fields: Record<string, string> = {};
  let file: { name: string; type: string; data: Buffer } | null = null;
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'local_arquivo')
      file = { name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) };
  }
  return { fields, file };
}

/** GET bodies are not read by Fastify; IXC's manual lists with GET and a JSON body. */
export async function rawBody(request: FastifyRequest): Promise<string> {
  if (typeof request.body === 'string') return request.body;
  if (request.method !== 'GET') return '';
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    if (contentType?.includes('application/x-www-form-urlencoded')) {
      return Object.fromEntries(new URLSearchParams(raw));
    }
    throw new IxcError('Corpo da requisição inválido: JSON mal formado!');
  }
}
