import {
  appPartnerNames,
  appSecretFields,
  appsSettingFields,
  messages,
  type TenantDetails,
  type tenantEditBody,
} from '@central/domain';
import type { z } from 'zod';
import type { TenantSettingKind } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { decryptSecret, type Keyring } from '../../platform/secrets.ts';
import type { TenantInput, TenantRecord } from '../../platform/tenant-repository.ts';
import {
  type AppSecretName,
  type AppSecrets,
  acsSettings,
  appSecrets,
  appsSettings,
  cardSettings,
  contractSettings,
  defaultAppsSettings,
  defaultContractSettings,
  defaultSupportSettings,
  erpSettings,
  type PartnerName,
  supportSettings,
} from '../../platform/tenant-settings.ts';

// The admin's tenant form (snake_case, spec §3 Tenant) against the stored provider (its row, branding and
// setting groups): read one from the other, and tell which fields an edit changed.

/** The form as the routes parse it; a create's body has the same fields plus the client id. */
export type TenantForm = z.output<typeof tenantEditBody>;
/** The form's values as stored, secrets left out. */
export type TenantFormValues = Omit<TenantDetails, 'client_id' | 'suspended' | 'secrets'>;

/** The write-only fields: the routes never answer their values; the audit names them only. */
export const secretFields = [
  'ixc_access_token',
  'ixc_acs_private_key',
  'cielo_merchant_key',
  ...appSecretFields,
] as const;
export type SecretField = (typeof secretFields)[number];
export type TenantSecrets = Record<SecretField, string | null>;

type AppSecretField = (typeof appSecretFields)[number];
/** The apps group seals its secrets together, one JSON object: which form field is which of its keys. */
const appSecretKey = {
  watch_token: 'watch',
  playhub_token: 'playhub',
  oletv_token: 'oletv',
  tocalivros_token: 'tocalivros',
  nextcloud_app_password: 'nextcloud',
} as const satisfies Record<AppSecretField, AppSecretName>;

const groupOf = (record: TenantRecord, kind: TenantSettingKind) =>
  record.settings.find((s) => s.kind === kind);

export function formValuesOf(record: TenantRecord): TenantFormValues {
  const { tenant, branding } = record;
  const parsed = <S extends z.ZodType>(kind: TenantSettingKind, schema: S): z.output<S> | null => {
    const result = schema.safeParse(groupOf(record, kind)?.settings);
    return result.success ? result.data : null;
  };
  const erp = parsed('erp', erpSettings);
  const acs = parsed('acs', acsSettings);
  const card = parsed('card', cardSettings);
  const support = parsed('support', supportSettings) ?? defaultSupportSettings;
  const contracts = parsed('contracts', contractSettings) ?? defaultContractSettings;
  const apps = parsed('apps', appsSettings) ?? defaultAppsSettings;
  return {
    alias: tenant.alias,
    vertical_logo_url: branding.verticalLogoUrl,
    horizontal_logo_url: branding.horizontalLogoUrl,
    favicon_url: branding.faviconUrl,
    app_logo_url: branding.appLogoUrl,
    ixc_domain: erp?.domain ?? '',
    primary_color: branding.primaryColor,
    secondary_color: branding.secondaryColor,
    address: branding.address,
    whatsapp_number: branding.whatsappNumber,
    phone_number: branding.phoneNumber,
    contact_email: branding.contactEmail,
    faq_url: branding.faqUrl,
    support_type: support.supportType,
    support_chat: support.chat,
    subjects: support.subjects,
    department_id: support.departmentId,
    process_id: support.processId,
    message_event_id: support.messageEventId,
    ixc_acs_issuer: acs?.issuer ?? null,
    ixc_acs_url: acs?.url ?? null,
    invoice_window_days: tenant.invoiceWindowDays,
    offline_sign_in_days: tenant.offlineSignInDays,
    settlement_filial_id: erp?.settlement?.filialId ?? null,
    settlement_account_id: erp?.settlement?.accountId ?? null,
    settlement_planning_id: erp?.settlement?.planningId ?? null,
    cielo_merchant_id: card?.merchantId ?? null,
    cielo_api_url: card?.apiUrl ?? null,
    cielo_query_url: card?.queryUrl ?? null,
    show_contract_download: contracts.showContractDownload,
    show_annual_statement: contracts.showAnnualStatement,
    contract_print_model_id: contracts.contractPrintModelId,
    legal_name: contracts.legalName,
    cnpj: contracts.cnpj,
    apps_static_catalogue: apps.staticCatalogue,
    watch_url: apps.watch?.url ?? null,
    playhub_url: apps.playhub?.url ?? null,
    oletv_url: apps.oletv?.url ?? null,
    tocalivros_url: apps.tocalivros?.url ?? null,
    nextcloud_url: apps.nextcloud?.url ?? null,
    nextcloud_user: apps.nextcloud?.user ?? null,
    cloud_quota_gb: apps.cloudQuotaGb,
  };
}

