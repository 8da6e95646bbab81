import {
  CLOUD_GROUP_ID_MAX,
  cloudQuotaSchema,
  cloudUserEmailSchema,
  cloudUserNameSchema,
  cloudUserPasswordSchema,
} from '../apps/cloud.ts';
import { asksEmail, contentAppPlatforms } from '../apps/details.ts';
import { integrationMethods } from '../apps/methods.ts';
import { isValidCpfOrCnpj } from '../cpf-cnpj.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import { contractIdSchema } from './subscription.ts';

// The subscriber's apps (spec §2.2 app routes, §2.3, §3 App, App details, Cloud-box user, TV-app check
// result, §7.2 GET /customer/apps, §7.6) under /api/central. Field names are the spec's.

/** A tenant app's id in a path or body: a uuid, anything else is an app that does not exist. */
export const customerAppIdSchema = z.uuid(messages.appNotFound);
/** A contract item (IXC `vd_contratos_produtos.id`), the cloud box's `cloudServiceId`. */
export const serviceIdSchema = z
  .string({ error: messages.appUnavailable })
  .trim()
  .regex(/^\d{1,12}$/, messages.appUnavailable);

/** GET /api/central/customer/app/{appId}/{contractId}[/{cloudServiceId}]/details (spec §7.6). */
export const appDetailsParams = z.object({
  appId: customerAppIdSchema,
  contractId: contractIdSchema,
  cloudServiceId: serviceIdSchema.optional(),
});

/** spec §3 App details. */
export const appDetailsResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    image: z.string(),
    pending_text: z.string(),
    active_text: z.string(),
    app_store_link: z.string().nullable(),
    play_store_link: z.string().nullable(),
    integration_method: z.enum(integrationMethods),
    /** The login the integration gave (login_sva, partners), when there is one. */
    integration: z.object({ login: z.string().nullable() }).nullable(),
    is_active: z.boolean(),
    is_online: z.boolean(),
    product_ids: z.array(z.string()),
    platform: z.object({ name: z.enum(contentAppPlatforms), login: z.string().nullable() }).nullable(),
    customer: z.object({
      full_name: z.string(),
      cpf_cnpj: z.string(),
      email: z.string().nullable(),
      phone_number: z.string().nullable(),
    }),
    /** The partner's subscriber record (IXC `tv_usuarios`): '0' and '0' is the open-invoice banner. */
    app: z.object({ status_assinante_watch: z.string(), online: z.string() }).nullable(),
    title: z.string(),
    description: z.string(),
    /** The cloud box's group id (derived on the server), for api_atp_box. */
    atp_box_group: z.string().nullable(),
    /** The tenant setting standing for spec §2.3's 'client id contains a marker word': the static catalogue view. */
    static_catalogue: z.boolean(),
    /** The contract's IXC product ids (its own items and its plan's), to narrow the static catalogue. */
    contract_product_ids: z.array(z.string()),
  })
  .meta({ id: 'AppDetails' });
export type AppDetails = z.infer<typeof appDetailsResponse>;

