import { onlyDigits } from '../cpf-cnpj.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';

// The cloud box (integration method api_atp_box, a Nextcloud group per contract): spec §3 Cloud-box user,
// §4 Cloud app, §5 Cloud user, §8 Cloud box, §9 quota.

/** Nextcloud keeps group ids in a 64-character column (`oc_groups.gid`). */
export const CLOUD_GROUP_ID_MAX = 64;
const CLOUD_GROUP_NAME_MAX = 30;

/**
 * spec §3: the group id is built from the customer's name, the digits of the CPF/CNPJ and the contract
 * id. The spec gives no separator or case, so: `{name slug}-{digits}-{contract id}`, the slug being the
 * name without accents, lower case, every run of other characters a '-', cut to 30 characters (the
 * digits and the contract id make it unique, and the whole stays within Nextcloud's 64); a name with no
 * letter or digit leaves `{digits}-{contract id}`.
 * 'José da Conceição', '529.982.247-25', '101' → 'jose-da-conceicao-52998224725-101'.
 * Throws on a document that is neither a CPF (11 digits) nor a CNPJ (14) and on a contract id that is
 * not digits: the id must never be built from anything else.
 */
export function cloudGroupId(customerName: string, cpfOrCnpj: string, contractId: string): string {
  const digits = onlyDigits(cpfOrCnpj);
  if (digits.length !== 11 && digits.length !== 14) throw new Error('a CPF has 11 digits and a CNPJ 14');
  if (!/^\d{1,18}$/.test(contractId)) throw new Error('a contract id is made of digits');
  const slug = customerName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, CLOUD_GROUP_NAME_MAX)
    .replace(/^-+|-+$/g, '');
  return [slug, digits, contractId].filter((part) => part !== '').join('-');
}

/** spec §9: quota in GB, shown in base 1024, so a GB is 1024³ bytes. */
export const GB_BYTES = 1024 ** 3;
export const CLOUD_PASSWORD_MIN = 10;
export const CLOUD_PASSWORD_MAX = 30;
export const CLOUD_QUOTA_MIN_GB = 1;

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
// Made on first use: a number format loads the locale's data, which the home's first paint need not wait for.
let upTo2: Intl.NumberFormat | undefined;

/** spec §9: bytes in base 1024 with up to 2 decimals: 1610612736 → '1,5 GB', 1000 → '1.000 B'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), byteUnits.length - 1);
  // 1 048 575 bytes is 1023,999 KB, which would round to '1.024 KB': show '1 MB'.
  if (unit < byteUnits.length - 1 && Math.round((bytes / 1024 ** unit) * 100) / 100 >= 1024) unit++;
  upTo2 ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
  return `${upTo2.format(bytes / 1024 ** unit)} ${byteUnits[unit]}`;
}

/**
 * What the group may still hand out, in whole GB: its limit less the quotas of its users (but the one
 * being edited). Null when the group has no limit.
 */
export function cloudQuotaAvailableGb(
  group: { limitBytes: number | null; users: readonly { id: string; quotaBytes: number }[] },
  exceptUserId?: string,
): number | null {
  if (group.limitBytes === null) return null;
  const allocated = group.users
    .filter((u) => u.id !== exceptUserId)
    .reduce((sum, u) => sum + Math.max(0, u.quotaBytes), 0);
  return Math.max(0, Math.floor((group.limitBytes - allocated) / GB_BYTES));
}

/** spec §5 Cloud user. Names follow the form (the create body calls the name `displayName`). */
export const cloudUserNameSchema = z
  .string({ error: messages.cloudUserNameRequired })
  .trim()
  .min(1, messages.cloudUserNameRequired)
  .max(64, 'menor que 64 caracteres');
/** Trimmed before the format check (`z.email().trim()` checks the untrimmed text). */
export const cloudUserEmailSchema = z
  .string({ error: messages.cloudUserEmailInvalid })
  .trim()
  .max(200, messages.cloudUserEmailInvalid)
  .regex(z.regexes.email, messages.cloudUserEmailInvalid);
export const cloudUserPasswordSchema = z
  .string({ error: messages.cloudUserPasswordRequired })
  .min(1, { error: messages.cloudUserPasswordRequired, abort: true })
  .min(CLOUD_PASSWORD_MIN, messages.cloudUserPasswordLength)
  .max(CLOUD_PASSWORD_MAX, messages.cloudUserPasswordLength);
