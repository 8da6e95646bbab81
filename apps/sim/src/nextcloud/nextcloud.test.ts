import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, type RunningSim, startSim } from '../ixc/test-support.ts';
import { DEMO_NEXTCLOUD, NEXTCLOUD_DEMO } from './seed.ts';
import { computerFileSize, humanFileSize } from './sizes.ts';

let sim: RunningSim;
let instance: { instance: string; user: string; appPassword: string };

beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());
beforeEach(async () => {
  const created = await adminCall<typeof instance>(sim.url, 'POST', '/__sim/nextcloud/instances');
  expect(created.status).toBe(201);
  instance = created.json;
});

const GB = 1024 ** 3;

interface OcsJson {
  ocs: { meta: { status: string; statuscode: number; message: string }; data: unknown };
}

async function ocs(
  method: string,
  path: string,
  o: {
    version?: 1 | 2;
    json?: boolean;
    form?: Record<string, string | string[]>;
    auth?: string | null;
    header?: boolean;
    accept?: string;
  } = {},
) {
  const headers: Record<string, string> = {};
  if (o.header !== false) headers['OCS-APIRequest'] = 'true';
  const auth = o.auth === undefined ? `${instance.user}:${instance.appPassword}` : o.auth;
  if (auth !== null) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
  if (o.accept) headers.accept = o.accept;
  let body: string | undefined;
  if (o.form) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(o.form)) {
      if (Array.isArray(v)) for (const item of v) params.append(`${k}[]`, item);
      else params.append(k, v);
    }
    body = params.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const sep = path.includes('?') ? '&' : '?';
  const query = o.json === false ? '' : `${sep}format=json`;
  const res = await fetch(
    `${sim.url}/nextcloud/${instance.instance}/ocs/v${o.version ?? 1}.php/cloud${path}${query}`,
    { method, headers, body },
  );
  const text = await res.text();
  let json: OcsJson | undefined;
  try {
    json = JSON.parse(text) as OcsJson;
  } catch {
    json = undefined;
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, json };
}

describe('sizes as Nextcloud computes them', () => {
  it('reads quotas in base 1024 and writes them back as humanFileSize does', () => {
    expect(computerFileSize('2 GB')).toBe(2147483648);
    expect(computerFileSize('2gb')).toBe(2 * GB);
    expect(computerFileSize('512 MB')).toBe(512 * 1024 ** 2);
    expect(computerFileSize('1.5 G')).toBe(1.5 * GB);
    expect(computerFileSize('2147483648')).toBe(2147483648);
    expect(computerFileSize('2 GiB')).toBe(2); // PHP's regex takes the trailing 'b' alone
    expect(computerFileSize('dois giga')).toBe(false);
    expect(humanFileSize(2 * GB)).toBe('2 GB');
    expect(humanFileSize(1_500_000_000)).toBe('1.4 GB');
    expect(humanFileSize(500)).toBe('500 B');
    expect(humanFileSize(-1)).toBe('?');
  });
});

describe('authentication and the OCS-APIRequest header', () => {
  it('refuses a call without credentials or with a wrong app password: 997, HTTP 401 (v1 and v2)', async () => {
    for (const auth of [null, `${instance.user}:wrong`, `${instance.user}:${DEMO_NEXTCLOUD.appPassword}`]) {
      const res = await ocs('GET', '/users', { auth });
      expect(res.status).toBe(401);
      expect(res.json?.ocs.meta).toEqual({
        status: 'failure',
        statuscode: 997,
        message: 'Current user is not logged in',
        totalitems: '',
        itemsperpage: '',
      });
    }
    const v2 = await ocs('GET', '/users', { auth: null, version: 2 });
    expect(v2.status).toBe(401);
    expect(v2.json?.ocs.meta).toEqual({
      status: 'failure',
      statuscode: 997,
      message: 'Current user is not logged in',
    });
  });

  it('accepts the seeded demo admin on the demo instance', async () => {
    const res = await fetch(`${sim.url}/nextcloud/demo/ocs/v1.php/cloud/groups?format=json`, {
      headers: {
        'OCS-APIRequest': 'true',
        authorization: `Basic ${Buffer.from(`${DEMO_NEXTCLOUD.user}:${DEMO_NEXTCLOUD.appPassword}`).toString('base64')}`,
      },
    });
    expect(res.status).toBe(200);
  });

  it('fails the CSRF check without the header: HTTP 412 and a plain JSON message, not OCS', async () => {
    const res = await ocs('GET', '/users', { header: false });
    expect(res.status).toBe(412);
    expect(res.json).toEqual({ message: 'CSRF check failed' });
    // the login check comes first
    expect((await ocs('GET', '/users', { header: false, auth: null })).status).toBe(401);
  });

  it('refuses a user who is not an admin', async () => {
    const res = await ocs('GET', '/users', {
      auth: `${NEXTCLOUD_DEMO.users.mariaFotos.id}:Fotos-da-Maria-2024`,
    });
    expect(res.status).toBe(200);
    expect(res.json?.ocs.meta.statuscode).toBe(403);
  });
});

