// The state of each simulated Nextcloud and the provisioning API's rules (apps/provisioning_api
// GroupsController / UsersController / AUserData, Nextcloud 30): each rule throws the OcsError the real
// controller throws, with its statuscode and message.

import { randomBytes } from 'node:crypto';
import { DEMO_NEXTCLOUD, demoSeed, type SeedUser } from './seed.ts';
import { computerFileSize, humanFileSize, isNumeric, SPACE_UNLIMITED } from './sizes.ts';

/** OCSController::RESPOND_* */
export const RESPOND_UNAUTHORISED = 997;
export const RESPOND_NOT_FOUND = 998;

export class OcsError extends Error {
  constructor(
    readonly statuscode: number,
    message = '',
  ) {
    super(message);
  }
}

/** password_policy's defaults: 10 characters, not one of the common passwords (HintException, 107). */
const MIN_PASSWORD_LENGTH = 10;
const COMMON_PASSWORDS = new Set(['1234567890', 'password123', 'qwertyuiop', '0123456789', 'senha12345']);
/** IUserManager::MAX_PASSWORD_LENGTH */
const MAX_PASSWORD_LENGTH = 469;

export interface SimUser extends SeedUser {
  enabled: boolean;
  firstLogin: number;
}

export interface Fault {
  mode: 'http500' | 'timeout';
  /** calls left; undefined = every call */
  count?: number;
}

