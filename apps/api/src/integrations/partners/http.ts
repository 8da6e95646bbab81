import type { PartnerConnection } from './types.ts';
import { PartnerError } from './types.ts';

// One JSON call to a partner with the provider's Bearer token. Answers with the status and the parsed
// body for the client to read (2xx and the partner's 4xx business answers); throws a PartnerError for a
// timeout, a network failure, a refused token, a 5xx and a body that is not JSON.

export interface PartnerAnswer {
  status: number;
  json: unknown;
}

export async function callPartner(
  partner: string,
  conn: PartnerConnection,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<PartnerAnswer> {
  const url = `${conn.url.replace(/\/+$/, '')}${path}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${conn.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(conn.timeoutMs ?? 8000),
    });
    // the deadline covers the body too
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new PartnerError(partner, 'timeout', `${partner} timed out`);
    throw new PartnerError(partner, 'network', `${partner} is unreachable`);
  }
  if (response.status === 401)
    throw new PartnerError(partner, 'auth', `${partner} refused the token`, response.status);
  if (response.status >= 500)
    throw new PartnerError(partner, 'http', `${partner} answered HTTP ${response.status}`, response.status);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (!response.ok)
      throw new PartnerError(partner, 'http', `${partner} answered HTTP ${response.status}`, response.status);
    throw new PartnerError(
      partner,
      'protocol',
      `${partner} answered something that is not JSON`,
      response.status,
    );
  }
  return { status: response.status, json };
}

/** A 2xx or 4xx answer whose body is none of the shapes the client knows. */
export function unexpected(partner: string, status: number): PartnerError {
  return status >= 400
    ? new PartnerError(partner, 'http', `${partner} answered HTTP ${status}`, status)
    : new PartnerError(partner, 'protocol', `unexpected data in the ${partner} answer`, status);
}

/**
 * A refusal about the subscriber (409 conflict, 422 invalid data, 403 blocked): the client turns it into
 * an outcome. Another 4xx (400, 404, 405...) says the call itself is wrong: a PartnerError.
 */
export const isBusinessAnswer = (status: number) => status === 403 || status === 409 || status === 422;
