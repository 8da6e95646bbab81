import { z } from 'zod';

// Nextcloud's OCS provisioning API (admin manual, "User provisioning API"; apps/provisioning_api): v1
// endpoints under {base}/ocs/v1.php/cloud, HTTP Basic with an admin and one of its app passwords, the
// `OCS-APIRequest: true` header (without it a Basic-auth call fails Nextcloud's CSRF check with 412) and
// `?format=json`. v1 answers HTTP 200 for everything but a failed login (401); the outcome is
// `ocs.meta.statuscode`: 100 ok, 997 not logged in, 998 / 404 not found, 10x the call's own codes.

export type NextcloudErrorKind = 'timeout' | 'network' | 'auth' | 'http' | 'protocol' | 'not_found' | 'ocs';

/** Carries what Nextcloud said (statuscode and message), never the credentials or a password sent. */
export class NextcloudError extends Error {
  constructor(
    readonly kind: NextcloudErrorKind,
    message: string,
    readonly statuscode?: number,
    readonly ocsMessage?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'NextcloudError';
  }
}

export interface NextcloudClientOptions {
  /** The server's base URL, e.g. `https://cloud.provedor.com.br` or `http://127.0.0.1:4010/nextcloud/demo`. */
  baseUrl: string;
  user: string;
  appPassword: string;
  timeoutMs?: number;
}

export const BYTES_PER_GB = 1024 ** 3;

/** Whole GB (the portal's unit, spec §9) to the bytes Nextcloud is sent. */
export const gbToBytes = (gb: number) => gb * BYTES_PER_GB;

export interface CloudQuota {
  /** The user's limit in bytes; null when unlimited. */
  limitBytes: number | null;
  usedBytes: number;
  /** What is left; null when unlimited. */
  freeBytes: number | null;
  /** Percent of the limit in use (0 when unlimited). */
  relative: number;
}

export interface CloudUser {
  id: string;
  displayName: string;
  email: string | null;
  enabled: boolean;
  groups: string[];
  quota: CloudQuota;
}

export interface NewCloudUser {
  userId: string;
  password: string;
  displayName: string;
  email: string;
  groups: string[];
  quotaBytes: number;
}

/** The fields the portal edits (spec §7.6: name, e-mail, quota or password). */
export type CloudUserField = 'displayname' | 'email' | 'password' | 'quota';

const envelope = z.object({
  ocs: z.object({
    meta: z.looseObject({
      status: z.string(),
      statuscode: z.coerce.number().int(),
      message: z.string().nullish(),
    }),
    data: z.unknown(),
  }),
});

const groupsData = z.object({ groups: z.array(z.string()) });
const usersData = z.object({ users: z.array(z.string()) });
const createdData = z.object({ id: z.string() });

/** Nextcloud's FileInfo::SPACE_UNLIMITED; 'none' (and any negative number) is no limit too. */
const SPACE_UNLIMITED = -3;
const bytesOrUnlimited = z
  .union([z.number(), z.literal('none')])
  .transform((v) => (v === 'none' ? SPACE_UNLIMITED : v));

const userData = z.looseObject({
  id: z.string(),
  enabled: z.boolean().optional(),
  email: z.string().nullish(),
  displayname: z.string().nullish(),
  groups: z.array(z.string()).default([]),
  // a user whose files were never set up gets only {quota, used}
  quota: z
    .looseObject({
      quota: bytesOrUnlimited.optional(),
      used: z.number().default(0),
      free: z.number().optional(),
      relative: z.number().optional(),
    })
    .or(
      z
        .array(z.never())
        .transform(() => ({ quota: undefined, used: 0, free: undefined, relative: undefined })),
    ),
});

function toQuota(q: z.infer<typeof userData>['quota']): CloudQuota {
  const limit = q.quota === undefined || q.quota < 0 ? null : q.quota;
  const used = Math.max(0, q.used);
  return {
    limitBytes: limit,
    usedBytes: used,
    freeBytes:
      limit === null ? null : Math.max(0, q.free !== undefined && q.free >= 0 ? q.free : limit - used),
    relative: q.relative ?? (limit ? Math.round((used / limit) * 10000) / 100 : 0),
  };
}

function bytesValue(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0)
    throw new Error('a quota is a whole, positive number of bytes');
  return String(bytes);
}