/** An e-mail, trimmed before the format check (`z.email().trim()` checks the untrimmed text). */
const email = z
  .string({ error: messages.emailInvalid })
  .trim()
  .max(200, messages.emailInvalid)
  .regex(z.regexes.email, messages.emailInvalid);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `menor que ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * POST /api/central/customer/create/content-app (spec §4 Activation, §7.6). `platform` ole_tv is taken
 * as oletv; watch, watchbr and oletv need an e-mail ('E-mail não informado.'). The server still reads the
 * method from the tenant app, not from the body.
 */
export const contentAppBody = z
  .object({
    contractId: contractIdSchema,
    customerAppId: customerAppIdSchema,
    /** The contract item of the app, when the page has one. */
    appId: serviceIdSchema.nullish().transform((v) => v ?? null),
    platform: z
      .union([z.enum(contentAppPlatforms), z.literal('ole_tv').transform(() => 'oletv' as const)])
      .nullish()
      .transform((v) => v ?? null),
    customerName: optionalText(200),
    customerEmail: z
      .union([z.literal(''), cloudUserEmailSchema])
      .nullish()
      .transform((v) => (v ? v : null)),
    appPassword: optionalText(100),
  })
  .refine((b) => !asksEmail(b.platform) || b.customerEmail !== null, {
    message: messages.appEmailMissing,
    path: ['customerEmail'],
  });
export type ContentAppBody = z.input<typeof contentAppBody>;

/** The activation's answer; `login` only for login_sva, shown once (spec §8: messages shown as is). */
export const contentAppResponse = z
  .object({
    message: z.string(),
    active: z.boolean(),
    login: z.object({ login: z.string(), password: z.string() }).nullable(),
  })
  .meta({ id: 'ContentAppActivation' });
export type ContentAppResponse = z.infer<typeof contentAppResponse>;

// Book app (Toca Livros, integration method api_toca_livros)

/** GET /api/central/customer/app/tocalivros: 204 when already active; else the form's starting values. */
export const tocaLivrosQuery = z.object({ contract_id: contractIdSchema });
export const tocaLivrosPrefillResponse = z
  .object({
    name: z.string(),
    email: z.string().nullable(),
    cpf_cnpj: z.string(),
    ddd: z.string().nullable(),
    telefone: z.string().nullable(),
    internal_id: z.string(),
    contract_id: z.string(),
  })
  .meta({ id: 'TocaLivrosPrefill' });
export type TocaLivrosPrefill = z.infer<typeof tocaLivrosPrefillResponse>;

/** POST /api/central/customer/app/tocalivros (spec §7.6). */
export const tocaLivrosBody = z.object({
  name: z
    .string({ error: messages.cloudUserNameRequired })
    .trim()
    .min(1, messages.cloudUserNameRequired)
    .max(200, 'menor que 200 caracteres'),
  user: z
    .string({ error: 'Por favor, informe um usuário' })
    .trim()
    .min(1, 'Por favor, informe um usuário')
    .max(100, 'menor que 100 caracteres'),
  password: z
    .string({ error: messages.passwordRequired })
    .min(6, messages.passwordMin)
    .max(30, messages.passwordMax),
  email: email,
  cpf_cnpj: z
    .string({ error: messages.cpfCnpjRequired })
    .trim()
    .refine(isValidCpfOrCnpj, messages.cpfCnpjInvalid)
    .transform((v) => v.replace(/\D/g, '')),
  ddd: z
    .string({ error: messages.phoneInvalid })
    .trim()
    .regex(/^[1-9]\d$/, messages.phoneInvalid),
  telefone: z
    .string({ error: messages.phoneInvalid })
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => /^\d{8,9}$/.test(v), messages.phoneInvalid),
  /** The customer's id in the ERP. */
  internal_id: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, messages.invalidRequest),
  contract_id: contractIdSchema,
});
export type TocaLivrosBody = z.input<typeof tocaLivrosBody>;

// TV app (Olé TV, integration method ole_tv)

/** GET /api/central/atplus/oletv/check[?search=1]. */
export const oleTvCheckQuery = z.object({ search: z.enum(['0', '1']).optional() });
/** spec §3 TV-app check result. */
export const oleTvCheckResponse = z
  .object({
    hasOletv: z.boolean(),
    customerEmail: z.string().nullable(),
    contractId: z.string().nullable(),
    /** How many Olé TV subscriptions the customer has. */
    oletvAmount: z.number().int(),
  })
  .meta({ id: 'OleTvCheck' });
export type OleTvCheck = z.infer<typeof oleTvCheckResponse>;
/** POST /api/central/atplus/oletv/active. */
export const oleTvActivateBody = z.object({ contractId: contractIdSchema });
/** POST /api/central/atplus/oletv/recovery-password (spec §7.6). */
export const oleTvRecoveryBody = z.object({
  email: email,
  contractId: contractIdSchema,
});
export type OleTvRecoveryBody = z.input<typeof oleTvRecoveryBody>;

// Cloud box (integration method api_atp_box): spec §3 Cloud-box user, §7.6 Cloud

/** A group id as `cloudGroupId` builds it; the server derives it again and never trusts this one. */
export const cloudGroupIdSchema = z
  .string({ error: messages.cloudLoadFailed })
  .max(CLOUD_GROUP_ID_MAX, messages.cloudLoadFailed)
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*-)?\d+-\d+$/, messages.cloudLoadFailed);
export const cloudGroupParams = z.object({ groupId: cloudGroupIdSchema });
/** A Nextcloud user id (letters, digits and _.@-' and spaces, up to 64). */
export const cloudUserIdSchema = z
  .string({ error: messages.cloudUserGetFailed })
  .trim()
  .min(1, messages.cloudUserGetFailed)
  .max(64, messages.cloudUserGetFailed)
  .regex(/^[A-Za-z0-9_.@\-' ]+$/, messages.cloudUserGetFailed);
export const cloudUserParams = z.object({ id: cloudUserIdSchema });

export const cloudGroupSchema = z
  .object({
    id: z.string(),
    contractId: z.string(),
    /** The group's total quota limit in bytes; null when none. */
    quota_limit: z.number().nullable(),
    /** The sum of its users' quotas, in bytes. */
    quota_allocated: z.number(),
  })
  .meta({ id: 'CloudGroup' });
export type CloudGroup = z.infer<typeof cloudGroupSchema>;
/** GET /api/central/customer/find/cloud-group/{groupId}; 404 when it does not exist yet. */
export const cloudGroupResponse = z.object({ group: cloudGroupSchema }).meta({ id: 'CloudGroupFound' });

/**
 * POST /api/central/customer/create/cloud-group. The spec also sends customerCpfOrCnpj and customerName;
 * the server takes them from the ERP (the id is derived there), so the body names only the contract.
 */
export const cloudGroupCreateBody = z.object({
  contractId: contractIdSchema,
  cloudServiceId: serviceIdSchema.optional(),
});

/** spec §3 Cloud-box user as listed: quota used and total in bytes (shown in base 1024). */
export const cloudUserSchema = z
  .object({
    id: z.string(),
    displayname: z.string(),
    email: z.string().nullable(),
    quota: z.object({ used: z.number(), total: z.number() }),
  })
  .meta({ id: 'CloudUser' });
export type CloudUser = z.infer<typeof cloudUserSchema>;
/** GET /api/central/customer/list/cloud-group-users/{groupId}. */
export const cloudUserListResponse = z
  .object({ group: cloudGroupSchema, users: z.array(cloudUserSchema) })
  .meta({ id: 'CloudUserList' });
export type CloudUserList = z.infer<typeof cloudUserListResponse>;

/** POST /api/central/customer/create/cloud-user (spec §7.6): quota in GB. */
export const cloudUserCreateBody = z.object({
  /** The contract item of the box when the app came by product; the contract alone names the group. */
  cloudServiceId: serviceIdSchema.optional(),
  contractId: contractIdSchema,
  displayName: cloudUserNameSchema,
  email: cloudUserEmailSchema,
  password: cloudUserPasswordSchema,
  quota: cloudQuotaSchema,
  quotaUnitType: z.literal('GB').default('GB'),
  /** The login; the server makes one from the e-mail when absent. */
  userId: cloudUserIdSchema.optional(),
});
export type CloudUserCreateBody = z.input<typeof cloudUserCreateBody>;

const cloudUserTarget = {
  userId: cloudUserIdSchema,
  contractId: contractIdSchema,
  cloudServiceId: serviceIdSchema.optional(),
};
/** PUT /api/central/customer/edit/cloud-user: one field per call (spec §4 Cloud app). */
export const cloudUserEditBody = z.discriminatedUnion('key', [
  z.object({ ...cloudUserTarget, key: z.literal('name'), value: cloudUserNameSchema }),
  z.object({ ...cloudUserTarget, key: z.literal('email'), value: cloudUserEmailSchema }),
  z.object({ ...cloudUserTarget, key: z.literal('quota'), value: cloudQuotaSchema }),
  z.object({ ...cloudUserTarget, key: z.literal('password'), value: cloudUserPasswordSchema }),
]);
export type CloudUserEditBody = z.input<typeof cloudUserEditBody>;

/** DELETE /api/central/customer/delete/cloud-user/{id}?contractId=: the contract names the group. */
export const cloudUserDeleteQuery = z.object({ contractId: contractIdSchema });

export const cloudUserSavedResponse = z
  .object({ message: z.string(), user: cloudUserSchema })
  .meta({ id: 'CloudUserSaved' });
export const appMessageResponse = z.object({ message: z.string() }).meta({ id: 'AppMessage' });