describe('answers', () => {
  it('answers v1 JSON as {ocs:{meta,data}} with statuscode 100, v2 with 200', async () => {
    const v1 = await ocs('GET', '/groups?search=maria');
    expect(v1.status).toBe(200);
    expect(v1.type).toMatch(/^application\/json/);
    expect(v1.json).toEqual({
      ocs: {
        meta: { status: 'ok', statuscode: 100, message: 'OK', totalitems: '', itemsperpage: '' },
        data: { groups: [NEXTCLOUD_DEMO.groups.maria101] },
      },
    });
    const v2 = await ocs('GET', '/groups?search=maria', { version: 2 });
    expect(v2.json?.ocs.meta).toEqual({ status: 'ok', statuscode: 200, message: 'OK' });
  });

  it('answers XML by default, and JSON for Accept: application/json', async () => {
    const xml = await ocs('GET', `/groups/${NEXTCLOUD_DEMO.groups.maria101}`, { json: false });
    expect(xml.type).toMatch(/^application\/xml/);
    expect(xml.text).toBe(
      '<?xml version="1.0"?>\n<ocs>\n <meta>\n  <status>ok</status>\n  <statuscode>100</statuscode>\n' +
        '  <message>OK</message>\n  <totalitems></totalitems>\n  <itemsperpage></itemsperpage>\n </meta>\n' +
        ' <data>\n  <users>\n   <element>maria.fotos</element>\n  </users>\n </data>\n</ocs>\n',
    );
    const error = await ocs('GET', '/users/nobody', { json: false });
    expect(error.text).toContain('<statuscode>998</statuscode>');
    expect(error.text).toContain('<data/>');
    const accepted = await ocs('GET', '/users', { json: false, accept: 'application/json' });
    expect(accepted.json?.ocs.meta.statuscode).toBe(100);
  });

  it("lists a group's users, and a missing group is statuscode 404 (HTTP 200 in v1, 404 in v2)", async () => {
    const users = await ocs('GET', `/groups/${NEXTCLOUD_DEMO.groups.maria101}/users`);
    expect(users.json?.ocs.data).toEqual({ users: ['maria.fotos'] });
    const missing = await ocs('GET', '/groups/no-such-group');
    expect(missing.status).toBe(200);
    expect(missing.json?.ocs).toEqual({
      meta: {
        status: 'failure',
        statuscode: 404,
        message: 'The requested group could not be found',
        totalitems: '',
        itemsperpage: '',
      },
      data: [],
    });
    expect((await ocs('GET', '/groups/no-such-group', { version: 2 })).status).toBe(404);
  });

  it("gives a user's quota in bytes with used, free, total and relative", async () => {
    const res = await ocs('GET', `/users/${NEXTCLOUD_DEMO.users.mariaFotos.id}`);
    const data = res.json?.ocs.data as Record<string, unknown>;
    expect(data).toMatchObject({
      id: 'maria.fotos',
      displayname: 'Maria Fotos',
      email: 'maria.fotos@example.com',
      groups: [NEXTCLOUD_DEMO.groups.maria101],
      enabled: true,
      quota: { quota: 5 * GB, used: 1.25 * GB, free: 3.75 * GB, total: 5 * GB, relative: 25 },
    });
    const admin = await ocs('GET', `/users/${instance.user}`);
    expect((admin.json?.ocs.data as { quota?: unknown } | undefined)?.quota).toEqual({
      free: -3,
      used: 0,
      total: -3,
      relative: 0,
      quota: -3,
    });
    const missing = await ocs('GET', '/users/nobody');
    expect(missing.json?.ocs.meta).toMatchObject({ statuscode: 998, message: '' });
  });
});

