import type { IdLabel, supportTypes, TenantDetails } from '@central/domain';

/** The tenant form as typed: every text is a string (empty for none), as the inputs hold it. */
export type TenantFormValues = {
  client_id: string;
  alias: string;
  vertical_logo_url: string;
  horizontal_logo_url: string;
  favicon_url: string;
  app_logo_url: string;
  primary_color: string;
  secondary_color: string;
  address: string;
  whatsapp_number: string;
  phone_number: string;
  contact_email: string;
  faq_url: string;
  ixc_domain: string;
  ixc_access_token: string;
  invoice_window_days: string;
  offline_sign_in_days: string;
  settlement_filial_id: string;
  settlement_account_id: string;
  settlement_planning_id: string;
  cielo_merchant_id: string;
  cielo_merchant_key: string;
  cielo_api_url: string;
  cielo_query_url: string;
  show_contract_download: boolean;
  show_annual_statement: boolean;
  contract_print_model_id: string;
  legal_name: string;
  cnpj: string;
  ixc_acs_url: string;
  ixc_acs_issuer: string;
  ixc_acs_private_key: string;
  support_type: (typeof supportTypes)[number];
  support_chat: boolean;
  subjects: IdLabel[];
  department_id: string;
  process_id: string;
  message_event_id: string;
  apps_static_catalogue: boolean;
  watch_url: string;
  watch_token: string;
  playhub_url: string;
  playhub_token: string;
  oletv_url: string;
  oletv_token: string;
  tocalivros_url: string;
  tocalivros_token: string;
  nextcloud_url: string;
  nextcloud_user: string;
  nextcloud_app_password: string;
  cloud_quota_gb: string;
};
export type TenantField = keyof TenantFormValues;

/** The write-only secrets: never read back, empty keeps the stored one on edit. */
export const secretFields = [
  'ixc_access_token',
  'cielo_merchant_key',
  'ixc_acs_private_key',
  'watch_token',
  'playhub_token',
  'oletv_token',
  'tocalivros_token',
  'nextcloud_app_password',
] as const;

/** The fields in the order they are shown, tab by tab: the first failing one is shown and focused. */
export const mainFields: TenantField[] = [
  'client_id',
  'alias',
  'vertical_logo_url',
  'horizontal_logo_url',
  'favicon_url',
  'app_logo_url',
  'primary_color',
  'secondary_color',
  'address',
  'whatsapp_number',
  'phone_number',
  'contact_email',
  'faq_url',
  'ixc_domain',
  'ixc_access_token',
  'invoice_window_days',
  'offline_sign_in_days',
  'show_contract_download',
  'show_annual_statement',
  'contract_print_model_id',
  'legal_name',
  'cnpj',
  'settlement_filial_id',
  'settlement_account_id',
  'settlement_planning_id',
  'cielo_merchant_id',
  'cielo_merchant_key',
  'cielo_api_url',
  'cielo_query_url',
  'ixc_acs_url',
  'ixc_acs_issuer',
  'ixc_acs_private_key',
];
export const supportFields: TenantField[] = [
  'support_type',
  'support_chat',
  'subjects',
  'department_id',
  'process_id',
  'message_event_id',
];
/** The value-added apps' settings, on the Aplicativos tab above the apps (editing only). */
export const appsFields: TenantField[] = [
  'apps_static_catalogue',
  'watch_url',
  'watch_token',
  'playhub_url',
  'playhub_token',
  'oletv_url',
  'oletv_token',
  'tocalivros_url',
  'tocalivros_token',
  'nextcloud_url',
  'nextcloud_user',
  'nextcloud_app_password',
  'cloud_quota_gb',
];
const allFields = new Set<string>([...mainFields, ...supportFields, ...appsFields]);
export const isTenantField = (name: string): name is TenantField => allFields.has(name);

export type TenantTab = 'principal' | 'suporte' | 'aplicativos';
export const tabOf = (field: TenantField): TenantTab =>
  supportFields.includes(field) ? 'suporte' : appsFields.includes(field) ? 'aplicativos' : 'principal';

/** The first field with an error, in the order of the form. */
export function firstInvalid(errors: Partial<Record<string, unknown>>): TenantField | undefined {
  return [...mainFields, ...supportFields, ...appsFields].find((field) => errors[field]);
}

const text = (value: string | null | undefined) => value ?? '';

/** A new provider's blank form, or a stored one's values (secrets blank: write-only). */
export function tenantFormDefaults(tenant?: TenantDetails): TenantFormValues {
  return {
    client_id: text(tenant?.client_id),
    alias: text(tenant?.alias),
    vertical_logo_url: text(tenant?.vertical_logo_url),
    horizontal_logo_url: text(tenant?.horizontal_logo_url),
    favicon_url: text(tenant?.favicon_url),
    app_logo_url: text(tenant?.app_logo_url),
    primary_color: text(tenant?.primary_color),
    secondary_color: text(tenant?.secondary_color),
    address: text(tenant?.address),
    whatsapp_number: text(tenant?.whatsapp_number),
    phone_number: text(tenant?.phone_number),
    contact_email: text(tenant?.contact_email),
    faq_url: text(tenant?.faq_url),
    ixc_domain: text(tenant?.ixc_domain),
    ixc_access_token: '',
    invoice_window_days: String(tenant?.invoice_window_days ?? 15),
    offline_sign_in_days: String(tenant?.offline_sign_in_days ?? 7),
    settlement_filial_id: text(tenant?.settlement_filial_id),
    settlement_account_id: text(tenant?.settlement_account_id),
    settlement_planning_id: text(tenant?.settlement_planning_id),
    cielo_merchant_id: text(tenant?.cielo_merchant_id),
    cielo_merchant_key: '',
    cielo_api_url: text(tenant?.cielo_api_url),
    cielo_query_url: text(tenant?.cielo_query_url),
    show_contract_download: tenant?.show_contract_download ?? true,
    show_annual_statement: tenant?.show_annual_statement ?? true,
    contract_print_model_id: text(tenant?.contract_print_model_id),
    legal_name: text(tenant?.legal_name),
    cnpj: text(tenant?.cnpj),
    ixc_acs_url: text(tenant?.ixc_acs_url),
    ixc_acs_issuer: text(tenant?.ixc_acs_issuer),
    ixc_acs_private_key: '',
    support_type: tenant?.support_type ?? 'os',
    support_chat: tenant?.support_chat ?? false,
    subjects: tenant?.subjects ?? [],
    department_id: text(tenant?.department_id),
    process_id: text(tenant?.process_id),
    message_event_id: text(tenant?.message_event_id),
    apps_static_catalogue: tenant?.apps_static_catalogue ?? false,
    watch_url: text(tenant?.watch_url),
    watch_token: '',
    playhub_url: text(tenant?.playhub_url),
    playhub_token: '',
    oletv_url: text(tenant?.oletv_url),
    oletv_token: '',
    tocalivros_url: text(tenant?.tocalivros_url),
    tocalivros_token: '',
    nextcloud_url: text(tenant?.nextcloud_url),
    nextcloud_user: text(tenant?.nextcloud_user),
    nextcloud_app_password: '',
    cloud_quota_gb: tenant?.cloud_quota_gb ? String(tenant.cloud_quota_gb) : '',
  };
}
