import { createServer } from 'node:http';
import { cloudGroupId } from '@central/domain';
import { buildSim, NEXTCLOUD_DEMO } from '@central/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gbToBytes, NextcloudClient, NextcloudError } from './client.ts';

let sim: FastifyInstance;
let simUrl: string;
let box: { instance: string; baseUrl: string; user: string; appPassword: string };

beforeAll(async () => {
  sim = await buildSim();
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  simUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => sim.close());
beforeEach(async () => {
  const res = await fetch(`${simUrl}/__sim/nextcloud/instances`, { method: 'POST' });
  box = (await res.json()) as typeof box;
});

const client = (o: Partial<ConstructorParameters<typeof NextcloudClient>[0]> = {}) =>
  new NextcloudClient({
    baseUrl: `${simUrl}${box.baseUrl}`,
    user: box.user,
    appPassword: box.appPassword,
    timeoutMs: 2000,
    ...o,
  });

async function caught(promise: Promise<unknown>): Promise<NextcloudError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof NextcloudError)) throw new Error(`expected a NextcloudError, got ${String(error)}`);
  return error;
}

async function simUsers() {
  const res = await fetch(`${simUrl}/__sim/nextcloud/${box.instance}/users`);
  return (await res.json()) as { id: string; password: string; email: string | null; quotaBytes: number }[];
}

describe('the group id rule (spec §3)', () => {
  it("names Maria's contract 101 group as the simulated Nextcloud has it", () => {
    expect(cloudGroupId('Maria Aparecida Souza', '529.982.247-25', '101')).toBe(
      NEXTCLOUD_DEMO.groups.maria101,
    );
    expect(cloudGroupId('João Pedro Lima', '111.444.777-35', '104')).toBe(NEXTCLOUD_DEMO.groups.joao104);
    expect(cloudGroupId('Padaria Pão Quente Ltda', '11.222.333/0001-81', '103')).toBe(
      'padaria-pao-quente-ltda-11222333000181-103',
    );
    expect(cloudGroupId('***', '52998224725', '7')).toBe('52998224725-7');
    expect(cloudGroupId('Maria de Lourdes Conceição dos Santos Albuquerque', '52998224725', '101')).toBe(
      'maria-de-lourdes-conceicao-dos-52998224725-101',
    );
    expect(() => cloudGroupId('Maria', '123', '101')).toThrow();
    expect(() => cloudGroupId('Maria', '52998224725', '../x')).toThrow();
  });
});

