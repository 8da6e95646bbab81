import { activationCriteria, integrationMethods, isMethodAllowed } from '../apps/methods.ts';
import { isValidCnpj } from '../cpf-cnpj.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import { clientIdSchema, supportTypes, themeSchema } from './theme.ts';

// The back office (spec §2.4, §3 Tenant, Tenant app, §4 Admin, §5, §7.9, §8 Admin and provider), under
// /api/admin. Field names follow the spec's tenant form (snake_case), so that its texts and rules apply as
// written; the portal's own settings (invoice window, settlement accounts, card gateway, contracts area)
// are added in the same style.

/** `missing`: the message when the field is absent or not a text (zod's default is not the spec's wording). */
const text = (max: number, missing?: string) =>
  z
    .string(missing ? { error: missing } : undefined)
    .trim()
    .max(max, `menor que ${max} caracteres`);
/** An optional text: empty means none (null). */
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const required = (field: string, max = 1000) =>
  text(max, `Por favor, informe ${field}`).min(1, `Por favor, informe ${field}`);

/** spec §5: a valid URL, at most 500 characters. */
const url = z
  .string({ error: messages.urlInvalid })
  .trim()
  .max(500, messages.urlInvalid)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), messages.urlInvalid);
const optionalUrl = z
  .union([z.literal(''), url])
  .nullish()
  .transform((v) => (v ? v : null));
/**
 * A logo or icon of the provider's portal: an http(s) URL, or a path of the portal's own static files
 * ('/brand/demo/vertical.svg', as the demo provider's), which every provider's host serves.
 */
const assetUrl = z
  .string({ error: messages.urlInvalid })
  .trim()
  .max(500, messages.urlInvalid)
  .refine(
    (v) => /^\/(?!\/)\S+$/.test(v) || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    messages.urlInvalid,
  );
const optionalAssetUrl = z
  .union([z.literal(''), assetUrl])
  .nullish()
  .transform((v) => (v ? v : null));
/** An image at a URL: the spec asks for 'a valid image URL', by its extension or a data-less http(s) path. */
const imageUrl = url.refine(
  // A text that is no URL at all is `url`'s to report (and `new URL` would throw on it).
  (v) => !URL.canParse(v) || /\.(png|jpe?g|gif|svg|webp|avif|ico)$/i.test(new URL(v).pathname),
  messages.imageUrlInvalid,
);
const color = z
  .string({ error: messages.tenantColorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, messages.tenantColorInvalid);
/** An IXC record id: digits, no leading zero. */
export const ixcIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/, 'ID inválido');
const optionalIxcId = z
  .union([z.literal(''), ixcIdSchema])
  .nullish()
  .transform((v) => (v ? v : null));
const phoneDigits = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v === '' || (v.length >= 10 && v.length <= 13), 'Por favor, informe um telefone válido')
  .nullish()
  .transform((v) => (v ? v : null));

/** A new provider's client id: it names its host (`{client_id}.central.com.br`), so a DNS label. */
export const newClientIdSchema = z
  .string({ error: 'Por favor, informe um client ID' })
  .trim()
  .min(1, 'Por favor, informe um client ID')
  .regex(/^[a-z][a-z0-9-]{0,38}[a-z0-9]$/, messages.tenantClientIdInvalid);
export const clientIdParams = z.object({ clientId: clientIdSchema });

/** A looked-up IXC id with its label, shown 'id - content' (spec §3). */
export const idLabelSchema = z.object({ id: ixcIdSchema, content: z.string().trim().max(300) });
export type IdLabel = z.infer<typeof idLabelSchema>;

/** POST /api/admin/adm/auth/sign-in (spec §7.9). */
export const adminSignInBody = z.object({
  email: z.email(messages.emailInvalid).trim().max(200, messages.emailInvalid),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(200, messages.passwordRequired),
});
export type AdminSignInBody = z.input<typeof adminSignInBody>;
export const adminSessionResponse = z
  .object({ admin: z.object({ name: z.string(), email: z.string() }), expiresAt: z.string() })
  .meta({ id: 'AdminSession' });
