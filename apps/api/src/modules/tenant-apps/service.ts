import { messages, type TenantApp, type tenantAppBody } from '@central/domain';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, notAuthenticated } from '../../platform/errors.ts';
import type { AdminSession } from '../../platform/sessions.ts';
import {
  deleteApp,
  findAdminUser,
  findApp,
  findTenantByClientId,
  insertApp,
  insertAudit,
  listApps,
  type TenantAppRow,
  type TenantAppValues,
  updateApp,
} from './repository.ts';

export type TenantAppInput = z.output<typeof tenantAppBody>;

/** The form's field names (as the audit trail lists them) and the columns they are kept in. */
const columns = {
  name: 'name',
  image: 'image',
  pending_text: 'pendingText',
  active_text: 'activeText',
  app_store_link: 'appStoreLink',
  play_store_link: 'playStoreLink',
  activation_criteria: 'activationCriteria',
  integration_method: 'integrationMethod',
  product_ids: 'productIds',
  plan_ids: 'planIds',
  integration_method_product_ids: 'integrationMethodProductIds',
} as const satisfies Record<keyof TenantAppInput, keyof TenantAppValues>;
type Field = keyof typeof columns;
const fields = Object.keys(columns) as Field[];

function valuesOf(input: TenantAppInput): TenantAppValues {
  return {
    name: input.name,
    image: input.image,
    pendingText: input.pending_text,
    activeText: input.active_text,
    appStoreLink: input.app_store_link,
    playStoreLink: input.play_store_link,
    activationCriteria: input.activation_criteria,
    integrationMethod: input.integration_method,
    productIds: input.product_ids,
    planIds: input.plan_ids,
    integrationMethodProductIds: input.integration_method_product_ids,
  };
}

const isSet = (v: unknown) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A stored app as the back office (and, without its client id, the subscriber's area) reads it. */
export function toView(row: TenantAppRow, clientId: string): TenantApp {
  return {
    id: row.id,
    client_id: clientId,
    name: row.name,
    image: row.image,
    pending_text: row.pendingText,
    active_text: row.activeText,
    app_store_link: row.appStoreLink,
    play_store_link: row.playStoreLink,
    activation_criteria: row.activationCriteria as TenantApp['activation_criteria'],
    integration_method: row.integrationMethod as TenantApp['integration_method'],
    product_ids: row.productIds,
    plan_ids: row.planIds,
    integration_method_product_ids: row.integrationMethodProductIds,
  };
}

/**
 * The apps each provider offers (spec §2.4 Aplicativos, §3 Tenant app), for the back office. Every
 * query names the provider of the URL, so an app id of another provider is not found. Each change is
 * written to the audit trail with the admin and the names of the fields it changed.
 */
export function createTenantAppsService(deps: { db: Db; log: Logger }) {
  const { db, log } = deps;

  async function tenantOf(clientId: string) {
    const tenant = await findTenantByClientId(db, clientId);
    if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND');
    return tenant;
  }

  /** 'Name <email>' as the audit keeps it; a session whose admin was removed writes nothing. */
  async function actorOf(admin: AdminSession) {
    const user = await findAdminUser(db, admin.adminId);
    if (!user) throw notAuthenticated();
    return { adminId: user.id, adminLabel: `${user.name} <${user.email}>` };
  }

  const appNotFound = () => new AppError(404, 'APP_NOT_FOUND');

  return {
    async list(clientId: string): Promise<TenantApp[]> {
      const tenant = await tenantOf(clientId);
      return (await listApps(db, tenant.id)).map((row) => toView(row, tenant.clientId));
    },

    async get(clientId: string, appId: string): Promise<TenantApp> {
      const tenant = await tenantOf(clientId);
      const row = await findApp(db, tenant.id, appId);
      if (!row) throw appNotFound();
      return toView(row, tenant.clientId);
    },

    async create(admin: AdminSession, clientId: string, input: TenantAppInput) {
      const tenant = await tenantOf(clientId);
      const actor = await actorOf(admin);
      const values = valuesOf(input);
      const row = await db.transaction(async (tx) => {
        const created = await insertApp(tx, tenant.id, values);
        const changed = fields.filter((f) => isSet(values[columns[f]]));
        await insertAudit(tx, { tenantId: tenant.id, ...actor, action: 'app_create', fields: changed });
        return created;
      });
      log.info({ tenant: tenant.clientId, app: row.id, admin: admin.adminId }, 'tenant app created');
      return { message: messages.appCreated, app: toView(row, tenant.clientId) };
    },

    async edit(admin: AdminSession, clientId: string, appId: string, input: TenantAppInput) {
      const tenant = await tenantOf(clientId);
      const actor = await actorOf(admin);
      const values = valuesOf(input);
      const row = await db.transaction(async (tx) => {
        const before = await findApp(tx, tenant.id, appId, { lock: true });
        if (!before) throw appNotFound();
        const changed = fields.filter((f) => !same(before[columns[f]], values[columns[f]]));
        const updated = await updateApp(tx, tenant.id, appId, values);
        if (!updated) throw appNotFound();
        await insertAudit(tx, { tenantId: tenant.id, ...actor, action: 'app_edit', fields: changed });
        return updated;
      });
      log.info({ tenant: tenant.clientId, app: row.id, admin: admin.adminId }, 'tenant app edited');
      return { message: messages.appEdited, app: toView(row, tenant.clientId) };
    },

    async remove(admin: AdminSession, clientId: string, appId: string) {
      const tenant = await tenantOf(clientId);
      const actor = await actorOf(admin);
      await db.transaction(async (tx) => {
        if (!(await deleteApp(tx, tenant.id, appId))) throw appNotFound();
        await insertAudit(tx, { tenantId: tenant.id, ...actor, action: 'app_remove', fields: [] });
      });
      log.info({ tenant: tenant.clientId, app: appId, admin: admin.adminId }, 'tenant app removed');
      return { message: messages.appRemoved };
    },
  };
}
export type TenantAppsService = ReturnType<typeof createTenantAppsService>;
