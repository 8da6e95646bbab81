// Loopback-only switches of the simulated GenieACS (no auth): fresh instances, what a device holds now,
// a device going online or offline, and a device informing now (which runs its queued tasks).

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { type AcsInstance, type AcsStore, flatten, type SimDevice } from './store.ts';

export interface AcsAdminOptions {
  store: AcsStore;
}

const onlineBody = z.object({ online: z.boolean() });

interface DeviceParams {
  instance: string;
  /** the GenieACS id (URL-encoded) or the serial number */
  device: string;
}

const info = (instance: AcsInstance) => ({
  instance: instance.name,
  baseUrl: `/acs/${instance.name}`,
  issuer: instance.issuer,
});

function summary(instance: AcsInstance, device: SimDevice) {
  const doc = instance.document(device);
  const id = doc._deviceId as { _SerialNumber: string };
  return {
    id: device.id,
    serial: id._SerialNumber,
    online: device.online,
    lastInform: doc._lastInform,
    pendingTasks: [...instance.tasks.values()].filter((t) => t.device === device.id).map((t) => t._id),
  };
}

export const acsAdminRoutes: FastifyPluginAsync<AcsAdminOptions> = async (app, { store }) => {
  function found(params: DeviceParams, reply: FastifyReply) {
    const instance = store.get(params.instance);
    if (!instance) {
      void reply.code(404).send({ ok: false, error: `unknown ACS instance '${params.instance}'` });
      return undefined;
    }
    instance.catchUp();
    const device = instance.find(params.device);
    if (!device) {
      void reply.code(404).send({ ok: false, error: `unknown device '${params.device}'` });
      return undefined;
    }
    return { instance, device };
  }

  app.get('/instances', async () => store.all().map(info));
  app.post('/instances', async (_request, reply) => reply.code(201).send(info(store.clone())));

  app.post<{ Params: { instance: string } }>('/:instance/reset', async (request, reply) => {
    const instance = store.get(request.params.instance);
    if (!instance) return reply.code(404).send({ ok: false, error: 'unknown ACS instance' });
    instance.reset();
    return { ok: true };
  });

  app.get<{ Params: { instance: string } }>('/:instance/devices', async (request, reply) => {
    const instance = store.get(request.params.instance);
    if (!instance) return reply.code(404).send({ ok: false, error: 'unknown ACS instance' });
    instance.catchUp();
    return [...instance.devices.values()].map((d) => summary(instance, d));
  });

  /** Every parameter's current value, by path (what the CPE holds, whatever it reads back). */
  app.get<{ Params: DeviceParams }>('/:instance/devices/:device', async (request, reply) => {
    const hit = found(request.params, reply);
    if (!hit) return reply;
    return { ...summary(hit.instance, hit.device), parameters: flatten(hit.device.doc) };
  });

  app.put<{ Params: DeviceParams }>('/:instance/devices/:device/online', async (request, reply) => {
    const hit = found(request.params, reply);
    if (!hit) return reply;
    const body = onlineBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ ok: false, error: z.prettifyError(body.error) });
    hit.device.online = body.data.online;
    return summary(hit.instance, hit.device);
  });

  /** The device opens a session now (a periodic inform, or a boot): its queued tasks run. */
  app.post<{ Params: DeviceParams }>('/:instance/devices/:device/inform', async (request, reply) => {
    const hit = found(request.params, reply);
    if (!hit) return reply;
    const ran = hit.instance.inform(hit.device);
    return { ...ran, ...summary(hit.instance, hit.device) };
  });
};