export type AdminSessionResponse = z.infer<typeof adminSessionResponse>;

/** POST /api/admin/auth/sign-in/provider (spec §7.9): user = client id. */
export const providerSignInBody = z.object({
  client_id: z
    .string({ error: messages.providerCredentialsMissing })
    .trim()
    .min(1, messages.providerCredentialsMissing)
    .max(100, messages.adminInvalidCredentials),
  password: z
    .string({ error: messages.providerCredentialsMissing })
    .min(1, messages.providerCredentialsMissing)
    .max(200, messages.adminInvalidCredentials),
});
export type ProviderSignInBody = z.input<typeof providerSignInBody>;
export const providerSessionResponse = z
  .object({ provider: z.object({ client_id: z.string(), alias: z.string() }), expiresAt: z.string() })
  .meta({ id: 'ProviderSession' });
export type ProviderSessionResponse = z.infer<typeof providerSessionResponse>;

/** spec §8: a field left out is 'not provided', one of another type 'invalid'. */
const missingOr = (missing: string, invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? missing : invalid;

/** POST /api/admin/provider/send/notification (spec §5: title under 300, message under 1400). */
export const providerNotificationBody = z.object({
  title: z
    .string({ error: missingOr(messages.notificationTitleRequired, messages.notificationTitleInvalid) })
    .trim()
    .min(1, messages.notificationTitleRequired)
    .max(299, messages.notificationTitleMax),
  message: z
    .string({ error: missingOr(messages.notificationMessageRequired, messages.notificationMessageInvalid) })
    .trim()
    .min(1, messages.notificationMessageRequired)
    .max(1399, messages.notificationMessageMax),
});
export type ProviderNotificationBody = z.input<typeof providerNotificationBody>;
export const providerNotificationResponse = z
  .object({
    id: z.string(),
    /** Subscribers of the provider who will receive it (those registered in the portal). */
    recipients: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'ProviderNotificationSent' });
export type ProviderNotificationResponse = z.infer<typeof providerNotificationResponse>;
/** GET /api/admin/provider/notifications: the provider's last sends, newest first. */
export const providerNotificationListResponse = z
  .object({
    notifications: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        message: z.string(),
        recipients: z.number().int(),
        created_at: z.string(),
        /** Web Push delivery (spec §9: up to 1 minute): 'sending' until every subscription was tried. */
        delivery: z.object({
          status: z.enum(['sending', 'done']),
          /** Subscriptions (browsers that opted in) it was sent to. */
          subscriptions: z.number().int(),
          delivered: z.number().int(),
          failed: z.number().int(),
          /** Subscriptions the push service reported gone, deleted. */
          removed: z.number().int(),
        }),
      }),
    ),
  })
  .meta({ id: 'ProviderNotificationList' });
export type ProviderNotificationList = z.infer<typeof providerNotificationListResponse>;

/**
 * The tenant form (spec §3 Tenant, §5 Tenant form): client id, alias, ixc_domain, ixc_access_token,
 * primary_color and the vertical logo are required; the rest is optional. Secrets (ixc_access_token,
 * ixc_acs_private_key, cielo_merchant_key) are write-only: on edit an empty value keeps the stored one.
 * ACS (spec §4): the three fields filled create or update the record, all three '-' delete it, all empty
 * leave it as it is; anything else is 'Dados ACS inválidos'. The value-added apps follow (`appsFields`).
 */