/** The apps group's secrets in clear (one sealed JSON object); none when the group has none. */
function storedAppSecrets(record: TenantRecord, ring: Keyring): AppSecrets {
  const sealed = groupOf(record, 'apps')?.secretEnc;
  return sealed ? appSecrets.parse(JSON.parse(decryptSecret(ring, sealed))) : {};
}

const perAppSecret = <T>(value: (field: AppSecretField) => T) =>
  Object.fromEntries(appSecretFields.map((field) => [field, value(field)])) as Record<AppSecretField, T>;
const appSecretValues = (secrets: AppSecrets) =>
  perAppSecret((field) => secrets[appSecretKey[field]] ?? null);

/**
 * Which secrets are stored. Each group's own secret is told without opening it; the apps' are sealed
 * together, so that one is opened (here, on the server) to tell which of them it holds.
 */
export function storedSecretFlags(record: TenantRecord, ring: Keyring): Record<SecretField, boolean> {
  const has = (kind: TenantSettingKind) => Boolean(groupOf(record, kind)?.secretEnc);
  const apps = storedAppSecrets(record, ring);
  return {
    ixc_access_token: has('erp'),
    ixc_acs_private_key: has('acs'),
    cielo_merchant_key: has('card'),
    ...perAppSecret((field) => Boolean(apps[appSecretKey[field]])),
  };
}

/** The stored secrets in clear, for an edit that keeps those left empty and for the audit's comparison. */
export function storedSecrets(record: TenantRecord, ring: Keyring): TenantSecrets {
  const open = (kind: TenantSettingKind) => {
    const sealed = groupOf(record, kind)?.secretEnc;
    return sealed ? decryptSecret(ring, sealed) : null;
  };
  return {
    ixc_access_token: open('erp'),
    ixc_acs_private_key: open('acs'),
    cielo_merchant_key: open('card'),
    ...appSecretValues(storedAppSecrets(record, ring)),
  };
}

const invalid = (message: string) => new AppError(400, 'VALIDATION', message);
const isHttpUrl = (v: string) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);
const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * spec §4: the ACS fields all filled create or update the record, all three '-' delete it, all empty
 * leave it as it is. A filled form may leave the private key empty to keep the stored one.
 */
function acsOf(form: TenantForm, stored: TenantInput['acs'] | null): TenantInput['acs'] {
  const { ixc_acs_issuer: issuer, ixc_acs_url: url, ixc_acs_private_key: key } = form;
  if (issuer === '-' && url === '-' && key === '-') return null;
  if (issuer === null && url === null && key === null) return stored;
  if (issuer && url && issuer !== '-' && url !== '-') {
    const privateKey = key ?? stored?.privateKey;
    if (!privateKey || privateKey === '-' || !isHttpUrl(url)) throw new AppError(400, 'ACS_INVALID');
    return { url, issuer, privateKey };
  }
  throw new AppError(400, 'ACS_INVALID');
}

/** The card gateway: the merchant id and both hosts, or none of them (no card payment). */
function cardOf(form: TenantForm, storedKey: string | null): TenantInput['card'] {
  const { cielo_merchant_id: merchantId, cielo_api_url: apiUrl, cielo_query_url: queryUrl } = form;
  if (!merchantId && !apiUrl && !queryUrl) return null;
  if (!merchantId || !apiUrl || !queryUrl) throw invalid(messages.cardIncomplete);
  const merchantKey = form.cielo_merchant_key ?? storedKey;
  if (!merchantKey) throw invalid(messages.cardKeyRequired);
  if (sameUrl(apiUrl, queryUrl)) throw invalid(messages.cardHostsSame);
  return { gateway: 'cielo', merchantId, apiUrl, queryUrl, merchantKey };
}

function settlementOf(form: TenantForm) {
  const ids = [form.settlement_filial_id, form.settlement_account_id, form.settlement_planning_id];
  if (ids.every((id) => id === null)) return null;
  const [filialId, accountId, planningId] = ids;
  if (!filialId || !accountId || !planningId) throw invalid(messages.settlementIncomplete);
  return { filialId, accountId, planningId };
}

/**
 * The value-added apps: a partner with a URL keeps its stored token when none is typed, one whose URL is
 * emptied is removed with its token; likewise the Nextcloud and its app password. A form without any apps
 * field (undefined) leaves the stored group as it is.
 */