/** PHP's FILTER_VALIDATE_EMAIL, near enough. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** OC\User\Manager::validateUserId */
function validateUserId(uid: string): void {
  if (uid.trim() === '') throw new OcsError(101, 'A valid username must be provided');
  if (uid.trim() !== uid)
    throw new OcsError(101, 'Username contains whitespace at the beginning or at the end');
  if (/^\.+$/.test(uid)) throw new OcsError(101, 'Username must not consist of dots only');
  if (!/^[a-zA-Z0-9 _.@\-']+$/.test(uid))
    throw new OcsError(
      101,
      'Only the following characters are allowed in a username: "a-z", "A-Z", "0-9", spaces and "_.@-\'"',
    );
  if (uid.length > 64) throw new OcsError(101, 'Username is too long');
}

/** The password_policy app: a HintException, answered 107 with its hint. */
function checkPasswordPolicy(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new OcsError(107, `Password needs to be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    throw new OcsError(107, 'Password is among the 1,000,000 most common ones. Please make it unique.');
}

/** User::getQuota() in bytes: 'none', 'default' (no default quota set) and unreadable text are unlimited. */
export function quotaBytes(stored: string): number {
  if (stored === 'none' || stored === 'default') return SPACE_UNLIMITED;
  const bytes = computerFileSize(stored);
  return bytes === false ? SPACE_UNLIMITED : bytes;
}

export class NextcloudInstance {
  groups = new Map<string, { displayname: string }>();
  users = new Map<string, SimUser>();
  fault: Fault | null = null;

  constructor(
    readonly name: string,
    readonly adminUser: string,
    readonly appPassword: string,
    private readonly now: () => number,
  ) {
    this.reset();
  }

  reset(): void {
    const seed = demoSeed(this.now());
    this.groups = new Map(seed.groups.map((g) => [g.id, { displayname: g.displayname }]));
    this.users = new Map(
      seed.users.map((u) => [u.id, { ...u, groups: [...u.groups], enabled: true, firstLogin: u.lastLogin }]),
    );
    this.fault = null;
  }

  /** Basic auth: the admin's app password (or its login password). */
  authenticates(user: string, password: string): boolean {
    const account = this.users.get(user);
    if (!account?.enabled) return false;
    return (user === this.adminUser && password === this.appPassword) || password === account.password;
  }

  isAdmin(uid: string): boolean {
    return this.users.get(uid)?.groups.includes('admin') ?? false;
  }

  /** GroupManager::search: id or display name contains the text, case-insensitive, ordered by id. */
  searchGroups(search: string, limit: number | null, offset: number): string[] {
    const needle = search.toLowerCase();
    const ids = [...this.groups.entries()]
      .filter(([id, g]) => id.toLowerCase().includes(needle) || g.displayname.toLowerCase().includes(needle))
      .map(([id]) => id)
      .sort();
    return ids.slice(offset, limit === null ? undefined : offset + limit);
  }

  searchUsers(search: string, limit: number | null, offset: number): string[] {
    const needle = search.toLowerCase();
    const ids = [...this.users.values()]
      .filter(
        (u) =>
          u.id.toLowerCase().includes(needle) ||
          u.displayname.toLowerCase().includes(needle) ||
          (u.email ?? '').toLowerCase().includes(needle),
      )
      .map((u) => u.id)
      .sort();
    return ids.slice(offset, limit === null ? undefined : offset + limit);
  }

  groupUsers(groupId: string): string[] {
    if (!this.groups.has(groupId)) throw new OcsError(404, 'The requested group could not be found');
    return [...this.users.values()]
      .filter((u) => u.groups.includes(groupId))
      .map((u) => u.id)
      .sort();
  }

  /** GroupsController::deleteGroup: 101 for an unknown group, 102 for 'admin'; its users stay, without it. */
  deleteGroup(groupId: string): void {
    if (!this.groups.has(groupId)) throw new OcsError(101, 'group does not exist');
    if (groupId === 'admin') throw new OcsError(102, 'cannot delete admin group');
    this.groups.delete(groupId);
    for (const user of this.users.values()) user.groups = user.groups.filter((g) => g !== groupId);
  }

  addGroup(groupId: string, displayname: string): void {
    if (groupId === '') throw new OcsError(101, 'Invalid group name');
    if (this.groups.has(groupId)) throw new OcsError(102, 'group exists');
    // the Database backend's gid column is 64 characters long
    if (groupId.length > 64) throw new OcsError(103, 'Not supported by backend');
    this.groups.set(groupId, { displayname: displayname || groupId });
  }

  addUser(input: {
    userid: string;
    password: string;
    displayName: string;
    email: string;
    groups: string[];
    quota: string;
  }): string {
    const { userid, password, displayName, email, groups, quota } = input;
    if (this.users.has(userid)) throw new OcsError(102, 'User already exists');
    for (const group of groups) {
      if (!this.groups.has(group)) throw new OcsError(104, `group ${group} does not exist`);
    }
    if (password.length > MAX_PASSWORD_LENGTH) throw new OcsError(101, 'Invalid password value');
    if (password === '' && email === '')
      throw new OcsError(108, 'To send a password link to the user an email address is required.');
    validateUserId(userid);
    // a password generated for a password-reset e-mail always passes the policy
    if (password !== '') checkPasswordPolicy(password);
    const user: SimUser = {
      id: userid,
      password: password || randomBytes(12).toString('base64url'),
      displayname: '',
      email: null,
      quota: 'default',
      used: 0,
      groups: [...new Set(groups)],
      lastLogin: 0,
      firstLogin: 0,
      enabled: true,
    };
    this.users.set(userid, user);
    if (displayName !== '') {
      try {
        this.editUser(userid, 'display', displayName);
      } catch (error) {
        this.users.delete(userid);
        throw error;
      }
    }
    // Nextcloud sets the quota after creating the user: a bad quota is answered 102 and the user stays
    if (quota !== '') this.editUser(userid, 'quota', quota);
    if (email !== '') user.email = email;
    return userid;
  }

  editUser(userId: string, key: string, value: string): void {
    const user = this.users.get(userId);
    if (!user) throw new OcsError(RESPOND_NOT_FOUND);
    switch (key) {
      case 'display':
      case 'displayname':
        if ([...value].length > 64) throw new OcsError(101, 'Invalid displayname');
        user.displayname = value;
        return;
      case 'email':
        if (value !== '' && !EMAIL.test(value)) throw new OcsError(101);
        user.email = value === '' ? null : value;
        return;
      case 'password':
        if (value.length > MAX_PASSWORD_LENGTH) throw new OcsError(102, 'Invalid password value');
        checkPasswordPolicy(value);
        user.password = value;
        return;
      case 'quota': {
        if (value === 'none' || value === 'default') {
          user.quota = value;
          return;
        }
        const bytes = isNumeric(value) ? Number(value) : computerFileSize(value);
        if (bytes === false) throw new OcsError(102, `Invalid quota value ${value}`);
        user.quota = humanFileSize(bytes);
        return;
      }
      default:
        throw new OcsError(113);
    }
  }

  deleteUser(current: string, userId: string): void {
    if (!this.users.has(userId)) throw new OcsError(RESPOND_NOT_FOUND);
    if (userId === current) throw new OcsError(101);
    this.users.delete(userId);
  }

  /** AUserData::fillStorageInfo, without external storages. */
  storageInfo(user: SimUser) {
    const quota = quotaBytes(user.quota);
    if (quota > 0) {
      return {
        free: quota - user.used,
        used: user.used,
        total: quota,
        relative: Math.round((user.used / quota) * 10000) / 100,
        quota,
      };
    }
    return { free: SPACE_UNLIMITED, used: user.used, total: SPACE_UNLIMITED, relative: 0, quota };
  }

  /** AUserData::getUserData as an admin sees another user (no scopes). */
  userData(userId: string) {
    const user = this.users.get(userId);
    if (!user) return null;
    const displayname = user.displayname || user.id;
    return {
      enabled: user.enabled,
      storageLocation: `/var/www/html/data/${user.id}`,
      id: user.id,
      firstLoginTimestamp: user.firstLogin,
      lastLoginTimestamp: user.lastLogin,
      lastLogin: user.lastLogin * 1000,
      backend: 'Database',
      subadmin: [],
      quota: this.storageInfo(user),
      manager: '',
      email: user.email,
      additional_mail: [],
      displayname,
      'display-name': displayname,
      phone: '',
      address: '',
      website: '',
      twitter: '',
      bluesky: '',
      fediverse: '',
      organisation: '',
      role: '',
      headline: '',
      biography: '',
      profile_enabled: '1',
      pronouns: '',
      groups: [...user.groups],
      language: 'pt_BR',
      locale: '',
      timezone: '',
      notify_email: null,
      backendCapabilities: { setDisplayName: true, setPassword: true },
    };
  }
}

export class NextcloudStore {
  private instances = new Map<string, NextcloudInstance>();

  constructor(private readonly now: () => number) {
    this.reset();
  }

  reset(): void {
    this.instances = new Map([
      ['demo', new NextcloudInstance('demo', DEMO_NEXTCLOUD.user, DEMO_NEXTCLOUD.appPassword, this.now)],
    ]);
  }

  get(name: string): NextcloudInstance | undefined {
    return this.instances.get(name);
  }

  all(): NextcloudInstance[] {
    return [...this.instances.values()];
  }

  /** A fresh copy of the demo seed under a new name, with its own app password. */
  clone(): NextcloudInstance {
    let name: string;
    do name = `demo-${randomBytes(5).toString('hex')}`;
    while (this.instances.has(name));
    const part = () => randomBytes(4).toString('base64url').replace(/[-_]/g, 'x').slice(0, 5);
    const appPassword = [part(), part(), part(), part(), part()].join('-');
    const instance = new NextcloudInstance(name, DEMO_NEXTCLOUD.user, appPassword, this.now);
    this.instances.set(name, instance);
    return instance;
  }

  drop(name: string): boolean {
    return name !== 'demo' && this.instances.delete(name);
  }
}