const tenantFields = {
  alias: required('um alias', 100),
  vertical_logo_url: assetUrl,
  horizontal_logo_url: optionalAssetUrl,
  favicon_url: optionalAssetUrl,
  app_logo_url: optionalAssetUrl,
  ixc_domain: required('o domínio do IXC', 500),
  primary_color: color,
  secondary_color: z
    .union([z.literal(''), color])
    .nullish()
    .transform((v) => (v ? v : null)),
  address: optionalText(300),
  whatsapp_number: phoneDigits,
  phone_number: phoneDigits,
  contact_email: z
    .union([z.literal(''), z.email(messages.emailInvalid).max(200)])
    .nullish()
    .transform((v) => (v ? v : null)),
  faq_url: optionalUrl,
  support_type: z.enum(supportTypes).default('os'),
  /** spec §2.5: 'Solicitar' opens the provider's WhatsApp instead of the request form. */
  support_chat: z.boolean().default(false),
  subjects: z.array(idLabelSchema).max(100).default([]),
  department_id: optionalIxcId,
  process_id: optionalIxcId,
  /** The IXC event a subscriber's message on a service order is registered with. */
  message_event_id: optionalIxcId,
  ixc_acs_issuer: optionalText(200),
  ixc_acs_private_key: optionalText(10_000),
  ixc_acs_url: optionalText(500),
  /** spec §9: how many days ahead the to-pay list looks. */
  invoice_window_days: z.coerce.number().int().min(1).max(120).default(15),
  /** Issue 15: how old the last known status may be for a sign-in while the ERP is down; 0: never. */
  offline_sign_in_days: z.coerce.number().int().min(0).max(30).default(7),
  /** Where card receipts are booked in IXC; card payment is offered only when all three are set. */
  settlement_filial_id: optionalIxcId,
  settlement_account_id: optionalIxcId,
  settlement_planning_id: optionalIxcId,
  cielo_merchant_id: optionalText(100),
  cielo_merchant_key: optionalText(200),
  cielo_api_url: optionalUrl,
  cielo_query_url: optionalUrl,
  show_contract_download: z.boolean().default(true),
  show_annual_statement: z.boolean().default(true),
  contract_print_model_id: optionalIxcId,
  legal_name: optionalText(200),
  cnpj: z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || isValidCnpj(v), messages.cnpjInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
};

/** The content partners of the value-added apps (spec §2.3, §7.6): an API URL and a write-only token each. */
export const appPartners = ['watch', 'playhub', 'oletv', 'tocalivros'] as const;
export type AppPartner = (typeof appPartners)[number];
export const appPartnerNames: Record<AppPartner, string> = {
  watch: 'Watch Brasil',
  playhub: 'Playhub',
  oletv: 'Olé TV',
  tocalivros: 'Tocalivros',
};

/**
 * Empty is none (null), but a field left out stays undefined: a form without any apps field (one sent by
 * a page older than them) keeps the stored apps settings instead of removing every partner and its token.
 */
const keptOrNone = <T extends z.ZodType<string, string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * The value-added apps (beyond the spec's form, which hard-codes them): each partner's API URL and token,
 * the cloud box's Nextcloud (URL, admin user, app password) and the quota of a contract's cloud-box group.
 * Tokens and the app password are write-only like the other secrets; a partner whose URL is emptied is
 * removed with its token.
 */
const appsFields = {
  /** spec §2.3/§9: the tenant shows the fixed streaming catalogue. */
  apps_static_catalogue: z.boolean().optional(),
  watch_url: keptOrNone(url),
  watch_token: optionalText(500),
  playhub_url: keptOrNone(url),
  playhub_token: optionalText(500),
  oletv_url: keptOrNone(url),
  oletv_token: optionalText(500),
  tocalivros_url: keptOrNone(url),
  tocalivros_token: optionalText(500),
  nextcloud_url: keptOrNone(url),
  nextcloud_user: keptOrNone(text(200)),
  nextcloud_app_password: optionalText(500),
  /** The most a contract's cloud-box group hands out, in GB; empty: no limit. */
  cloud_quota_gb: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number({ error: messages.cloudQuotaInvalid })
      .int(messages.cloudQuotaInvalid)
      .min(1, messages.cloudQuotaInvalid)
      .max(100_000, messages.cloudQuotaInvalid)
      .nullish(),
  ),
};
/** The apps fields that are not secrets: a form with none of them leaves the stored apps settings as they are. */
export const appsSettingFields = [
  'apps_static_catalogue',
  'watch_url',
  'playhub_url',
  'oletv_url',
  'tocalivros_url',
  'nextcloud_url',
  'nextcloud_user',
  'cloud_quota_gb',
] as const satisfies readonly (keyof typeof appsFields)[];
/** The apps' write-only secrets: never answered, an empty one keeps the stored one. */
export const appSecretFields = [
  'watch_token',
  'playhub_token',
  'oletv_token',
  'tocalivros_token',
  'nextcloud_app_password',
] as const satisfies readonly (keyof typeof appsFields)[];

