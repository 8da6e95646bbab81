import { isValidCnpj } from '@central/domain';
import { z } from 'zod';

const ixcId = z.string().regex(/^[1-9]\d{0,9}$/);

/**
 * Where card receipts are booked in the provider's IXC (`fn_areceber_recebimentos_baixas_novo`): the
 * branch (`filial_id`), the cash or bank account (`conta_`, table `contas`) and the analytic planning
 * account (`id_conta`, table `planejamento_analitico`). Each installation has its own; card payment is
 * offered only once they are set.
 */
export const settlementAccounts = z.object({ filialId: ixcId, accountId: ixcId, planningId: ixcId });

/** The provider's IXC webservice: `erp.provider.com.br` or a full base URL; its token is the secret. */
export const erpSettings = z.object({
  domain: z.string().min(1),
  settlement: settlementAccounts.nullable().default(null),
});
export type ErpSettings = z.infer<typeof erpSettings>;

/** The provider's GenieACS NBI (spec §3 ACS record); its private key is the secret. */
export const acsSettings = z.object({ url: z.string().min(1), issuer: z.string().min(1) });
export type AcsSettings = z.infer<typeof acsSettings>;

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * The card gateway (Cielo API 3.0). Sales go to `apiUrl` (api.cieloecommerce…), queries to `queryUrl`
 * (apiquery.cieloecommerce…): two hosts, both required and never one standing in for the other. The
 * merchant key is the secret.
 */
export const cardSettings = z.object({
  gateway: z.literal('cielo'),
  merchantId: z.string().min(1),
  apiUrl: z.string().min(1),
  queryUrl: z.string().min(1),
});

/** What a provider's card settings must be to be saved: two http(s) URLs, the query host its own. */
export const cardSettingsInput = cardSettings
  .extend({ apiUrl: httpUrl, queryUrl: httpUrl })
  .refine((s) => s.apiUrl.replace(/\/+$/, '') !== s.queryUrl.replace(/\/+$/, ''), {
    message: 'queryUrl must be the query host, not the transactional one',
    path: ['queryUrl'],
  });
export type CardSettings = z.infer<typeof cardSettings>;

/** How subscribers ask for help (spec §3 Tenant: support_type, subjects, department and process). */
export const supportSettings = z.object({
  supportType: z.enum(['os', 'customer_service']).default('os'),
  subjects: z.array(z.object({ id: z.string(), content: z.string() })).default([]),
  departmentId: z.string().nullable().default(null),
  processId: z.string().nullable().default(null),
  /** spec §2.5: 'Solicitar Atendimento' opens the provider's WhatsApp chat instead of the request form. */
  chat: z.boolean().default(false),
  /**
   * The IXC event (`su_oss_evento`) a subscriber's message on a service order is registered with: IXC
   * requires one and each installation numbers its own. Null: event 1.
   */
  messageEventId: z.string().regex(/^\d+$/).nullable().default(null),
});
export type SupportSettings = z.infer<typeof supportSettings>;

export const defaultSupportSettings: SupportSettings = supportSettings.parse({});

/**
 * The contracts area (spec §6, per provider instead of the spec's hard-coded client id): whether the
 * contract download and the annual debt-settlement statement are offered, the ERP's contract print
 * model (`cliente_contrato_imprimir_contrato_<n>`; without it there is no download), and the provider's
 * legal name and CNPJ that the statement and the terms page state.
 */
export const contractSettings = z.object({
  showContractDownload: z.boolean().default(true),
  showAnnualStatement: z.boolean().default(true),
  contractPrintModelId: ixcId.nullable().default(null),
  legalName: z.string().trim().min(1).max(200).nullable().default(null),
  /** Digits only. */
  cnpj: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .refine(isValidCnpj, 'CNPJ inválido')
    .nullable()
    .default(null),
});
export type ContractSettings = z.infer<typeof contractSettings>;

export const defaultContractSettings: ContractSettings = contractSettings.parse({});

/** The content partners a provider may have a contract with (spec §2.3, §7.6), one adapter each. */
export const partnerNames = ['watch', 'playhub', 'oletv', 'tocalivros'] as const;
export type PartnerName = (typeof partnerNames)[number];
/** The secrets of the apps group: each partner's token and the cloud box's Nextcloud app password. */
export const appSecretNames = [...partnerNames, 'nextcloud'] as const;
export type AppSecretName = (typeof appSecretNames)[number];

const partnerUrl = z.object({ url: z.string().min(1) });

/**
 * Value-added apps (spec §2.3, §7.6): each content partner's API base URL (its token is a secret), the
 * cloud box's Nextcloud (URL and admin user; the app password is a secret) and the total quota of a
 * contract's cloud-box group, and `staticCatalogue`, which replaces the spec's "client id contains a
 * marker word" for the tenant that shows a fixed streaming catalogue.
 */
export const appsSettings = z.object({
  staticCatalogue: z.boolean().default(false),
  watch: partnerUrl.nullable().default(null),
  playhub: partnerUrl.nullable().default(null),
  oletv: partnerUrl.nullable().default(null),
  tocalivros: partnerUrl.nullable().default(null),
  nextcloud: z
    .object({ url: z.string().min(1), user: z.string().min(1) })
    .nullable()
    .default(null),
  /** The most a contract's cloud-box group hands out to its users, in GB; null: no limit. */
  cloudQuotaGb: z.number().int().min(1).nullable().default(null),
});
export type AppsSettings = z.infer<typeof appsSettings>;
export const defaultAppsSettings: AppsSettings = appsSettings.parse({});
/** The apps group's secrets, sealed together as one JSON object. */
export const appSecrets = z.partialRecord(z.enum(appSecretNames), z.string().min(1));
export type AppSecrets = z.infer<typeof appSecrets>;
