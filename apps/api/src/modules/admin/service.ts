import {
  type AdminSessionResponse,
  type connectionCheckBody,
  messages,
  type TenantAudit,
  type TenantDetails,
  type TenantList,
  type tenantCreateBody,
} from '@central/domain';
import type { Logger } from 'pino';
import { ZodError, type z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, notAuthenticated } from '../../platform/errors.ts';
import type { Outbound } from '../../platform/outbound.ts';
import type { Passwords } from '../../platform/passwords.ts';
import { clientBucket, type RateLimiter } from '../../platform/rate-limit.ts';
import type { Keyring } from '../../platform/secrets.ts';
import { revokeSubjectSessions } from '../../platform/session-repository.ts';
import type { AdminSession, Sessions } from '../../platform/sessions.ts';
import { failureGuard, limit } from '../../platform/sign-in-guard.ts';
import type { TenantResolver } from '../../platform/tenancy.ts';
import {
  findTenantRecord,
  saveTenant,
  type TenantInput,
  type TenantRecord,
} from '../../platform/tenant-repository.ts';
import { createConnectionCheck, storedSecretFor } from './connection-check.ts';
import { type IxcLookupKind, lookupInIxc } from './lookups.ts';
import {
  type AuditAction,
  findAdminByEmail,
  findAdminById,
  hasProviderCredential,
  insertAudit,
  listAudit,
  listTenants,
  lockClientId,
  rehashAdminPassword,
  saveProviderCredential,
  sessionExpiry,
  setSuspended,
} from './repository.ts';
import {
  changedFields,
  formValuesOf,
  secretsOf,
  storedSecretFlags,
  storedSecrets,
  type TenantForm,
  tenantInputOf,
} from './tenant-form.ts';

/**
 * Brute-force limits of the staff sign-in, like the subscribers' (modules/auth): failures per e-mail and
 * IP first, so that someone who knows an admin's e-mail cannot lock them out from elsewhere; a ceiling of
 * failures per e-mail over every IP; and every attempt per IP, which stops one address trying many e-mails.
 */
export const ADMIN_SIGN_IN_LIMITS = {
  failuresPerEmailAndIp: { limit: 10, windowMs: 15 * 60_000 },
  failuresPerEmail: { limit: 50, windowMs: 15 * 60_000 },
  perIp: { limit: 100, windowMs: 15 * 60_000 },
};
/** Connection checks call addresses the admin types: a few a minute are plenty. */
export const CONNECTION_CHECK_LIMIT = { limit: 30, windowMs: 60_000 };

export interface AdminDeps {
  db: Db;
  encryptionKey: Keyring;
  sessions: Sessions;
  passwords: Passwords;
  tenants: TenantResolver;
  limiter: RateLimiter;
  outbound: Outbound;
  log: Logger;
}

const tenantNotFound = () => new AppError(404, 'TENANT_NOT_FOUND');

