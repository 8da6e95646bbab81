import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type TenantSettingKind, tenantBranding, tenantSettings, tenants } from '../db/schema.ts';
import { encryptSecret, type Keyring } from './secrets.ts';
import {
  type AcsSettings,
  type AppSecrets,
  acsSettings,
  appSecrets,
  appsSettings,
  type CardSettings,
  cardSettingsInput,
  contractSettings,
  erpSettings,
  supportSettings,
} from './tenant-settings.ts';

export type TenantRow = typeof tenants.$inferSelect;
export type BrandingRow = typeof tenantBranding.$inferSelect;
export type SettingRow = typeof tenantSettings.$inferSelect;

/** A provider as stored: its row, its branding and its setting groups (secrets still encrypted). */
export interface TenantRecord {
  tenant: TenantRow;
  branding: BrandingRow;
  settings: SettingRow[];
}

export async function findTenantRecord(
  db: Db,
  by: { clientId: string } | { id: string },
): Promise<TenantRecord | undefined> {
  const [row] = await db
    .select({ tenant: tenants, branding: tenantBranding })
    .from(tenants)
    .innerJoin(tenantBranding, eq(tenantBranding.tenantId, tenants.id))
    .where('clientId' in by ? eq(tenants.clientId, by.clientId) : eq(tenants.id, by.id))
    .limit(1);
  if (!row) return undefined;
  const settings = await db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, row.tenant.id));
  return { ...row, settings };
}

/** Everything a provider is configured with, secrets in clear: what the seed and the back office save. */
export interface TenantInput {
  clientId: string;
  alias: string;
  suspendedAt?: Date | null;
  invoiceWindowDays?: number;
  /** Issue 15: the offline sign-in's limit in days (7 when not given; 0 turns it off). */
  offlineSignInDays?: number;
  branding: Omit<typeof tenantBranding.$inferInsert, 'tenantId' | 'updatedAt'>;
  erp: z.input<typeof erpSettings> & { token: string };
  support?: z.input<typeof supportSettings>;
  /** The contracts area (downloads, print model, legal name and CNPJ); defaults when never saved. */
  contracts?: z.input<typeof contractSettings>;
  acs?: (AcsSettings & { privateKey: string }) | null;
  card?: (CardSettings & { merchantKey: string }) | null;
  /** Value-added apps: partner URLs and secrets, the cloud box; left out keeps what is stored. */
  apps?: z.input<typeof appsSettings> & { secrets: AppSecrets };
}

/**
 * Creates or replaces a provider (matched by client id) in one transaction: its row, its branding and
 * each setting group, secrets encrypted; a group given as null or left out (acs, card) is removed.
 * Each group is checked against its schema first: a setting the portal could not use is refused.
 */
export async function saveTenant(db: Db, encryptionKey: Keyring, input: TenantInput): Promise<TenantRow> {
  const seal = (plain: string) => encryptSecret(encryptionKey, plain);
  const { token, ...erp } = input.erp;
  const groups: { kind: TenantSettingKind; settings: Record<string, unknown>; secretEnc: string | null }[] = [
    { kind: 'erp', settings: erpSettings.parse(erp), secretEnc: seal(token) },
  ];
  if (input.support)
    groups.push({ kind: 'support', settings: supportSettings.parse(input.support), secretEnc: null });
  if (input.contracts)
    groups.push({ kind: 'contracts', settings: contractSettings.parse(input.contracts), secretEnc: null });
  if (input.apps) {
    const { secrets, ...apps } = input.apps;
    const sealed = Object.keys(secrets).length ? seal(JSON.stringify(appSecrets.parse(secrets))) : null;
    groups.push({ kind: 'apps', settings: appsSettings.parse(apps), secretEnc: sealed });
  }
  if (input.acs) {
    const { privateKey, ...acs } = input.acs;
    groups.push({ kind: 'acs', settings: acsSettings.parse(acs), secretEnc: seal(privateKey) });
  }
  if (input.card) {
    const { merchantKey, ...card } = input.card;
    groups.push({ kind: 'card', settings: cardSettingsInput.parse(card), secretEnc: seal(merchantKey) });
  }

  return db.transaction(async (tx) => {
    const core = {
      alias: input.alias,
      suspendedAt: input.suspendedAt ?? null,
      invoiceWindowDays: input.invoiceWindowDays ?? 15,
      offlineSignInDays: input.offlineSignInDays ?? 7,
    };
    const [tenant] = await tx
      .insert(tenants)
      .values({ clientId: input.clientId, ...core })
      .onConflictDoUpdate({ target: tenants.clientId, set: { ...core, updatedAt: new Date() } })
      .returning();
    if (!tenant) throw new Error('tenant upsert returned no row');
    const branding = { ...input.branding, tenantId: tenant.id };
    await tx
      .insert(tenantBranding)
      .values(branding)
      .onConflictDoUpdate({ target: tenantBranding.tenantId, set: { ...branding, updatedAt: new Date() } });
    for (const group of groups) {
      await tx
        .insert(tenantSettings)
        .values({ tenantId: tenant.id, ...group })
        .onConflictDoUpdate({
          target: [tenantSettings.tenantId, tenantSettings.kind],
          set: { settings: group.settings, secretEnc: group.secretEnc, updatedAt: new Date() },
        });
    }
    // Support, contracts and apps settings left out keep what is stored; acs and card left out are removed.
    const kept: TenantSettingKind[] = [...groups.map((g) => g.kind), 'support', 'contracts', 'apps'];
    await tx
      .delete(tenantSettings)
      .where(and(eq(tenantSettings.tenantId, tenant.id), notInArray(tenantSettings.kind, kept)));
    return tenant;
  });
}