/** A quota in whole GB, at least 1. Forms send text, so it is coerced. */
export const cloudQuotaSchema = z.coerce
  .number({ error: messages.cloudQuotaInteger })
  .int(messages.cloudQuotaInteger)
  .min(CLOUD_QUOTA_MIN_GB, messages.cloudQuotaMinForm)
  .max(1024 * 1024, messages.cloudQuotaExceeded);

/**
 * The add and edit forms (spec §2.2 /user and /user/edit). On edit the password may stay empty (unchanged,
 * shown as a masked placeholder). `availableGb` (from `cloudQuotaAvailableGb`) enforces the group's total
 * quota limit with 'Quota excede o limite'; null when the group has none.
 */
export function cloudUserFormSchema(options: { mode: 'create' | 'edit'; availableGb: number | null }) {
  const password =
    options.mode === 'create'
      ? cloudUserPasswordSchema
      : z.union([z.literal(''), cloudUserPasswordSchema]).default('');
  return z.object({
    name: cloudUserNameSchema,
    email: cloudUserEmailSchema,
    password,
    quota: cloudQuotaSchema.refine(
      (gb) => options.availableGb === null || gb <= options.availableGb,
      messages.cloudQuotaExceeded,
    ),
  });
}
export type CloudUserForm = z.output<ReturnType<typeof cloudUserFormSchema>>;

/** spec §7.6 PUT /customer/edit/cloud-user: the fields an edit sends, one call each. */
export const cloudUserEditKeys = ['name', 'email', 'quota', 'password'] as const;
export type CloudUserEditKey = (typeof cloudUserEditKeys)[number];
export type CloudUserEdit =
  | { key: 'name'; value: string }
  | { key: 'email'; value: string }
  | { key: 'quota'; value: number }
  | { key: 'password'; value: string };

export interface CloudUserValues {
  name: string;
  email: string;
  /** GB. */
  quota: number;
}

/**
 * spec §4 Cloud app: an edit saves the fields one at a time. The calls to make, in the form's order:
 * the changed fields, and the password only when one was typed.
 */
export function cloudUserEdits(previous: CloudUserValues, next: CloudUserValues & { password?: string }) {
  const edits: CloudUserEdit[] = [];
  if (next.name !== previous.name) edits.push({ key: 'name', value: next.name });
  if (next.email !== previous.email) edits.push({ key: 'email', value: next.email });
  if (next.quota !== previous.quota) edits.push({ key: 'quota', value: next.quota });
  if (next.password) edits.push({ key: 'password', value: next.password });
  return edits;
}

/**
 * spec §4 Cloud app: on any failure the previous values are restored. The calls that undo the edits
 * already applied, last first. A password cannot be put back (the old one is never known), so it is
 * left as set.
 */
export function cloudUserRestores(applied: readonly CloudUserEdit[], previous: CloudUserValues) {
  const restores: CloudUserEdit[] = [];
  for (const edit of [...applied].reverse()) {
    if (edit.key === 'name') restores.push({ key: 'name', value: previous.name });
    else if (edit.key === 'email') restores.push({ key: 'email', value: previous.email });
    else if (edit.key === 'quota') restores.push({ key: 'quota', value: previous.quota });
  }
  return restores;
}

/** spec §8 Cloud box: the server's answers to a user edit, each to its message. */
export const cloudAnswerTexts: Readonly<Record<string, string>> = {
  'invalid email': messages.cloudUserEmailInvalid,
  'password not provided': messages.cloudUserPasswordRequired,
  'password must be >= 10 and <= 30': messages.cloudUserPasswordLength,
  'quota must be >= 1': messages.cloudQuotaMin,
  'quota limit exceeded': messages.cloudQuotaExceeded,
};

/**
 * A comma-separated answer ('invalid email, quota limit exceeded') → its messages, each once, in order;
 * parts not in the catalogue are dropped, and an answer with none known gives `fallback`
 * ('Falha ao atualizar usuário').
 */
export function cloudAnswerMessages(
  answer: string | null | undefined,
  fallback: string = messages.cloudUserUpdateFailed,
): string[] {
  const known = (answer ?? '')
    .split(',')
    .map((part) => cloudAnswerTexts[part.trim().toLowerCase()])
    .filter((m): m is string => m !== undefined);
  return known.length ? [...new Set(known)] : [fallback];
}