type AppsForm = z.output<z.ZodObject<typeof appsFields>>;

/**
 * A token or app password needs its URL; the Nextcloud URL needs its user. `creating`: nothing is stored
 * yet, so a URL needs its token too (on edit the server checks that against the stored one).
 */
function appsIssues(t: AppsForm, creating: boolean): { path: keyof AppsForm; message: string }[] {
  const issues: { path: keyof AppsForm; message: string }[] = [];
  for (const partner of appPartners) {
    const url = t[`${partner}_url`];
    const token = t[`${partner}_token`];
    if (token && !url) issues.push({ path: `${partner}_url`, message: messages.appsUrlRequired });
    if (creating && url && !token)
      issues.push({ path: `${partner}_token`, message: messages.appsTokenRequired });
  }
  if ((t.nextcloud_user || t.nextcloud_app_password) && !t.nextcloud_url)
    issues.push({ path: 'nextcloud_url', message: messages.nextcloudUrlRequired });
  if (t.nextcloud_url && !t.nextcloud_user)
    issues.push({ path: 'nextcloud_user', message: messages.nextcloudUserRequired });
  if (creating && t.nextcloud_url && !t.nextcloud_app_password)
    issues.push({ path: 'nextcloud_app_password', message: messages.nextcloudPasswordRequired });
  return issues;
}

const appsRule =
  (creating: boolean) =>
  (t: AppsForm, ctx: z.RefinementCtx): void => {
    for (const { path, message } of appsIssues(t, creating))
      ctx.addIssue({ code: 'custom', path: [path], message });
  };

function acsRule(t: {
  ixc_acs_issuer: string | null;
  ixc_acs_private_key: string | null;
  ixc_acs_url: string | null;
}) {
  const values = [t.ixc_acs_issuer, t.ixc_acs_url];
  const dashes = [...values, t.ixc_acs_private_key].every((v) => v === '-');
  const empty = values.every((v) => v === null);
  const filled = values.every((v) => v !== null && v !== '-');
  return (
    dashes || (empty && (t.ixc_acs_private_key === null || t.ixc_acs_private_key === undefined)) || filled
  );
}

/** POST /api/admin/customer/create. */
export const tenantCreateBody = z
  .object({
    client_id: newClientIdSchema,
    ixc_access_token: required('o token do IXC', 500),
    ...tenantFields,
    ...appsFields,
  })
  .refine(acsRule, { message: messages.acsInvalid, path: ['ixc_acs_url'] })
  .superRefine(appsRule(true));
export type TenantCreateBody = z.input<typeof tenantCreateBody>;

/** PUT /api/admin/customer/{clientId}/edit: the whole form; an empty secret keeps the stored one. */
export const tenantEditBody = z
  .object({ ixc_access_token: optionalText(500), ...tenantFields, ...appsFields })
  .refine(acsRule, { message: messages.acsInvalid, path: ['ixc_acs_url'] })
  .superRefine(appsRule(false));
export type TenantEditBody = z.input<typeof tenantEditBody>;

