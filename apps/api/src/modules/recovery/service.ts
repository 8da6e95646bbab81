import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { firstName, hideCpfOrCnpj, maskEmail, messages } from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import {
  customerEmails,
  customerName,
  findCustomerByDocument,
  findCustomerById,
  isActiveCustomer,
} from '../../integrations/ixc/customers.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import type { Passwords } from '../../platform/passwords.ts';
import { clientBucket, type RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession, Sessions, StepTokens } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { findCredential, saveCredential } from '../auth/repository.ts';
import { signInDocumentKey } from '../auth/service.ts';
import { verificationCodeEmail } from './email.ts';
import {
  advanceFlow,
  countWrongCode,
  findLiveFlow,
  insertFlow,
  purgeOldFlows,
  type RecoveryFlow,
  voidCode,
} from './repository.ts';

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const FLOW_TTL_MINUTES = 30;
export const RECOVERY_COOKIE = 'central_recovery';

/** Abuse limits (issue #3 item 4); every counter is shared by all API processes. */
export const RECOVERY_LIMITS = {
  checkPerIp: { limit: 60, windowMs: 15 * 60_000 },
  codesPerCustomer: { limit: 5, windowMs: 60 * 60_000 },
  codesPerIp: { limit: 20, windowMs: 60 * 60_000 },
  currentPasswordPerSession: { limit: 10, windowMs: 15 * 60_000 },
};

type Stage = RecoveryFlow['stage'];

export interface RecoveryDeps {
  db: Db;
  steps: StepTokens;
  limiter: RateLimiter;
  mailer: Mailer;
  sessions: Sessions;
  passwords: Passwords;
  hmacKey: Uint8Array;
  log: Logger;
}

const stepInvalid = () => new AppError(401, 'RECOVERY_STEP_INVALID');

