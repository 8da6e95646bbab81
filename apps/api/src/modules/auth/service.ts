import { greetingName, hideCpfOrCnpj, type Session } from '@central/domain';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { customerName, findCustomerByDocument, isActiveCustomer } from '../../integrations/ixc/customers.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession, Sessions, StepTokens } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { findCredential } from './repository.ts';

/**
 * Brute-force limits (issue #2 item 10). Per document they count password attempts; per IP they
 * are generous because many subscribers share one address behind CGNAT.
 */
export const SIGN_IN_LIMITS = {
  perDocument: { limit: 10, windowMs: 15 * 60_000 },
  perIp: { limit: 300, windowMs: 15 * 60_000 },
};
export const SIGN_IN_STEP_TTL_SECONDS = 10 * 60;
export const SIGN_IN_STEP_COOKIE = 'central_sign_in';

/** A hash of a random password: verifying against it costs as much as a real check. */
const dummyHash = argon2.hash(crypto.randomUUID(), { type: argon2.argon2id });

export interface AuthDeps {
  db: Db;
  sessions: Sessions;
  steps: StepTokens;
  limiter: RateLimiter;
  log: Logger;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** The key of the per-document sign-in counter, which a password change resets. */
export const signInDocumentKey = (tenantId: string, document: string) =>
  `sign-in:doc:${tenantId}:${document}`;

export function toSessionView(s: Pick<CustomerSession, 'name' | 'featureFlags' | 'document'>): Session {
  return {
    validToken: true,
    featureFlag: s.featureFlags,
    customer: { name: s.name, firstName: greetingName(s.name, s.document) },
  };
}

async function limit(limiter: RateLimiter, key: string, rule: { limit: number; windowMs: number }) {
  const result = await limiter.hit(key, rule.limit, rule.windowMs);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
}

export function createAuthService(deps: AuthDeps) {
  const { log } = deps;
  const ipKey = (tenant: Tenant, ip: string) => `sign-in:ip:${tenant.id}:${ip}`;

  /** Step one (/sign-in): the customer must exist in the ERP and have a portal password. */
  async function checkDocument(tenant: Tenant, document: string, ip: string) {
    await limit(deps.limiter, ipKey(tenant, ip), SIGN_IN_LIMITS.perIp);
    const customer = await findCustomerByDocument(tenant.ixc, document);
    if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
    const credential = await findCredential(deps.db, tenant.id, document);
    if (!credential) throw new AppError(409, 'CREDENTIAL_NOT_SET');
  }

  /**
   * Step two (or both at once): the password, then the ERP's word on whether the customer is active.
   * Answers the session to show and the issued token, which the route puts in the session cookie.
   */
  async function signIn(tenant: Tenant, input: { document: string; password: string; ip: string }) {
    await limit(deps.limiter, ipKey(tenant, input.ip), SIGN_IN_LIMITS.perIp);
    await limit(deps.limiter, signInDocumentKey(tenant.id, input.document), SIGN_IN_LIMITS.perDocument);
    const credential = await findCredential(deps.db, tenant.id, input.document);
    const passwordOk = await argon2.verify(credential?.passwordHash ?? (await dummyHash), input.password);
    if (!credential) {
      const known = await findCustomerByDocument(tenant.ixc, input.document);
      throw new AppError(known ? 409 : 404, known ? 'CREDENTIAL_NOT_SET' : 'CUSTOMER_NOT_FOUND');
    }
    if (!passwordOk) {
      log.info(
        { tenant: tenant.clientId, document: hideCpfOrCnpj(input.document) },
        'sign-in: wrong password',
      );
      throw new AppError(401, 'INVALID_CREDENTIALS');
    }
    const customer = await findCustomerByDocument(tenant.ixc, input.document);
    if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
    if (!isActiveCustomer(customer)) throw new AppError(403, 'CUSTOMER_DISABLED');
    await deps.limiter.reset(signInDocumentKey(tenant.id, input.document));
    const issued = await deps.sessions.issueCustomer({
      tenant,
      document: input.document,
      erpCustomerId: customer.id,
      name: customerName(customer),
    });
    log.info({ tenant: tenant.clientId, document: hideCpfOrCnpj(input.document) }, 'sign-in');
    return { view: toSessionView(issued.session), issued };
  }

  return {
    checkDocument,
    signIn,
    sealStep: (tenant: Tenant, document: string) =>
      deps.steps.seal('sign-in', tenant.clientId, { document }, SIGN_IN_STEP_TTL_SECONDS),
    openStep: async (tenant: Tenant, token: string | undefined) =>
      (await deps.steps.open(token, 'sign-in', tenant.clientId))?.document ?? null,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