/** GET /api/admin/customer/{clientId}: the form's values; secrets only say whether one is stored. */
export const tenantDetailsResponse = themeSchema
  // The theme's fields as stored (show_contract_download is the switch itself, cnpj digits), plus the
  // settings only staff see.
  .extend({
    suspended: z.boolean(),
    ixc_domain: z.string(),
    subjects: z.array(z.object({ id: z.string(), content: z.string() })),
    department_id: z.string().nullable(),
    process_id: z.string().nullable(),
    message_event_id: z.string().nullable(),
    ixc_acs_issuer: z.string().nullable(),
    ixc_acs_url: z.string().nullable(),
    invoice_window_days: z.number(),
    offline_sign_in_days: z.number(),
    settlement_filial_id: z.string().nullable(),
    settlement_account_id: z.string().nullable(),
    settlement_planning_id: z.string().nullable(),
    cielo_merchant_id: z.string().nullable(),
    cielo_api_url: z.string().nullable(),
    cielo_query_url: z.string().nullable(),
    contract_print_model_id: z.string().nullable(),
    apps_static_catalogue: z.boolean(),
    watch_url: z.string().nullable(),
    playhub_url: z.string().nullable(),
    oletv_url: z.string().nullable(),
    tocalivros_url: z.string().nullable(),
    nextcloud_url: z.string().nullable(),
    nextcloud_user: z.string().nullable(),
    cloud_quota_gb: z.number().int().nullable(),
    /** Which write-only secrets are stored (shown masked). */
    secrets: z.object({
      ixc_access_token: z.boolean(),
      ixc_acs_private_key: z.boolean(),
      cielo_merchant_key: z.boolean(),
      provider_password: z.boolean(),
      watch_token: z.boolean(),
      playhub_token: z.boolean(),
      oletv_token: z.boolean(),
      tocalivros_token: z.boolean(),
      nextcloud_app_password: z.boolean(),
    }),
  })
  .meta({ id: 'AdminTenant' });
export type TenantDetails = z.infer<typeof tenantDetailsResponse>;

