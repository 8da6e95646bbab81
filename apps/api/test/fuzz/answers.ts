import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { errorBody, errorCodes, messages } from '@central/domain';
import type { LightMyRequestResponse } from 'fastify';
import { CANARY } from './arbitraries.ts';

/** English that zod, Fastify or Node would write: no answer may carry it (people read Portuguese). */
const ENGLISH =
  /\b(invalid|expected|required|received|must|should|unrecognized|unexpected|unsupported|cannot|does not|not found|bad request|internal server error|too (big|small)|is not|body|querystring|params|route|payload|unterminated|position)\b/i;

const CATALOGUE = new Set<string>(Object.values(messages).filter((m) => typeof m === 'string'));

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The answer as a client reads it: uncompressed (answers over 1 KB are br or gzip when accepted). */
export function decoded(res: LightMyRequestResponse): Answer {
  const encoding = res.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(res.rawPayload).toString()
      : encoding === 'gzip'
        ? gunzipSync(res.rawPayload).toString()
        : res.body;
  return { statusCode: res.statusCode, headers: res.headers, body };
}

/** Up to `max` characters of `text`, for a failure report that stays readable. */
export const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/**
 * What is wrong with an answer (empty when nothing is): a 5xx; a secret or a `leak` in it; an error that
 * is not `{code, message, issues?}` with a known code, a catalogue message (a validation error words its
 * own) in Portuguese, without repeating the input.
 */
export function problemsOf(res: Answer, o: { method: string; secrets: string[]; leaks: string[] }): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  const headers = Object.entries(res.headers)
    .filter(([name]) => name !== 'set-cookie')
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n');
  for (const secret of o.secrets) {
    if (res.body.includes(secret) || headers.includes(secret))
      problems.push(`echoes a secret (${secret.slice(0, 6)}…)`);
  }
  for (const leak of o.leaks) if (res.body.includes(leak)) problems.push(`answers ${leak}`);
  if (/node_modules|\bat .+\.(ts|js):\d+/.test(res.body)) problems.push('a stack trace in the answer');
  if (res.statusCode < 400 || o.method === 'HEAD') return problems;

  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    problems.push(`error answer of type ${String(res.headers['content-type'])}`);
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return [...problems, 'error answer is not JSON'];
  }
  const parsed = errorBody.strict().safeParse(json);
  if (!parsed.success)
    return [...problems, 'error answer not in the catalogue shape {code, message, issues?}'];
  const { code, message, issues } = parsed.data;
  if (!(errorCodes as readonly string[]).includes(code)) problems.push(`unknown code ${code}`);
  if (code !== 'VALIDATION' && !CATALOGUE.has(message))
    problems.push(`a ${code} message not in the catalogue`);
  for (const text of [message, ...(issues ?? []).map((i) => i.message)]) {
    if (!text.trim()) problems.push('an empty message');
    // enum values quoted in a message ("to_pay"|"received") are the API's words, not English prose
    if (ENGLISH.test(text.replace(/"[^"]*"/g, ''))) problems.push(`English in a message: ${clip(text, 120)}`);
  }
  if (res.body.includes(CANARY)) problems.push('the error answer repeats the input');
  return problems;
}
