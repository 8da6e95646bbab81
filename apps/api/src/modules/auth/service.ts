import { greetingName, hideCpfOrCnpj, type Session } from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { isErpUnreachable } from '../../integrations/ixc/client.ts';
import { customerName, findCustomerByDocument, isActiveCustomer } from '../../integrations/ixc/customers.ts';
import { AppError } from '../../platform/errors.ts';
import type { Passwords } from '../../platform/passwords.ts';
import { clientBucket, type RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession, Sessions, StepTokens } from '../../platform/sessions.ts';
import { failureGuard, limit } from '../../platform/sign-in-guard.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { type KnownCustomer, knownCustomer, rememberCustomer } from '../customer/snapshots.ts';
import { findCredential, rehashCredential } from './repository.ts';

/**
 * Brute-force limits (issue #2 item 10, issue #8 item 6). Password failures are counted per CPF/CNPJ and
 * client IP first, so that someone who knows a CPF cannot lock its owner out from elsewhere; a much
 * higher per-document ceiling stops an attack spread over many IPs. Per IP and per tenant every
 * attempt counts, generously, because many subscribers share one address behind CGNAT.
 */
export const SIGN_IN_LIMITS = {
  failuresPerDocumentAndIp: { limit: 10, windowMs: 15 * 60_000 },
  failuresPerDocument: { limit: 100, windowMs: 15 * 60_000 },
  perIp: { limit: 300, windowMs: 15 * 60_000 },
  perTenant: { limit: 20_000, windowMs: 15 * 60_000 },
};
export const SIGN_IN_STEP_TTL_SECONDS = 10 * 60;
export const SIGN_IN_STEP_COOKIE = 'central_sign_in';

export interface AuthDeps {
  db: Db;
  sessions: Sessions;
  steps: StepTokens;
  limiter: RateLimiter;
  passwords: Passwords;
  log: Logger;
  now?: () => Date;
}

/** The key of the per-document failure ceiling, which a password change resets. */
export const signInDocumentKey = (tenantId: string, document: string) =>
  `sign-in:doc:${tenantId}:${document}`;

/**
 * The failures of one IP bucket against one credential. The key names the credential's version, so a
 * new password starts every IP's counter afresh without listing them; old windows just run out.
 */
const signInFailureKey = (tenantId: string, document: string, credentialAt: Date, ip: string) =>
  `sign-in:fail:${tenantId}:${document}:${credentialAt.getTime()}:${clientBucket(ip)}`;

export function toSessionView(s: Pick<CustomerSession, 'name' | 'featureFlags' | 'document'>): Session {
  return {
    validToken: true,
    featureFlag: s.featureFlags,
    customer: { name: s.name, firstName: greetingName(s.name, s.document) },
  };
}

const DAY_MS = 24 * 60 * 60_000;

export function createAuthService(deps: AuthDeps) {
  const { log } = deps;
  const now = () => deps.now?.() ?? new Date();

  /**
   * While the ERP cannot be reached (`error`), the customer as the portal last saw them at a sign-in no
   * older than the tenant's `offlineSignInDays` (issue 15). Without such a record the ERP's failure stands.
   */
  async function lastKnown(tenant: Tenant, document: string, error: unknown): Promise<KnownCustomer> {
    if (!isErpUnreachable(error) || tenant.offlineSignInDays === 0) throw error;
    const notBefore = new Date(now().getTime() - tenant.offlineSignInDays * DAY_MS);
    const known = await knownCustomer(deps.db, { tenantId: tenant.id, document }, notBefore);
    if (!known) throw error;
    log.warn(
      { tenant: tenant.clientId, document: hideCpfOrCnpj(document), checkedAt: known.checkedAt },
      'sign-in: ERP unreachable, using the last known status',
    );
    return known;
  }

  /** The ERP's customer, its status kept for the next outage; or the last known one while it is down. */
  async function customerOrLastKnown(tenant: Tenant, document: string): Promise<KnownCustomer | null> {
    try {
      const customer = await findCustomerByDocument(tenant.ixc, document);
      if (!customer) return null;
      const known = {
        erpCustomerId: customer.id,
        name: customerName(customer),
        active: isActiveCustomer(customer),
      };
      await rememberCustomer(deps.db, { tenantId: tenant.id, document }, known, now());
      return { ...known, checkedAt: now() };
    } catch (error) {
      return lastKnown(tenant, document, error);
    }
  }

  /** Every attempt, of either step, counts per IP bucket and per tenant. */
  async function limitAttempt(tenant: Tenant, ip: string) {
    await limit(deps.limiter, `sign-in:ip:${tenant.id}:${clientBucket(ip)}`, SIGN_IN_LIMITS.perIp);
    await limit(deps.limiter, `sign-in:tenant:${tenant.id}`, SIGN_IN_LIMITS.perTenant);
  }

  /** Step one (/sign-in): the customer must exist in the ERP and have a portal password. */
  async function checkDocument(tenant: Tenant, document: string, ip: string) {
    await limitAttempt(tenant, ip);
    const credential = await findCredential(deps.db, tenant.id, document);
    try {
      const customer = await findCustomerByDocument(tenant.ixc, document);
      if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
    } catch (error) {
      // The ERP is down: a document with a password and a recent status goes on to the password step.
      if (!credential) throw error;
      await lastKnown(tenant, document, error);
    }
    if (!credential) throw new AppError(409, 'CREDENTIAL_NOT_SET');
  }

  /**
   * Step two (or both at once): the password, then the ERP's word on whether the customer is active.
   * Answers the session to show and the issued token, which the route puts in the session cookie.
   */
  async function signIn(tenant: Tenant, input: { document: string; password: string; ip: string }) {
    deps.passwords.admit();
    await limitAttempt(tenant, input.ip);
    const credential = await findCredential(deps.db, tenant.id, input.document);
    // Only a document with a password has failures to count.
    const guard =
      credential &&
      failureGuard(
        deps.limiter,
        {
          failure: signInFailureKey(tenant.id, input.document, credential.updatedAt, input.ip),
          ceiling: signInDocumentKey(tenant.id, input.document),
        },
        { failure: SIGN_IN_LIMITS.failuresPerDocumentAndIp, ceiling: SIGN_IN_LIMITS.failuresPerDocument },
      );
    await guard?.check();
    const passwordOk = await deps.passwords.verify(credential?.passwordHash, input.password);
    if (!credential || !guard) {
      const known = await findCustomerByDocument(tenant.ixc, input.document);
      throw new AppError(known ? 409 : 404, known ? 'CREDENTIAL_NOT_SET' : 'CUSTOMER_NOT_FOUND');
    }
    if (!passwordOk) {
      await guard.failed();
      log.info(
        { tenant: tenant.clientId, document: hideCpfOrCnpj(input.document) },
        'sign-in: wrong password',
      );
      throw new AppError(401, 'INVALID_CREDENTIALS');
    }
    await guard.succeeded();
    const rehashed = await deps.passwords.rehash(credential.passwordHash, input.password);
    if (rehashed)
      await rehashCredential(deps.db, credential.id, { from: credential.passwordHash, to: rehashed });
    const customer = await customerOrLastKnown(tenant, input.document);
    if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
    if (!customer.active) throw new AppError(403, 'CUSTOMER_DISABLED');
    const issued = await deps.sessions.issueCustomer({
      tenant,
      document: input.document,
      erpCustomerId: customer.erpCustomerId,
      name: customer.name,
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
