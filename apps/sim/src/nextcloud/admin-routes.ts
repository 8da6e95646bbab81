// Loopback-only switches of the simulated Nextcloud (no auth): fresh instances, what a user holds now,
// the space a user uses, and faults.

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { type NextcloudInstance, type NextcloudStore, quotaBytes } from './store.ts';

export interface NextcloudAdminOptions {
  store: NextcloudStore;
}

interface InstanceParams {
  instance: string;
}

const usedBody = z.object({ bytes: z.number().int().min(0) });
const faultBody = z.object({
  mode: z.enum(['none', 'http500', 'timeout']),
  count: z.number().int().min(1).optional(),
});

const info = (instance: NextcloudInstance) => ({
  instance: instance.name,
  baseUrl: `/nextcloud/${instance.name}`,
  user: instance.adminUser,
  appPassword: instance.appPassword,
});

export const nextcloudAdminRoutes: FastifyPluginAsync<NextcloudAdminOptions> = async (app, { store }) => {
  function found(name: string, reply: FastifyReply) {
    const instance = store.get(name);
    if (!instance) void reply.code(404).send({ ok: false, error: `unknown Nextcloud instance '${name}'` });
    return instance;
  }

  app.get('/instances', async () => store.all().map(info));
  app.post('/instances', async (_request, reply) => reply.code(201).send(info(store.clone())));
  app.delete<{ Params: InstanceParams }>('/instances/:instance', async (request, reply) => {
    if (!store.drop(request.params.instance))
      return reply.code(404).send({ ok: false, error: 'unknown or seeded instance' });
    return { ok: true };
  });

  app.post<{ Params: InstanceParams }>('/:instance/reset', async (request, reply) => {
    const instance = found(request.params.instance, reply);
    if (!instance) return reply;
    instance.reset();
    return { ok: true };
  });

  app.get<{ Params: InstanceParams }>('/:instance/groups', async (request, reply) => {
    const instance = found(request.params.instance, reply);
    if (!instance) return reply;
    return [...instance.groups.entries()].map(([id, g]) => ({
      id,
      displayname: g.displayname,
      users: [...instance.users.values()].filter((u) => u.groups.includes(id)).map((u) => u.id),
    }));
  });

  /** Every user as stored, password included: what the tests check a change against. */
  app.get<{ Params: InstanceParams }>('/:instance/users', async (request, reply) => {
    const instance = found(request.params.instance, reply);
    if (!instance) return reply;
    return [...instance.users.values()].map((u) => ({
      id: u.id,
      displayname: u.displayname,
      email: u.email,
      password: u.password,
      quota: u.quota,
      quotaBytes: quotaBytes(u.quota),
      used: u.used,
      groups: u.groups,
      enabled: u.enabled,
    }));
  });

  /** The space a user's files take (what a sync client would have uploaded). */
  app.put<{ Params: InstanceParams & { user: string } }>(
    '/:instance/users/:user/used',
    async (request, reply) => {
      const instance = found(request.params.instance, reply);
      if (!instance) return reply;
      const user = instance.users.get(request.params.user);
      if (!user) return reply.code(404).send({ ok: false, error: 'unknown user' });
      const body = usedBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ ok: false, error: z.prettifyError(body.error) });
      user.used = body.data.bytes;
      return { ok: true, used: user.used };
    },
  );

  app.put<{ Params: InstanceParams }>('/:instance/faults', async (request, reply) => {
    const instance = found(request.params.instance, reply);
    if (!instance) return reply;
    const body = faultBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ ok: false, error: z.prettifyError(body.error) });
    instance.fault = body.data.mode === 'none' ? null : { mode: body.data.mode, count: body.data.count };
    return { ok: true };
  });
};