function appsOf(form: TenantForm, stored: TenantSecrets | undefined): TenantInput['apps'] {
  if (appsSettingFields.every((field) => form[field] === undefined)) return undefined;
  const secrets: AppSecrets = {};
  const partner = (name: PartnerName) => {
    const url = form[`${name}_url`];
    if (!url) return null;
    const token = form[`${name}_token`] ?? stored?.[`${name}_token`];
    if (!token) throw invalid(`${messages.appsTokenRequired} de ${appPartnerNames[name]}`);
    secrets[name] = token;
    return { url };
  };
  let nextcloud: { url: string; user: string } | null = null;
  if (form.nextcloud_url) {
    const appPassword = form.nextcloud_app_password ?? stored?.nextcloud_app_password;
    if (!form.nextcloud_user) throw invalid(messages.nextcloudUserRequired);
    if (!appPassword) throw invalid(messages.nextcloudPasswordRequired);
    secrets.nextcloud = appPassword;
    nextcloud = { url: form.nextcloud_url, user: form.nextcloud_user };
  }
  return {
    staticCatalogue: form.apps_static_catalogue ?? false,
    watch: partner('watch'),
    playhub: partner('playhub'),
    oletv: partner('oletv'),
    tocalivros: partner('tocalivros'),
    nextcloud,
    cloudQuotaGb: form.cloud_quota_gb ?? null,
    secrets,
  };
}

/**
 * What `saveTenant` stores for a submitted form. `stored` is the provider as it is (an edit): its secrets
 * stand for those left empty, its ACS for ACS fields left empty, its suspension is kept.
 */
export function tenantInputOf(
  clientId: string,
  form: TenantForm,
  stored?: { record: TenantRecord; values: TenantFormValues; secrets: TenantSecrets },
): TenantInput {
  const token = form.ixc_access_token ?? stored?.secrets.ixc_access_token;
  if (!token) throw invalid(messages.ixcTokenRequired);
  const storedAcs =
    stored?.values.ixc_acs_url && stored.values.ixc_acs_issuer && stored.secrets.ixc_acs_private_key
      ? {
          url: stored.values.ixc_acs_url,
          issuer: stored.values.ixc_acs_issuer,
          privateKey: stored.secrets.ixc_acs_private_key,
        }
      : null;
  return {
    clientId,
    alias: form.alias,
    suspendedAt: stored?.record.tenant.suspendedAt ?? null,
    invoiceWindowDays: form.invoice_window_days,
    offlineSignInDays: form.offline_sign_in_days,
    branding: {
      verticalLogoUrl: form.vertical_logo_url,
      horizontalLogoUrl: form.horizontal_logo_url,
      faviconUrl: form.favicon_url,
      appLogoUrl: form.app_logo_url,
      primaryColor: form.primary_color,
      secondaryColor: form.secondary_color,
      address: form.address,
      whatsappNumber: form.whatsapp_number,
      phoneNumber: form.phone_number,
      contactEmail: form.contact_email,
      faqUrl: form.faq_url,
    },
    erp: { domain: form.ixc_domain, token, settlement: settlementOf(form) },
    support: {
      supportType: form.support_type,
      subjects: form.subjects,
      departmentId: form.department_id,
      processId: form.process_id,
      chat: form.support_chat,
      messageEventId: form.message_event_id,
    },
    contracts: {
      showContractDownload: form.show_contract_download,
      showAnnualStatement: form.show_annual_statement,
      contractPrintModelId: form.contract_print_model_id,
      legalName: form.legal_name,
      cnpj: form.cnpj,
    },
    acs: acsOf(form, storedAcs),
    card: cardOf(form, stored?.secrets.cielo_merchant_key ?? null),
    apps: appsOf(form, stored?.secrets),
  };
}

/**
 * The secrets a saved input holds, to compare with the stored ones; an input that leaves the apps out
 * keeps the `stored` apps secrets.
 */
export function secretsOf(input: TenantInput, stored?: TenantSecrets): TenantSecrets {
  return {
    ixc_access_token: input.erp.token,
    ixc_acs_private_key: input.acs?.privateKey ?? null,
    cielo_merchant_key: input.card?.merchantKey ?? null,
    ...(input.apps ? appSecretValues(input.apps.secrets) : perAppSecret((field) => stored?.[field] ?? null)),
  };
}

const isEmpty = (v: unknown) => v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The form fields whose value differs between `before` (null for a creation: every field given) and
 * `after`. Secrets are compared in clear here and only their names leave this function.
 */
export function changedFields(
  before: { values: TenantFormValues; secrets: TenantSecrets } | null,
  after: { values: TenantFormValues; secrets: TenantSecrets },
): string[] {
  const fields: string[] = [];
  for (const [field, value] of Object.entries(after.values)) {
    const old = before ? before.values[field as keyof TenantFormValues] : null;
    if (before ? JSON.stringify(old) !== JSON.stringify(value) : !isEmpty(value)) fields.push(field);
  }
  for (const field of secretFields) {
    const value = after.secrets[field];
    if ((before?.secrets[field] ?? null) !== value) fields.push(field);
  }
  return fields;
}
