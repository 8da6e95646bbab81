import { type connectionCheckBody, messages } from '@central/domain';
import { z } from 'zod';
import { acsToken } from '../../integrations/acs/token.ts';
import { errorAnswer, IP_NOT_ALLOWED, ixcBaseUrl, listAnswer } from '../../integrations/ixc/client.ts';
import { type Outbound, OutboundError, type OutboundResponse } from '../../platform/outbound.ts';
import type { TenantFormValues, TenantSecrets } from './tenant-form.ts';

// The tenant form's "Testar conexão" (beyond the spec, issue 11 item 6): one harmless call with the typed
// settings, answered in words an admin can act on. Every call goes through platform/outbound.ts, since the
// address is whatever the admin typed.

export type ConnectionCheck = z.output<typeof connectionCheckBody>;
export interface CheckResult {
  ok: boolean;
  message: string;
}

const ok = (message: string): CheckResult => ({ ok: true, message });
const failed = (message: string): CheckResult => ({ ok: false, message });

/** Why a call did not get an answer, for any of the three systems. */
function unreachable(error: OutboundError): CheckResult {
  switch (error.kind) {
    case 'private_address':
      return failed(messages.checkPrivateAddress);
    case 'insecure':
      return failed(messages.checkInsecure);
    case 'redirect':
      return failed(messages.checkRedirect);
    case 'timeout':
      return failed(messages.checkTimeout);
    default:
      return failed(messages.checkUnreachable);
  }
}

/** The answer's JSON read with the system's own schema; anything else (HTML, other JSON) is undefined. */
function parsed<T>(response: OutboundResponse, schema: z.ZodType<T>): T | undefined {
  try {
    const result = schema.safeParse(JSON.parse(response.body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** GenieACS's NBI lists devices as an array of documents, each with its `_id`. */
const acsDevices = z.array(z.object({ _id: z.string() }));
/** Cielo's query answers a sale list (or a single sale) as JSON objects. */
const cieloAnswer = z.union([z.array(z.looseObject({})), z.looseObject({})]);

export function createConnectionCheck(outbound: Outbound) {
  async function call(url: string, init: Parameters<Outbound['request']>[1]) {
    try {
      return await outbound.request(url, init);
    } catch (error) {
      if (error instanceof OutboundError) return error;
      throw error;
    }
  }

  /** One listing of `cliente` with a single row, as the portal's own calls are made. */
  async function erp(domain: string, token: string): Promise<CheckResult> {
    let url: string;
    try {
      url = `${ixcBaseUrl(domain)}/cliente`;
    } catch {
      return failed(messages.checkUnreachable);
    }
    const answer = await call(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(token).toString('base64')}`,
        'content-type': 'application/json',
        accept: 'application/json',
        ixcsoft: 'listar',
      },
      body: JSON.stringify({
        qtype: 'cliente.id',
        query: '0',
        oper: '>',
        page: '1',
        rp: '1',
        sortname: 'cliente.id',
        sortorder: 'asc',
      }),
    });
    if (answer instanceof OutboundError) return unreachable(answer);
    if (answer.status === 401 || answer.status === 403) return failed(messages.checkIxcTokenRefused);
    if (answer.status !== 200) return failed(messages.checkNotIxc);
    const refusal = parsed(answer, errorAnswer);
    if (refusal) {
      const message = refusal.message ?? '';
      if (IP_NOT_ALLOWED.test(message)) return failed(messages.checkIxcIpNotAllowed);
      return failed(`${messages.checkIxcError} ${message.slice(0, 200)}`.trim());
    }
    return parsed(answer, listAnswer) ? ok(messages.checkIxcOk) : failed(messages.checkNotIxc);
  }

  /** GenieACS's NBI: one device id, signed as the portal signs its calls. */
  async function acs(url: string, issuer: string, privateKey: string): Promise<CheckResult> {
    let token: string;
    try {
      token = await acsToken(issuer, privateKey);
    } catch {
      return failed(messages.checkAcsKeyInvalid);
    }
    const answer = await call(
      `${url.replace(/\/+$/, '')}/devices/?query=${encodeURIComponent('{}')}&projection=_id&limit=1`,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
    );
    if (answer instanceof OutboundError) return unreachable(answer);
    if (answer.status === 401 || answer.status === 403) return failed(messages.checkAcsRefused);
    if (answer.status === 200 && parsed(answer, acsDevices)) return ok(messages.checkAcsOk);
    return failed(messages.checkNotAcs);
  }

  /** Cielo's query host: an order id no sale has answers 404 to good credentials, 401 to bad ones. */
  async function card(queryUrl: string, merchantId: string, merchantKey: string): Promise<CheckResult> {
    const answer = await call(`${queryUrl.replace(/\/+$/, '')}/1/sales?merchantOrderId=connection-check`, {
      headers: { MerchantId: merchantId, MerchantKey: merchantKey, accept: 'application/json' },
    });
    if (answer instanceof OutboundError) return unreachable(answer);
    if (answer.status === 401 || answer.status === 403) return failed(messages.checkCardRefused);
    if (answer.status === 404 || (answer.status === 200 && parsed(answer, cieloAnswer)))
      return ok(messages.checkCardOk);
    return failed(messages.checkNotCielo);
  }

  /**
   * Runs the check with the typed secret, else `stored` (see `storedSecretFor`); `storedElsewhere` says a
   * secret is stored but for another address.
   */
  return async function check(
    body: ConnectionCheck,
    stored: { secret: string | null; storedElsewhere: boolean } = { secret: null, storedElsewhere: false },
  ): Promise<CheckResult> {
    const secret = secretOf(body) ?? stored.secret;
    if (!secret)
      return failed(
        stored.storedElsewhere ? messages.checkStoredSecretElsewhere : messages.checkSecretMissing,
      );
    switch (body.kind) {
      case 'erp':
        return erp(body.ixc_domain, secret);
      case 'acs':
        return acs(body.ixc_acs_url, body.ixc_acs_issuer, secret);
      case 'card':
        return card(body.cielo_query_url, body.cielo_merchant_id, secret);
    }
  };
}

function secretOf(body: ConnectionCheck): string | null {
  switch (body.kind) {
    case 'erp':
      return body.ixc_access_token;
    case 'acs':
      return body.ixc_acs_private_key;
    case 'card':
      return body.cielo_merchant_key;
  }
}

const sameAddress = (typed: string, stored: string | null) =>
  stored !== null && typed.trim().replace(/\/+$/, '') === stored.trim().replace(/\/+$/, '');

/**
 * The stored secret a check may use in place of an empty field: only with the address (and account) it is
 * stored for. Secrets are write-only; without this an admin could have the portal send a provider's
 * token to a host of their choosing.
 */
export function storedSecretFor(body: ConnectionCheck, values: TenantFormValues, secrets: TenantSecrets) {
  const [stored, matches] = ((): [string | null, boolean] => {
    switch (body.kind) {
      case 'erp':
        return [secrets.ixc_access_token, sameAddress(body.ixc_domain, values.ixc_domain)];
      case 'acs':
        return [
          secrets.ixc_acs_private_key,
          sameAddress(body.ixc_acs_url, values.ixc_acs_url) && body.ixc_acs_issuer === values.ixc_acs_issuer,
        ];
      case 'card':
        return [
          secrets.cielo_merchant_key,
          sameAddress(body.cielo_query_url, values.cielo_query_url) &&
            body.cielo_merchant_id === values.cielo_merchant_id,
        ];
    }
  })();
  return { secret: matches ? stored : null, storedElsewhere: stored !== null && !matches };
}
export type ConnectionChecker = ReturnType<typeof createConnectionCheck>;
