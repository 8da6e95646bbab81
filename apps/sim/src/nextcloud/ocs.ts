// How Nextcloud renders an OCS answer (lib/private/AppFramework/OCS/BaseResponse.php, V1Response.php,
// V2Response.php): `{ocs:{meta, data}}` as JSON (PHP's json_encode with JSON_HEX_TAG) or XML (XMLWriter with
// one-space indent, list items as <element>).

import type { FastifyReply, FastifyRequest } from 'fastify';

export type OcsVersion = 1 | 2;
export type OcsFormat = 'json' | 'xml';

/** `?format=json|xml`, else the first of the Accept header's types that is `application/json|xml`, else XML. */
export function formatOf(request: FastifyRequest): OcsFormat {
  const query = request.query as Record<string, unknown>;
  if (query.format === 'json' || query.format === 'xml') return query.format;
  for (const part of String(request.headers.accept ?? '').split(',')) {
    const type = part.trim().toLowerCase().replace('application/', '');
    if (type === 'json' || type === 'xml') return type;
  }
  return 'xml';
}

/** PHP's json_encode: `/` escaped, non-ASCII as \uXXXX, and `<` `>` as \u003C \u003E (JSON_HEX_TAG). */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003C')
    .replace(/>/g, '\\u003E')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function scalarText(value: unknown): string {
  if (value === true) return '1';
  if (value === false) return '';
  return String(value);
}

function toXml(value: Record<string, unknown> | unknown[], depth: number): string {
  const pad = ' '.repeat(depth);
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v) => ['element', v])
    : Object.entries(value);
  return entries
    .map(([key, v]) => {
      if (v !== null && typeof v === 'object') {
        const inner = toXml(v as Record<string, unknown>, depth + 1);
        return inner === '' ? `${pad}<${key}/>\n` : `${pad}<${key}>\n${inner}${pad}</${key}>\n`;
      }
      if (v === null || v === undefined) return `${pad}<${key}/>\n`;
      return `${pad}<${key}>${escapeXml(scalarText(v))}</${key}>\n`;
    })
    .join('');
}

export function renderXml(document: Record<string, unknown>): string {
  return `<?xml version="1.0"?>\n${toXml(document, 0)}`;
}

/**
 * Sends an OCS answer. `code` is what the controller set: 200 for success, else the OCS status code
 * of the OCSException (997 unauthorised, 998 not found, 404 from OCSNotFoundException, 10x...).
 */
export function sendOcs(
  reply: FastifyReply,
  o: { version: OcsVersion; format: OcsFormat; code: number; message?: string; data?: unknown },
) {
  const { version, format, code } = o;
  const ok = code >= 200 && code < 300;
  let status: number;
  let meta: Record<string, unknown>;
  if (version === 1) {
    // V1Response: everything is HTTP 200 but 997; success is statuscode 100
    status = code === 997 ? 401 : 200;
    const statuscode = code === 200 ? 100 : code;
    meta = {
      status: statuscode === 100 ? 'ok' : 'failure',
      statuscode,
      message: statuscode === 100 ? 'OK' : (o.message ?? ''),
      totalitems: '',
      itemsperpage: '',
    };
  } else {
    status = code;
    if (code === 997) status = 401;
    else if (code === 998) status = 404;
    else if (code === 996 || code === 999) status = 500;
    else if (code < 200 || code > 600) status = 400;
    meta = { status: ok ? 'ok' : 'failure', statuscode: code, message: ok ? 'OK' : (o.message ?? '') };
  }
  const document = { ocs: { meta, data: o.data ?? [] } };
  if (format === 'json')
    return reply.code(status).type('application/json; charset=utf-8').send(phpJson(document));
  return reply.code(status).type('application/xml; charset=utf-8').send(renderXml(document));
}