describe('Nextcloud adapter against apps/sim', () => {
  it("finds Maria's group by its exact id and lists its users with quota and use in bytes", async () => {
    const nc = client();
    expect(await nc.findGroup(NEXTCLOUD_DEMO.groups.maria101)).toBe(true);
    // the search matches parts of ids: a prefix is not the group
    expect(await nc.findGroup('maria-aparecida-souza')).toBe(false);
    expect(await nc.groupUsers(NEXTCLOUD_DEMO.groups.maria101)).toEqual(['maria.fotos']);
    expect(await nc.getUser('maria.fotos')).toEqual({
      id: 'maria.fotos',
      displayName: 'Maria Fotos',
      email: 'maria.fotos@example.com',
      enabled: true,
      groups: [NEXTCLOUD_DEMO.groups.maria101],
      quota: {
        limitBytes: gbToBytes(5),
        usedBytes: gbToBytes(1.25),
        freeBytes: gbToBytes(3.75),
        relative: 25,
      },
    });
  });

  it('creates a missing group after a not_found, and refuses to create it twice (102)', async () => {
    const nc = client();
    const id = cloudGroupId('Padaria Pão Quente Ltda', '11.222.333/0001-81', '103');
    const missing = await caught(nc.groupUsers(id));
    expect(missing).toMatchObject({ kind: 'not_found', statuscode: 404 });
    await nc.createGroup(id, 'Padaria Pão Quente - contrato 103');
    expect(await nc.groupUsers(id)).toEqual([]);
    expect(await caught(nc.createGroup(id))).toMatchObject({
      kind: 'ocs',
      statuscode: 102,
      ocsMessage: 'group exists',
    });
  });

  it('creates a user with 2 GB, edits it field by field and deletes it', async () => {
    const nc = client();
    const group = NEXTCLOUD_DEMO.groups.maria101;
    const id = await nc.createUser({
      userId: 'maria.docs',
      password: 'Documentos-2025',
      displayName: 'Maria Docs',
      email: 'maria.docs@example.com',
      groups: [group],
      quotaBytes: gbToBytes(2),
    });
    expect(id).toBe('maria.docs');
    expect((await nc.getUser(id)).quota).toEqual({
      limitBytes: 2147483648,
      usedBytes: 0,
      freeBytes: 2147483648,
      relative: 0,
    });
    expect(await nc.groupUsers(group)).toEqual(['maria.docs', 'maria.fotos']);

    await nc.editUser(id, 'quota', gbToBytes(3));
    await nc.editUser(id, 'email', 'docs@example.com');
    await nc.editUser(id, 'displayname', 'Documentos da Maria');
    await nc.editUser(id, 'password', 'Outra-senha-2025');
    expect(await nc.getUser(id)).toMatchObject({
      displayName: 'Documentos da Maria',
      email: 'docs@example.com',
      quota: { limitBytes: gbToBytes(3) },
    });
    expect((await simUsers()).find((u) => u.id === id)?.password).toBe('Outra-senha-2025');

    await nc.deleteUser(id);
    expect(await caught(nc.getUser(id))).toMatchObject({ kind: 'not_found', statuscode: 998 });
    expect(await caught(nc.deleteUser(id))).toMatchObject({ kind: 'not_found', statuscode: 998 });
  });

  it("carries Nextcloud's statuscode and message, never the password", async () => {
    const nc = client();
    const password = 'curta9';
    const error = await caught(
      nc.createUser({
        userId: 'novo.usuario',
        password,
        displayName: 'Novo',
        email: 'novo@example.com',
        groups: [NEXTCLOUD_DEMO.groups.maria101],
        quotaBytes: gbToBytes(1),
      }),
    );
    expect(error).toMatchObject({
      kind: 'ocs',
      statuscode: 107,
      ocsMessage: 'Password needs to be at least 10 characters long.',
    });
    const edit = await caught(nc.editUser('maria.fotos', 'password', password));
    expect(edit.statuscode).toBe(107);
    for (const e of [error, edit]) {
      expect(`${e.message} ${JSON.stringify(e)} ${e.stack}`).not.toContain(password);
      expect(JSON.stringify(e)).not.toContain(box.appPassword);
    }
    const duplicate = await caught(
      nc.createUser({
        userId: 'maria.fotos',
        password: 'Senha-valida-2025',
        displayName: 'X',
        email: 'x@example.com',
        groups: [],
        quotaBytes: gbToBytes(1),
      }),
    );
    expect(duplicate).toMatchObject({ kind: 'ocs', statuscode: 102, ocsMessage: 'User already exists' });
    expect(await caught(nc.editUser('maria.fotos', 'email', 'não é e-mail'))).toMatchObject({
      statuscode: 101,
    });
  });

  it('refuses a quota that is not a whole number of bytes before calling', async () => {
    await expect(client().editUser('maria.fotos', 'quota', 1.5)).rejects.toThrow(/whole/);
  });

  it('tells a bad app password (auth) from a server fault (http) and a silent server (timeout)', async () => {
    const error = await caught(client({ appPassword: 'wrong-wrong-wrong' }).findGroup('x'));
    expect(error).toMatchObject({ kind: 'auth', statuscode: 997, status: 401 });
    expect(JSON.stringify(error)).not.toContain('wrong-wrong-wrong');

    const fault = (body: object) =>
      fetch(`${simUrl}/__sim/nextcloud/${box.instance}/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await fault({ mode: 'http500', count: 1 });
    expect(await caught(client().findGroup('x'))).toMatchObject({ kind: 'http', status: 500 });
    await fault({ mode: 'timeout', count: 1 });
    const started = Date.now();
    expect(await caught(client({ timeoutMs: 300 }).findGroup('x'))).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a server that does not speak OCS as a protocol error', async () => {
    const other = createServer((_req, res) => res.end('<html>login</html>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    try {
      const error = await caught(client({ baseUrl: `http://127.0.0.1:${address.port}` }).groupUsers('x'));
      expect(error.kind).toBe('protocol');
    } finally {
      other.close();
    }
  });

  it("reads an older Nextcloud's quota of a user whose home was never set up: {quota, used} only", async () => {
    const answers: Record<string, unknown> = {
      '/ocs/v1.php/cloud/users/novo': { quota: 2147483648, used: 0 },
      '/ocs/v1.php/cloud/users/livre': { quota: 'none', used: 0 },
      '/ocs/v1.php/cloud/users/falhou': [],
    };
    const older = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const id = path.split('/').pop();
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(
        JSON.stringify({
          ocs: {
            meta: { status: 'ok', statuscode: 100, message: 'OK', totalitems: '', itemsperpage: '' },
            data: { id, displayname: id, email: null, groups: [], enabled: true, quota: answers[path] },
          },
        }),
      );
    });
    await new Promise<void>((resolve) => older.listen(0, '127.0.0.1', resolve));
    const address = older.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    try {
      const nc = client({ baseUrl: `http://127.0.0.1:${address.port}` });
      expect((await nc.getUser('novo')).quota).toEqual({
        limitBytes: 2147483648,
        usedBytes: 0,
        freeBytes: 2147483648,
        relative: 0,
      });
      expect((await nc.getUser('livre')).quota).toEqual({
        limitBytes: null,
        usedBytes: 0,
        freeBytes: null,
        relative: 0,
      });
      expect((await nc.getUser('falhou')).quota.limitBytes).toBeNull();
    } finally {
      older.close();
    }
  });
});