export class NextcloudClient {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: NextcloudClientOptions) {
    this.base = `${opts.baseUrl.replace(/\/+$/, '')}/ocs/v1.php/cloud`;
    this.timeoutMs = opts.timeoutMs ?? 8000;
  }

  /** Whether a group with exactly this id exists (Nextcloud's search matches parts of ids too). */
  async findGroup(groupId: string): Promise<boolean> {
    const data = await this.call('GET', `/groups?search=${encodeURIComponent(groupId)}`);
    return this.parse(groupsData, data).groups.includes(groupId);
  }

  /** Creates the group; a group that already exists is an `ocs` error with statuscode 102. */
  async createGroup(groupId: string, displayName?: string): Promise<void> {
    const form = new URLSearchParams({ groupid: groupId });
    if (displayName) form.set('displayname', displayName);
    await this.call('POST', '/groups', form);
  }

  /** The ids of a group's users; an unknown group is a `not_found` error. */
  async groupUsers(groupId: string): Promise<string[]> {
    const data = await this.call('GET', `/groups/${encodeURIComponent(groupId)}`);
    return this.parse(usersData, data).users;
  }

  /** A user with its quota in bytes; an unknown user is a `not_found` error. */
  async getUser(userId: string): Promise<CloudUser> {
    const data = this.parse(userData, await this.call('GET', `/users/${encodeURIComponent(userId)}`));
    return {
      id: data.id,
      displayName: data.displayname || data.id,
      email: data.email || null,
      enabled: data.enabled ?? true,
      groups: data.groups,
      quota: toQuota(data.quota),
    };
  }

  /**
   * Creates a user in groups with a quota. Nextcloud's own failures are `ocs` errors: 102 the user exists,
   * 104 a group is missing, 107 the password policy (its hint in `ocsMessage`), 101 bad input.
   */
  async createUser(user: NewCloudUser): Promise<string> {
    const form = new URLSearchParams({
      userid: user.userId,
      password: user.password,
      displayName: user.displayName,
      email: user.email,
      quota: bytesValue(user.quotaBytes),
    });
    for (const group of user.groups) form.append('groups[]', group);
    const data = await this.call('POST', '/users', form);
    return this.parse(createdData, data).id;
  }

  /** Changes one field; `quota` is a number of bytes. */
  async editUser(userId: string, field: CloudUserField, value: string | number): Promise<void> {
    const text = field === 'quota' ? bytesValue(Number(value)) : String(value);
    await this.call(
      'PUT',
      `/users/${encodeURIComponent(userId)}`,
      new URLSearchParams({ key: field, value: text }),
    );
  }

  async deleteUser(userId: string): Promise<void> {
    await this.call('DELETE', `/users/${encodeURIComponent(userId)}`);
  }

  private parse<T>(schema: z.ZodType<T>, data: unknown): T {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new NextcloudError('protocol', 'unexpected data in the Nextcloud answer');
    return parsed.data;
  }

  /** The OCS `data` of a successful call; any other outcome throws a NextcloudError. */
  private async call(method: string, path: string, form?: URLSearchParams): Promise<unknown> {
    const url = `${this.base}${path}${path.includes('?') ? '&' : '?'}format=json`;
    const credentials = Buffer.from(`${this.opts.user}:${this.opts.appPassword}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Basic ${credentials}`,
          'OCS-APIRequest': 'true',
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new NextcloudError('timeout', 'Nextcloud timed out');
      throw new NextcloudError('network', 'Nextcloud is unreachable');
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = envelope.safeParse(json);
    if (response.status === 401 || parsed.data?.ocs.meta.statuscode === 997)
      throw new NextcloudError('auth', 'Nextcloud refused the credentials', 997, undefined, response.status);
    if (!response.ok && !parsed.success)
      throw new NextcloudError(
        'http',
        `Nextcloud answered HTTP ${response.status}`,
        undefined,
        undefined,
        response.status,
      );
    if (!parsed.success)
      throw new NextcloudError('protocol', 'Nextcloud answered something that is not OCS JSON');
    const { statuscode, message } = parsed.data.ocs.meta;
    if (statuscode === 100 || statuscode === 200) return parsed.data.ocs.data;
    const ocsMessage = message ?? '';
    const kind: NextcloudErrorKind = statuscode === 998 || statuscode === 404 ? 'not_found' : 'ocs';
    throw new NextcloudError(
      kind,
      `Nextcloud refused the call: ${statuscode}${ocsMessage ? ` ${ocsMessage}` : ''}`,
      statuscode,
      ocsMessage,
      response.status,
    );
  }
}