/** GET /api/admin/customers?search=: the providers, suspended ones marked. */
export const tenantListQuery = z.object({ search: z.string().trim().max(100).optional() });
export const tenantListResponse = z
  .object({
    customers: z.array(
      z.object({
        client_id: z.string(),
        alias: z.string(),
        primary_color: z.string(),
        vertical_logo_url: z.string(),
        suspended: z.boolean(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'AdminTenantList' });
export type TenantList = z.infer<typeof tenantListResponse>;

/**
 * PATCH /api/admin/customer/{clientId}/suspend (spec §4: 'deleted' through suspend): no body suspends,
 * `suspended: false` reactivates.
 */
export const tenantSuspendBody = z.object({ suspended: z.boolean().default(true) }).nullish();

/** PUT /api/admin/customer/{clientId}/provider-password: the provider's own sign-in (/admin). */
export const providerPasswordBody = z.object({
  password: z
    .string()
    .min(8, 'Por favor informe uma senha com no mínimo 8 caracteres')
    .max(100, 'Por favor informe uma senha com no máximo 100 caracteres'),
});

/** A message for the admin: 'ok' answers of the back office. */
export const adminMessageResponse = z.object({ message: z.string() }).meta({ id: 'AdminMessage' });

/** The audit trail of a provider (beyond the spec): who changed what and when; secrets only 'alterado'. */
export const tenantAuditResponse = z
  .object({
    entries: z.array(
      z.object({
        at: z.string(),
        admin: z.string(),
        action: z.enum([
          'create',
          'edit',
          'suspend',
          'reactivate',
          'provider_password',
          'app_create',
          'app_edit',
          'app_remove',
        ]),
        fields: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'AdminTenantAudit' });
export type TenantAudit = z.infer<typeof tenantAuditResponse>;

/** POST /api/admin/customer/connection-check (beyond the spec): one harmless call with typed settings. */
export const connectionCheckBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('erp'),
    client_id: clientIdSchema.optional(),
    ixc_domain: required('o domínio do IXC', 500),
    ixc_access_token: optionalText(500),
  }),
  z.object({
    kind: z.literal('acs'),
    client_id: clientIdSchema.optional(),
    ixc_acs_url: required('a URL do ACS', 500),
    ixc_acs_issuer: required('o emissor do ACS', 200),
    ixc_acs_private_key: optionalText(10_000),
  }),
  z.object({
    kind: z.literal('card'),
    client_id: clientIdSchema.optional(),
    cielo_query_url: url,
    cielo_merchant_id: required('o Merchant ID', 100),
    cielo_merchant_key: optionalText(200),
  }),
]);
export type ConnectionCheckBody = z.input<typeof connectionCheckBody>;
export const connectionCheckResponse = z
  .object({ ok: z.boolean(), message: z.string() })
  .meta({ id: 'ConnectionCheck' });

/** GET /api/admin/provider/support/external-subject/{id}?client_id=, /product/{id}, /plan/{id}: 'id - content'. */
export const lookupParams = z.object({ id: ixcIdSchema });
export const lookupQuery = z.object({ client_id: clientIdSchema });
export const lookupResponse = z.object({ id: z.string(), content: z.string() }).meta({ id: 'AdminLookup' });

// Tenant apps (spec §3 Tenant app, §4 integration methods, §5 App form)

export * from '../apps/methods.ts';

const distinctIds = (list: IdLabel[]) => new Set(list.map((i) => i.id)).size === list.length;

export const tenantAppBody = z
  .object({
    name: required('um nome', 100),
    image: imageUrl,
    pending_text: required('um texto pendente', 2000),
    active_text: required('um texto ativo', 2000),
    app_store_link: optionalUrl,
    play_store_link: optionalUrl,
    activation_criteria: z.enum(activationCriteria, {
      error: 'Por favor, selecione um critério de ativação',
    }),
    integration_method: z.enum(integrationMethods, { error: 'Por favor, selecione um método de integração' }),
    product_ids: z.array(idLabelSchema).max(100).default([]),
    plan_ids: z.array(idLabelSchema).max(100).default([]),
    integration_method_product_ids: z.array(idLabelSchema).max(100).default([]),
  })
  .refine((a) => isMethodAllowed(a.integration_method, a.activation_criteria), {
    message: messages.appMethodNotAllowed,
    path: ['integration_method'],
  })
  .refine((a) => a.activation_criteria !== 'product_in_contract' || a.product_ids.length > 0, {
    message: 'Adicione ao menos um produto',
    path: ['product_ids'],
  })
  .refine((a) => a.activation_criteria !== 'plan_in_contract' || a.plan_ids.length > 0, {
    message: 'Adicione ao menos um plano',
    path: ['plan_ids'],
  })
  // spec §5: an id is added once.
  .refine((a) => distinctIds(a.product_ids), { message: messages.productDuplicate, path: ['product_ids'] })
  .refine((a) => distinctIds(a.plan_ids), { message: messages.planDuplicate, path: ['plan_ids'] })
  .refine((a) => distinctIds(a.integration_method_product_ids), {
    message: messages.productDuplicate,
    path: ['integration_method_product_ids'],
  });
export type TenantAppBody = z.input<typeof tenantAppBody>;

export const tenantAppSchema = z
  .object({
    id: z.string(),
    client_id: z.string(),
    name: z.string(),
    image: z.string(),
    pending_text: z.string(),
    active_text: z.string(),
    app_store_link: z.string().nullable(),
    play_store_link: z.string().nullable(),
    activation_criteria: z.enum(activationCriteria),
    integration_method: z.enum(integrationMethods),
    product_ids: z.array(z.object({ id: z.string(), content: z.string() })),
    plan_ids: z.array(z.object({ id: z.string(), content: z.string() })),
    integration_method_product_ids: z.array(z.object({ id: z.string(), content: z.string() })),
  })
  .meta({ id: 'AdminTenantApp' });
export type TenantApp = z.infer<typeof tenantAppSchema>;
export const tenantAppParams = z.object({
  clientId: clientIdSchema,
  appId: z.uuid(messages.appNotFound),
});
export const tenantAppListResponse = z
  .object({ apps: z.array(tenantAppSchema) })
  .meta({ id: 'AdminTenantAppList' });
/** The answer to creating or editing an app: the admin's message and the app as saved. */
export const tenantAppSavedResponse = z
  .object({ message: z.string(), app: tenantAppSchema })
  .meta({ id: 'AdminTenantAppSaved' });