describe('groups and users', () => {
  it('creates a group once: 102 when it exists, 101 without an id', async () => {
    const created = await ocs('POST', '/groups', { form: { groupid: 'novo-grupo-1-200' } });
    expect(created.json?.ocs.meta.statuscode).toBe(100);
    expect(created.json?.ocs.data).toEqual([]);
    const again = await ocs('POST', '/groups', { form: { groupid: 'novo-grupo-1-200' } });
    expect(again.json?.ocs.meta).toMatchObject({ statuscode: 102, message: 'group exists' });
    const empty = await ocs('POST', '/groups', { form: { groupid: '' } });
    expect(empty.json?.ocs.meta).toMatchObject({ statuscode: 101, message: 'Invalid group name' });
    expect((await ocs('GET', '/groups/novo-grupo-1-200')).json?.ocs.data).toEqual({ users: [] });
  });

  it("creates a user in a group with a '2 GB' quota: 2147483648 bytes, nothing used", async () => {
    const group = NEXTCLOUD_DEMO.groups.maria101;
    const res = await ocs('POST', '/users', {
      form: {
        userid: 'maria.docs',
        password: 'Documentos-2025',
        displayName: 'Maria Docs',
        email: 'maria.docs@example.com',
        groups: [group],
        quota: '2 GB',
      },
    });
    expect(res.json?.ocs).toMatchObject({ meta: { statuscode: 100 }, data: { id: 'maria.docs' } });
    const user = await ocs('GET', '/users/maria.docs');
    expect((user.json?.ocs.data as { quota?: unknown } | undefined)?.quota).toEqual({
      free: 2147483648,
      used: 0,
      total: 2147483648,
      relative: 0,
      quota: 2147483648,
    });
    expect((await ocs('GET', `/groups/${group}`)).json?.ocs.data).toEqual({
      users: ['maria.docs', 'maria.fotos'],
    });
    const duplicate = await ocs('POST', '/users', {
      form: { userid: 'maria.docs', password: 'Outra-senha-boa' },
    });
    expect(duplicate.json?.ocs.meta).toMatchObject({ statuscode: 102, message: 'User already exists' });
  });

  it('answers the password policy with 107 and its hint, bad input with 101, a missing group with 104', async () => {
    const short = await ocs('POST', '/users', { form: { userid: 'curta', password: 'abc12' } });
    expect(short.json?.ocs.meta).toMatchObject({
      statuscode: 107,
      message: 'Password needs to be at least 10 characters long.',
    });
    const bad = await ocs('POST', '/users', {
      form: { userid: 'nome/invalido', password: 'Senha-valida-1' },
    });
    expect(bad.json?.ocs.meta.statuscode).toBe(101);
    const group = await ocs('POST', '/users', {
      form: { userid: 'sem.grupo', password: 'Senha-valida-1', groups: ['nao-existe'] },
    });
    expect(group.json?.ocs.meta).toMatchObject({
      statuscode: 104,
      message: 'group nao-existe does not exist',
    });
    const users = await adminCall<{ id: string }[]>(
      sim.url,
      'GET',
      `/__sim/nextcloud/${instance.instance}/users`,
    );
    expect(users.json.map((u) => u.id)).not.toContain('curta');
  });

  it('edits one field at a time: quota, e-mail, display name, password', async () => {
    const id = NEXTCLOUD_DEMO.users.mariaFotos.id;
    const put = (key: string, value: string) => ocs('PUT', `/users/${id}`, { form: { key, value } });
    expect((await put('quota', '3 GB')).json?.ocs.meta.statuscode).toBe(100);
    expect((await put('email', 'nova@example.com')).json?.ocs.meta.statuscode).toBe(100);
    expect((await put('displayname', 'Fotos da Maria')).json?.ocs.meta.statuscode).toBe(100);
    expect((await put('password', 'Nova-senha-123')).json?.ocs.meta.statuscode).toBe(100);
    const user = (await ocs('GET', `/users/${id}`)).json?.ocs.data;
    expect(user).toMatchObject({
      email: 'nova@example.com',
      displayname: 'Fotos da Maria',
      quota: { quota: 3 * GB, total: 3 * GB, used: 1.25 * GB },
    });
    expect((await put('quota', String(4 * GB))).json?.ocs.meta.statuscode).toBe(100);
    expect((await ocs('GET', `/users/${id}`)).json?.ocs.data).toMatchObject({ quota: { quota: 4 * GB } });

    expect((await put('quota', 'muito')).json?.ocs.meta).toMatchObject({
      statuscode: 102,
      message: 'Invalid quota value muito',
    });
    expect((await put('email', 'não-é-email')).json?.ocs.meta.statuscode).toBe(101);
    expect((await put('password', 'curta')).json?.ocs.meta.statuscode).toBe(107);
    expect((await put('cor', 'azul')).json?.ocs.meta.statuscode).toBe(113);
    expect(
      (await ocs('PUT', '/users/nobody', { form: { key: 'email', value: 'a@b.co' } })).json?.ocs.meta
        .statuscode,
    ).toBe(998);
  });

  it('deletes a user; 998 when it does not exist; an admin cannot delete itself', async () => {
    const id = NEXTCLOUD_DEMO.users.joaoBackup.id;
    expect((await ocs('DELETE', `/users/${id}`)).json?.ocs.meta.statuscode).toBe(100);
    expect((await ocs('DELETE', `/users/${id}`)).json?.ocs.meta.statuscode).toBe(998);
    expect((await ocs('GET', `/groups/${NEXTCLOUD_DEMO.groups.joao104}`)).json?.ocs.data).toEqual({
      users: [],
    });
    expect((await ocs('DELETE', `/users/${instance.user}`)).json?.ocs.meta.statuscode).toBe(101);
  });

  it('escapes slashes and non-ASCII as PHP json_encode does', async () => {
    const res = await ocs('GET', `/users/${NEXTCLOUD_DEMO.users.joaoBackup.id}`);
    expect(res.text).toContain('"displayname":"Jo\\u00e3o Backup"');
    expect(res.text).toContain('"storageLocation":"\\/var\\/www\\/html\\/data\\/joao.backup"');
  });
});

