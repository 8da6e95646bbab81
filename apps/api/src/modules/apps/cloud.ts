import {
  type CloudGroup,
  type CloudUser,
  type CloudUserList,
  cloudGroupId,
  type cloudUserCreateBody,
  type cloudUserEditBody,
  type ErrorCode,
  GB_BYTES,
  messages,
} from '@central/domain';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { IxcError } from '../../integrations/ixc/client.ts';
import { customerName } from '../../integrations/ixc/customers.ts';
import {
  NextcloudClient,
  NextcloudError,
  type CloudUser as NextcloudUser,
} from '../../integrations/nextcloud/client.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import type { AppsService } from './service.ts';

// The cloud box (integration method api_atp_box): a Nextcloud group per contract, its users managed by
// the subscriber (spec §2.2, §3 Cloud-box user, §4 Cloud app, §7.6 Cloud). The group id is always derived
// here from the ERP's customer and the session's document; an id from the browser is only compared.

/** Creating, editing and removing users: per subscriber, whatever the outcome. */
export const CLOUD_LIMITS = { writesPerCustomer: { limit: 60, windowMs: 3600_000 } };
/** Nextcloud's answer to a user or a group that already exists. */
const OCS_EXISTS = 102;
/** How many users' details are read at once. */
const READ_CONCURRENCY = 8;

const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(404, code);

function failed(error: unknown, code: ErrorCode): never {
  if (error instanceof NextcloudError || error instanceof IxcError) {
    const answer = new AppError(502, code);
    answer.cause = error;
    throw answer;
  }
  throw error;
}

/** spec §9: the group's limit and what its users hold, in bytes. */
function groupOf(id: string, contractId: string, limitGb: number | null, users: NextcloudUser[]): CloudGroup {
  return {
    id,
    contractId,
    quota_limit: limitGb === null ? null : limitGb * GB_BYTES,
    quota_allocated: users.reduce((sum, u) => sum + (u.quota.limitBytes ?? 0), 0),
  };
}

const shown = (u: NextcloudUser): CloudUser => ({
  id: u.id,
  displayname: u.displayName,
  email: u.email,
  quota: { used: u.quota.usedBytes, total: u.quota.limitBytes ?? 0 },
});

/** A login from the e-mail's local part: Nextcloud's allowed characters, at most 40. */
function loginFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9_.@-]/g, '');
  return (local || 'usuario').slice(0, 40);
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