export function createRecoveryService(deps: RecoveryDeps) {
  const { log } = deps;
  const codeHash = (flowId: string, code: string) =>
    createHmac('sha256', deps.hmacKey).update(`${flowId}:${code}`).digest('hex');

  async function limit(key: string, rule: { limit: number; windowMs: number }) {
    const r = await deps.limiter.hit(key, rule.limit, rule.windowMs);
    if (!r.allowed) throw rateLimited(r.retryAfterSeconds);
  }

  async function seal(tenant: Tenant, flow: Pick<RecoveryFlow, 'id' | 'stepNonce'>) {
    return deps.steps.seal(
      'recovery',
      tenant.clientId,
      { fid: flow.id, n: flow.stepNonce },
      FLOW_TTL_MINUTES * 60,
    );
  }

  /** The flow behind a step token, when it is at one of `stages`; else 401 (back to an earlier step). */
  async function flowAt(tenant: Tenant, token: string | undefined, stages: Stage[]): Promise<RecoveryFlow> {
    const claims = await deps.steps.open(token, 'recovery', tenant.clientId);
    if (!claims?.fid || !claims.n) throw stepInvalid();
    const flow = await findLiveFlow(deps.db, { id: claims.fid, tenantId: tenant.id, nonce: claims.n });
    if (!flow || !stages.includes(flow.stage)) throw stepInvalid();
    return flow;
  }

  async function advance(flow: RecoveryFlow, set: Parameters<typeof advanceFlow>[3]) {
    const next = await advanceFlow(deps.db, flow.id, flow.stepNonce, {
      ...set,
      stepNonce: randomBytes(16).toString('base64url'),
    });
    if (!next) throw stepInvalid();
    return next;
  }

  async function emailsOf(tenant: Tenant, flow: RecoveryFlow): Promise<string[]> {
    const customer = await findCustomerById(tenant.ixc, flow.erpCustomerId);
    if (!customer || !isActiveCustomer(customer)) throw stepInvalid();
    return customerEmails(customer);
  }

  return {
    /** POST /check/cpf-cnpj: an active ERP customer with at least one e-mail starts a flow. */
    async start(tenant: Tenant, input: { document: string; firstAccess: boolean; ip: string }) {
      await limit(`recovery:check:ip:${tenant.id}:${clientBucket(input.ip)}`, RECOVERY_LIMITS.checkPerIp);
      const customer = await findCustomerByDocument(tenant.ixc, input.document);
      if (!customer) throw new AppError(404, 'CUSTOMER_UNKNOWN');
      if (!isActiveCustomer(customer)) throw new AppError(403, 'CUSTOMER_DISABLED');
      if (customerEmails(customer).length === 0) throw new AppError(404, 'NO_EMAIL');
      const flow = await insertFlow(deps.db, {
        tenantId: tenant.id,
        document: input.document,
        erpCustomerId: customer.id,
        firstAccess: input.firstAccess,
        stage: 'checked',
        stepNonce: randomBytes(16).toString('base64url'),
        expiresAt: new Date(Date.now() + FLOW_TTL_MINUTES * 60_000),
      });
      return seal(tenant, flow);
    },

    /** GET /customer/list/protected-emails: the customer's e-mails, masked. */
    async protectedEmails(tenant: Tenant, token: string | undefined) {
      const flow = await flowAt(tenant, token, ['checked', 'code_sent']);
      const emails = await emailsOf(tenant, flow);
      return { emails: emails.map((email, index) => ({ index, email: maskEmail(email) })) };
    },

    /** POST /send/verification-code/mail: a fresh code to one of the customer's own e-mails. */
    async sendCode(tenant: Tenant, input: { token: string | undefined; mailIndex: number; ip: string }) {
      const flow = await flowAt(tenant, input.token, ['checked', 'code_sent']);
      const emails = await emailsOf(tenant, flow);
      const to = emails[input.mailIndex];
      if (!to) throw new AppError(400, 'VALIDATION', messages.emailRequired);
      await limit(`recovery:codes:doc:${tenant.id}:${flow.document}`, RECOVERY_LIMITS.codesPerCustomer);
      await limit(`recovery:codes:ip:${tenant.id}:${clientBucket(input.ip)}`, RECOVERY_LIMITS.codesPerIp);

      const code = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
      const next = await advance(flow, {
        stage: 'code_sent',
        mailIndex: input.mailIndex,
        codeHash: codeHash(flow.id, code),
        codeExpiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
        codeAttempts: 0,
      });
      const customer = await findCustomerById(tenant.ixc, flow.erpCustomerId);
      const mail = verificationCodeEmail({
        alias: tenant.alias,
        primaryColor: tenant.theme.primary_color,
        customerFirstName: customer ? firstName(customerName(customer)) : '',
        code,
        validMinutes: CODE_TTL_MINUTES,
        firstAccess: flow.firstAccess,
      });
      try {
        const sent = await deps.mailer.send({ to, fromName: tenant.alias, ...mail });
        // Without SMTP (the demo) the e-mail only exists in the outbox: say where, above the usual noise.
        log[sent.delivered === 'outbox' ? 'warn' : 'info'](
          {
            tenant: tenant.clientId,
            document: hideCpfOrCnpj(flow.document),
            to: maskEmail(to),
            delivered: sent.delivered,
            where: sent.id,
          },
          sent.delivered === 'outbox' ? `verification code written to ${sent.id}` : 'verification code sent',
        );
      } catch (err) {
        log.error({ err, tenant: tenant.clientId }, 'verification code e-mail failed');
        // Back to where the flow was, so that the step token the browser still holds can try again.
        await advanceFlow(deps.db, next.id, next.stepNonce, {
          stepNonce: flow.stepNonce,
          stage: flow.stage,
          codeHash: flow.codeHash,
          codeExpiresAt: flow.codeExpiresAt,
          codeAttempts: flow.codeAttempts,
        });
        throw new AppError(502, 'SEND_CODE_FAILED');
      }
      return { token: await seal(tenant, next), email: maskEmail(to), expiresInMinutes: CODE_TTL_MINUTES };
    },

    /** GET /auth/verification-code-token: may the code page be shown? */
    async checkCodeStep(tenant: Tenant, token: string | undefined) {
      // A voided or expired code keeps the page open: checking it says so and offers a new one.
      await flowAt(tenant, token, ['code_sent']);
    },

    /** POST /check/verification-code: 5 wrong tries void the code; an expired one must be sent again. */
    async verifyCode(tenant: Tenant, token: string | undefined, code: string) {
      const flow = await flowAt(tenant, token, ['code_sent']);
      if (!flow.codeHash) throw new AppError(400, 'CODE_LOCKED');
      if (!flow.codeExpiresAt || flow.codeExpiresAt.getTime() <= Date.now()) {
        await voidCode(deps.db, flow.id);
        throw new AppError(400, 'CODE_EXPIRED');
      }
      const expected = Buffer.from(flow.codeHash, 'hex');
      const actual = Buffer.from(codeHash(flow.id, code), 'hex');
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        const attempts = await countWrongCode(deps.db, flow.id);
        if (attempts >= MAX_CODE_ATTEMPTS) {
          await voidCode(deps.db, flow.id);
          throw new AppError(400, 'CODE_LOCKED');
        }
        throw new AppError(400, 'INVALID_CODE');
      }
      const next = await advance(flow, { stage: 'verified', codeHash: null });
      return seal(tenant, next);
    },

    /** GET /auth/change-password-token: may the new-password page be shown? */
    async checkPasswordStep(tenant: Tenant, token: string | undefined) {
      await flowAt(tenant, token, ['verified']);
    },

    /**
     * PUT /customer/edit/password after a verified code: closes the flow, creates or replaces the
     * credential and ends the subscriber's sessions, all or nothing.
     */
    async setPassword(tenant: Tenant, token: string | undefined, newPassword: string) {
      const flow = await flowAt(tenant, token, ['verified']);
      const passwordHash = await deps.passwords.hash(newPassword);
      await deps.db.transaction(async (tx) => {
        const done = await advanceFlow(tx, flow.id, flow.stepNonce, {
          stage: 'done',
          stepNonce: randomBytes(16).toString('base64url'),
        });
        if (!done) throw stepInvalid();
        await saveCredential(tx, tenant.id, flow.document, passwordHash);
        await deps.sessions.endAllOf({ tenantId: tenant.id, document: flow.document }, tx);
      });
      await deps.limiter.reset(signInDocumentKey(tenant.id, flow.document));
      log.info(
        { tenant: tenant.clientId, document: hideCpfOrCnpj(flow.document), firstAccess: flow.firstAccess },
        'password set through e-mailed code',
      );
    },

    /** PUT /customer/edit/password in the panel: needs the current password; ends the other sessions. */
    async changePassword(
      tenant: Tenant,
      session: CustomerSession,
      input: { currentPassword: string; newPassword: string },
    ) {
      await limit(`password-change:${session.id}`, RECOVERY_LIMITS.currentPasswordPerSession);
      const credential = await findCredential(deps.db, tenant.id, session.document);
      if (!credential || !(await deps.passwords.verify(credential.passwordHash, input.currentPassword))) {
        throw new AppError(400, 'INVALID_CURRENT_PASSWORD');
      }
      const passwordHash = await deps.passwords.hash(input.newPassword);
      await deps.db.transaction(async (tx) => {
        await saveCredential(tx, tenant.id, session.document, passwordHash);
        await deps.sessions.endAllOf(
          { tenantId: tenant.id, document: session.document, exceptId: session.id },
          tx,
        );
      });
      log.info(
        { tenant: tenant.clientId, document: hideCpfOrCnpj(session.document) },
        'password changed in the panel',
      );
    },

    /** Deletes flows that ended a day ago (run by a job). */
    purgeOldFlows: () => purgeOldFlows(deps.db),
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