export function createAdminService(deps: AdminDeps) {
  const { db, log } = deps;
  const checkConnection = createConnectionCheck(deps.outbound);

  async function sessionView(session: AdminSession): Promise<AdminSessionResponse> {
    const [admin, expiresAt] = await Promise.all([
      findAdminById(db, session.adminId),
      sessionExpiry(db, session.id),
    ]);
    if (!admin || !expiresAt) throw notAuthenticated();
    return { admin: { name: admin.name, email: admin.email }, expiresAt: expiresAt.toISOString() };
  }

  /** 'Name <e-mail>' of the admin acting, as the audit keeps it. */
  async function actor(session: AdminSession) {
    const admin = await findAdminById(db, session.adminId);
    if (!admin) throw notAuthenticated();
    return { adminId: admin.id, adminLabel: `${admin.name} <${admin.email}>` };
  }

  async function recordOf(clientId: string): Promise<TenantRecord> {
    const record = await findTenantRecord(db, { clientId });
    if (!record) throw tenantNotFound();
    return record;
  }

  type Actor = Awaited<ReturnType<typeof actor>>;
  const audit = (tx: Db, by: Actor, tenantId: string, action: AuditAction, fields: string[]) =>
    insertAudit(tx, { tenantId, action, fields, ...by });

  /** saveTenant checks each setting group again; what the form let through and a group refuses is a 400. */
  async function save(tx: Db, input: TenantInput) {
    try {
      await saveTenant(tx, deps.encryptionKey, input);
    } catch (error) {
      if (error instanceof ZodError)
        throw new AppError(400, 'VALIDATION', error.issues[0]?.message ?? messages.invalidRequest);
      throw error;
    }
  }

  /** After a change: every API process sees it at once (LISTEN/NOTIFY; else within the cache's seconds). */
  const forget = (clientId: string) => deps.tenants.forget(clientId);

  return {
    /** POST /adm/auth/sign-in: the same 401 for an unknown e-mail and a wrong password. */
    async signIn(input: { email: string; password: string; ip: string }) {
      const email = input.email.toLowerCase();
      const ip = clientBucket(input.ip);
      deps.passwords.admit();
      await limit(deps.limiter, `adm-sign-in:ip:${ip}`, ADMIN_SIGN_IN_LIMITS.perIp);
      const guard = failureGuard(
        deps.limiter,
        { failure: `adm-sign-in:fail:${email}:${ip}`, ceiling: `adm-sign-in:email:${email}` },
        {
          failure: ADMIN_SIGN_IN_LIMITS.failuresPerEmailAndIp,
          ceiling: ADMIN_SIGN_IN_LIMITS.failuresPerEmail,
        },
      );
      await guard.check();

      const admin = await findAdminByEmail(db, email);
      const passwordOk = await deps.passwords.verify(admin?.passwordHash, input.password);
      if (!admin || !passwordOk) {
        await guard.failed();
        log.info({ ip }, 'admin sign-in: wrong e-mail or password');
        throw new AppError(401, 'ADMIN_INVALID_CREDENTIALS');
      }
      await guard.succeeded();
      const rehashed = await deps.passwords.rehash(admin.passwordHash, input.password);
      if (rehashed) await rehashAdminPassword(db, admin.id, { from: admin.passwordHash, to: rehashed });
      const issued = await deps.sessions.issueAdmin({ adminId: admin.id, name: admin.name });
      log.info({ admin: admin.id }, 'admin sign-in');
      const view: AdminSessionResponse = {
        admin: { name: admin.name, email: admin.email },
        expiresAt: issued.expiresAt.toISOString(),
      };
      return { view, issued };
    },

    sessionView,

    async list(search: string | undefined): Promise<TenantList> {
      const rows = await listTenants(db, search);
      return {
        customers: rows.map((r) => ({
          client_id: r.clientId,
          alias: r.alias,
          primary_color: r.primaryColor,
          vertical_logo_url: r.verticalLogoUrl,
          suspended: r.suspendedAt !== null,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    /** The form's values; secrets only as whether one is stored. */
    async details(clientId: string): Promise<TenantDetails> {
      const record = await recordOf(clientId);
      return {
        client_id: record.tenant.clientId,
        suspended: record.tenant.suspendedAt !== null,
        ...formValuesOf(record),
        secrets: {
          ...storedSecretFlags(record, deps.encryptionKey),
          provider_password: await hasProviderCredential(db, record.tenant.id),
        },
      };
    },

    async create(session: AdminSession, form: z.output<typeof tenantCreateBody>) {
      const { client_id: clientId, ...fields } = form;
      const input = tenantInputOf(clientId, fields);
      // Read before the transaction: on PGlite's single connection a query beside it would wait for it.
      const by = await actor(session);
      await db.transaction(async (tx) => {
        await lockClientId(tx, clientId);
        if (await findTenantRecord(tx, { clientId })) throw new AppError(409, 'TENANT_CLIENT_ID_TAKEN');
        await save(tx, input);
        const saved = await findTenantRecord(tx, { clientId });
        if (!saved) throw new Error('tenant not saved');
        const after = { values: formValuesOf(saved), secrets: secretsOf(input) };
        await audit(tx, by, saved.tenant.id, 'create', changedFields(null, after));
      });
      await forget(clientId);
      log.info({ tenant: clientId }, 'admin: provider created');
      return { message: messages.tenantCreated };
    },

    /** The whole form; secrets left empty keep the stored ones, the ACS follows spec §4. */
    async edit(session: AdminSession, clientId: string, form: TenantForm) {
      const by = await actor(session);
      await db.transaction(async (tx) => {
        const record = await findTenantRecord(tx, { clientId });
        if (!record) throw tenantNotFound();
        const before = {
          record,
          values: formValuesOf(record),
          secrets: storedSecrets(record, deps.encryptionKey),
        };
        const input = tenantInputOf(clientId, form, before);
        await save(tx, input);
        const saved = await findTenantRecord(tx, { clientId });
        if (!saved) throw new Error('tenant not saved');
        const after = { values: formValuesOf(saved), secrets: secretsOf(input, before.secrets) };
        const fields = changedFields(before, after);
        await audit(tx, by, record.tenant.id, 'edit', fields);
      });
      await forget(clientId);
      log.info({ tenant: clientId }, 'admin: provider edited');
      return { message: messages.tenantEdited };
    },

    /** spec §4: a provider is 'deleted' through suspension; its portal answers 404 from then on. */
    async setSuspended(session: AdminSession, clientId: string, suspended: boolean) {
      const by = await actor(session);
      await db.transaction(async (tx) => {
        const record = await findTenantRecord(tx, { clientId });
        if (!record) throw tenantNotFound();
        if ((record.tenant.suspendedAt !== null) === suspended) return;
        await setSuspended(tx, record.tenant.id, suspended ? new Date() : null);
        await audit(tx, by, record.tenant.id, suspended ? 'suspend' : 'reactivate', ['suspended']);
      });
      await forget(clientId);
      log.info({ tenant: clientId, suspended }, 'admin: provider suspension changed');
      return { message: suspended ? messages.tenantSuspended : messages.tenantReactivated };
    },

    /** The provider's own sign-in (/admin): a new password ends its sessions. */
    async setProviderPassword(session: AdminSession, clientId: string, password: string) {
      const record = await recordOf(clientId);
      const passwordHash = await deps.passwords.hash(password);
      const by = await actor(session);
      await db.transaction(async (tx) => {
        await saveProviderCredential(tx, record.tenant.id, passwordHash);
        await revokeSubjectSessions(tx, { tenantId: record.tenant.id, role: 'provider', subject: clientId });
        await audit(tx, by, record.tenant.id, 'provider_password', ['provider_password']);
      });
      log.info({ tenant: clientId }, 'admin: provider password set');
      return { message: messages.providerPasswordSet };
    },

    async audit(clientId: string): Promise<TenantAudit> {
      const record = await recordOf(clientId);
      const rows = await listAudit(db, record.tenant.id);
      return {
        entries: rows.map((r) => ({
          at: r.at.toISOString(),
          admin: r.adminLabel,
          action: r.action as TenantAudit['entries'][number]['action'],
          fields: r.fields,
        })),
      };
    },

    async checkConnection(session: AdminSession, body: z.output<typeof connectionCheckBody>) {
      await limit(deps.limiter, `adm-check:${session.adminId}`, CONNECTION_CHECK_LIMIT);
      const record = body.client_id ? await findTenantRecord(db, { clientId: body.client_id }) : undefined;
      if (body.client_id && !record) throw tenantNotFound();
      return checkConnection(
        body,
        record
          ? storedSecretFor(body, formValuesOf(record), storedSecrets(record, deps.encryptionKey))
          : undefined,
      );
    },

    /** An id typed in the tenant or app form, looked up in the provider's IXC (spec §5, §7.9). */
    async lookup(kind: IxcLookupKind, clientId: string, id: string) {
      const tenant = await deps.tenants.byClientId(clientId);
      if (!tenant) throw tenantNotFound();
      return lookupInIxc(tenant.ixc, kind, id);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