export function createCloudService(deps: {
  apps: AppsService;
  limiter: RateLimiter;
  log: Logger;
  timeoutMs?: number;
}) {
  const { log } = deps;
  const clients = new WeakMap<object, NextcloudClient>();

  /**
   * The cloud box of one of the customer's contracts: the contract must be theirs, active, and given the
   * box by a tenant app; anything else is not found. Answers the group id derived on the server.
   */
  async function box(tenant: Tenant, session: CustomerSession, contractId: string) {
    const config = tenant.apps.nextcloud();
    if (!config) throw notFound('APP_UNAVAILABLE');
    const { customer } = await deps.apps.methodOnContract(tenant, session, 'api_atp_box', contractId);
    let client = clients.get(config);
    if (!client) {
      client = new NextcloudClient({
        baseUrl: config.url,
        user: config.user,
        appPassword: config.appPassword,
        timeoutMs: deps.timeoutMs,
      });
      clients.set(config, client);
    }
    return {
      client,
      contractId,
      groupId: cloudGroupId(customerName(customer), session.document, contractId),
      displayName: `${customerName(customer)} - contrato ${contractId}`,
      limitGb: tenant.apps.cloudQuotaGb,
    };
  }
  type Box = Awaited<ReturnType<typeof box>>;

  /** The box named by a group id from the browser: its contract id is the id's last part, then compared. */
  async function boxOfGroup(tenant: Tenant, session: CustomerSession, groupId: string): Promise<Box> {
    const contractId = /-(\d+)$/.exec(groupId)?.[1] ?? /^\d+-(\d+)$/.exec(groupId)?.[1];
    if (!contractId) throw notFound();
    const found = await box(tenant, session, contractId);
    if (found.groupId !== groupId) throw notFound();
    return found;
  }

  async function users(b: Box): Promise<NextcloudUser[]> {
    const ids = await b.client.groupUsers(b.groupId);
    return inBatches(ids, READ_CONCURRENCY, (id) => b.client.getUser(id));
  }

  /** A user of the box's group, or 404: a user of another group is never reached. */
  async function member(b: Box, userId: string): Promise<NextcloudUser> {
    try {
      const user = await b.client.getUser(userId);
      if (!user.groups.includes(b.groupId)) throw notFound('CLOUD_USER_NOT_FOUND');
      return user;
    } catch (error) {
      if (error instanceof NextcloudError && error.kind === 'not_found')
        throw notFound('CLOUD_USER_NOT_FOUND');
      failed(error, 'CLOUD_USER_NOT_FOUND');
    }
  }

  function checkQuota(b: Box, all: NextcloudUser[], quotaGb: number, exceptUserId?: string) {
    if (b.limitGb === null) return;
    const others = all.filter((u) => u.id !== exceptUserId);
    const allocated = others.reduce((sum, u) => sum + (u.quota.limitBytes ?? 0), 0);
    if (allocated + quotaGb * GB_BYTES > b.limitGb * GB_BYTES)
      throw new AppError(400, 'CLOUD_QUOTA_EXCEEDED');
  }

  async function limitWrites(tenant: Tenant, session: CustomerSession) {
    const rule = CLOUD_LIMITS.writesPerCustomer;
    const hit = await deps.limiter.hit(
      `cloud:write:${tenant.id}:${session.erpCustomerId}`,
      rule.limit,
      rule.windowMs,
    );
    if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds);
  }

  return {
    /** GET /customer/find/cloud-group/{groupId}: 404 until the group is created. */
    async findGroup(tenant: Tenant, session: CustomerSession, groupId: string) {
      const b = await boxOfGroup(tenant, session, groupId);
      try {
        if (!(await b.client.findGroup(b.groupId))) throw notFound();
        return { group: groupOf(b.groupId, b.contractId, b.limitGb, await users(b)) };
      } catch (error) {
        failed(error, 'CLOUD_LOAD_FAILED');
      }
    },

    /** POST /customer/create/cloud-group: creates the contract's group; an existing one is kept. */
    async createGroup(tenant: Tenant, session: CustomerSession, contractId: string) {
      const b = await box(tenant, session, contractId);
      try {
        await b.client.createGroup(b.groupId, b.displayName);
      } catch (error) {
        if (!(error instanceof NextcloudError && error.statuscode === OCS_EXISTS))
          failed(error, 'CLOUD_ACTIVATE_FAILED');
      }
      log.info({ tenant: tenant.clientId, contract: contractId }, 'cloud group created');
      try {
        return { group: groupOf(b.groupId, b.contractId, b.limitGb, await users(b)) };
      } catch (error) {
        failed(error, 'CLOUD_ACTIVATE_FAILED');
      }
    },

    /** GET /customer/list/cloud-group-users/{groupId}. */
    async listUsers(tenant: Tenant, session: CustomerSession, groupId: string): Promise<CloudUserList> {
      const b = await boxOfGroup(tenant, session, groupId);
      try {
        const all = await users(b);
        return { group: groupOf(b.groupId, b.contractId, b.limitGb, all), users: all.map(shown) };
      } catch (error) {
        if (error instanceof NextcloudError && error.kind === 'not_found') throw notFound();
        failed(error, 'CLOUD_USERS_FAILED');
      }
    },

    /** POST /customer/create/cloud-user: in the contract's group, within its total quota. */
    async createUser(tenant: Tenant, session: CustomerSession, body: z.output<typeof cloudUserCreateBody>) {
      await limitWrites(tenant, session);
      const b = await box(tenant, session, body.contractId);
      const userId = body.userId ?? loginFromEmail(body.email);
      try {
        checkQuota(b, await users(b), body.quota);
        await b.client.createUser({
          userId,
          password: body.password,
          displayName: body.displayName,
          email: body.email,
          groups: [b.groupId],
          quotaBytes: body.quota * GB_BYTES,
        });
        const created = await b.client.getUser(userId);
        return { message: messages.cloudUserCreated, user: shown(created) };
      } catch (error) {
        if (error instanceof NextcloudError && error.statuscode === OCS_EXISTS)
          throw new AppError(409, 'CLOUD_USER_EXISTS');
        if (error instanceof NextcloudError && error.statuscode === 107)
          throw new AppError(400, 'VALIDATION', messages.cloudUserPasswordLength);
        failed(error, 'CLOUD_USER_CREATE_FAILED');
      }
    },

    /** PUT /customer/edit/cloud-user: one field; the quota within the group's total. */
    async editUser(tenant: Tenant, session: CustomerSession, body: z.output<typeof cloudUserEditBody>) {
      await limitWrites(tenant, session);
      const b = await box(tenant, session, body.contractId);
      await member(b, body.userId);
      try {
        if (body.key === 'quota') {
          checkQuota(b, await users(b), body.value, body.userId);
          await b.client.editUser(body.userId, 'quota', body.value * GB_BYTES);
        } else {
          await b.client.editUser(body.userId, body.key === 'name' ? 'displayname' : body.key, body.value);
        }
        return { message: messages.cloudUserUpdated, user: shown(await b.client.getUser(body.userId)) };
      } catch (error) {
        if (error instanceof NextcloudError && error.statuscode === 107)
          throw new AppError(400, 'VALIDATION', messages.cloudUserPasswordLength);
        failed(error, 'CLOUD_USER_UPDATE_FAILED');
      }
    },

    /** DELETE /customer/delete/cloud-user/{id}?contractId=. */
    async removeUser(tenant: Tenant, session: CustomerSession, userId: string, contractId: string) {
      await limitWrites(tenant, session);
      const b = await box(tenant, session, contractId);
      await member(b, userId);
      try {
        await b.client.deleteUser(userId);
      } catch (error) {
        failed(error, 'CLOUD_USER_REMOVE_FAILED');
      }
      log.info({ tenant: tenant.clientId, contract: contractId }, 'cloud user removed');
      return { message: messages.cloudUserRemoved };
    },
  };
}