describe('switches', () => {
  it('sets the space a user uses, and keeps instances apart', async () => {
    const id = NEXTCLOUD_DEMO.users.joaoBackup.id;
    const set = await adminCall(sim.url, 'PUT', `/__sim/nextcloud/${instance.instance}/users/${id}/used`, {
      bytes: GB,
    });
    expect(set.status).toBe(200);
    expect((await ocs('GET', `/users/${id}`)).json?.ocs.data).toMatchObject({
      quota: { used: GB, free: GB, total: 2 * GB, relative: 50 },
    });
    await ocs('DELETE', `/users/${NEXTCLOUD_DEMO.users.mariaFotos.id}`);
    const demo = await adminCall<{ id: string }[]>(sim.url, 'GET', '/__sim/nextcloud/demo/users');
    expect(demo.json.map((u) => u.id)).toContain(NEXTCLOUD_DEMO.users.mariaFotos.id);
  });

  it('answers HTTP 500 while a fault is set', async () => {
    await adminCall(sim.url, 'PUT', `/__sim/nextcloud/${instance.instance}/faults`, {
      mode: 'http500',
      count: 1,
    });
    expect((await ocs('GET', '/users')).status).toBe(500);
    expect((await ocs('GET', '/users')).status).toBe(200);
  });
});
