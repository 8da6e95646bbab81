// Loopback-only switches for tests and benchmarks (no auth): isolated instances, faults, call counters,
// and what an installation is configured with outside its tables (PIX image style, allowed networks).

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptRawBodies } from './body.ts';
import { parseFaultRule } from './faults.ts';
import { parseNetworks, resetSettings, settingsOf } from './instance-settings.ts';
import { PIX_IMAGE_STYLES } from './providers.ts';
import { settleByPix } from './receipts.ts';
import type { SeedName } from './seed.ts';
import { type IxcInstance, type IxcStore, instanceInfo } from './store.ts';

export interface IxcAdminOptions {
  store: IxcStore;
  now: () => Date;
}

interface InstanceParams {
  instance: string;
}

/** `PUT /__sim/ixc/{instance}/pix`: how get_pix draws its QR image. */
const pixBody = z.object({ image: z.enum(PIX_IMAGE_STYLES) });

/** `PUT /__sim/ixc/{instance}/allowed-networks`: the networks IXC's webservice user accepts, or null for any. */
const allowedNetworksBody = z.object({ cidrs: z.array(z.string()).nullable() });

function readJson(request: FastifyRequest): { ok: true; value: unknown } | { ok: false } {
  const raw = typeof request.body === 'string' ? request.body : '';
  if (raw.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function badRequest(reply: FastifyReply, error: string) {
  return reply.code(400).send({ ok: false, error });
}

export const ixcAdminRoutes: FastifyPluginAsync<IxcAdminOptions> = async (app, { store, now }) => {
  acceptRawBodies(app);

  function instanceOr404(request: FastifyRequest<{ Params: InstanceParams }>, reply: FastifyReply) {
    const instance = store.get(request.params.instance);
    if (!instance)
      void reply.code(404).send({ ok: false, error: `unknown IXC instance '${request.params.instance}'` });
    return instance;
  }

  app.get('/instances', async () => store.all().map(instanceInfo));

  app.post('/instances', async (request, reply) => {
    const body = readJson(request);
    if (!body.ok) return badRequest(reply, 'body must be JSON');
    const from = (body.value as { from?: unknown } | null)?.from ?? 'demo';
    if (from !== 'demo' && from !== 'outro') return badRequest(reply, "from must be 'demo' or 'outro'");
    const instance = store.clone(from as SeedName);
    return reply.code(201).send(instanceInfo(instance));
  });

  app.delete<{ Params: InstanceParams }>('/instances/:instance', async (request, reply) => {
    if (!store.get(request.params.instance)) return instanceOr404(request, reply);
    if (!store.drop(request.params.instance)) return badRequest(reply, 'seeded instances cannot be dropped');
    return { ok: true };
  });

  app.post<{ Params: InstanceParams }>('/:instance/reset', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    instance.reseed();
    resetSettings(instance);
    return { ok: true };
  });

  app.get<{ Params: InstanceParams }>('/:instance/pix', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    return { image: settingsOf(instance).pixImage };
  });

  app.put<{ Params: InstanceParams }>('/:instance/pix', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    const body = readJson(request);
    if (!body.ok) return badRequest(reply, 'body must be JSON');
    const parsed = pixBody.safeParse(body.value);
    if (!parsed.success) return badRequest(reply, `image must be one of ${PIX_IMAGE_STYLES.join(', ')}`);
    const { image } = parsed.data;
    settingsOf(instance).pixImage = image;
    return { ok: true, image };
  });

  // The bank's return of a paid PIX charge: the title is settled as IXC's PIX integrations do it.
  app.post<{ Params: InstanceParams & { id: string } }>(
    '/:instance/invoices/:id/pix-paid',
    async (request, reply) => {
      const instance = instanceOr404(request, reply);
      if (!instance) return reply;
      if (!settleByPix(instance, request.params.id, now())) {
        return reply.code(409).send({ ok: false, error: `title ${request.params.id} is not open` });
      }
      return { ok: true };
    },
  );

  app.get<{ Params: InstanceParams }>('/:instance/allowed-networks', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    return { cidrs: settingsOf(instance).allowedNetworks?.cidrs ?? null };
  });

  app.put<{ Params: InstanceParams }>('/:instance/allowed-networks', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    const body = readJson(request);
    if (!body.ok) return badRequest(reply, 'body must be JSON');
    const parsed = allowedNetworksBody.safeParse(body.value);
    if (!parsed.success) return badRequest(reply, 'cidrs must be an array of CIDRs or null');
    const networks = parseNetworks(parsed.data.cidrs);
    if (typeof networks === 'string') return badRequest(reply, networks);
    settingsOf(instance).allowedNetworks = networks;
    return { ok: true, cidrs: networks?.cidrs ?? null };
  });

  app.get<{ Params: InstanceParams }>('/:instance/faults', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    return { faults: instance.faults.list() };
  });

  app.put<{ Params: InstanceParams }>('/:instance/faults', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    const body = readJson(request);
    if (!body.ok) return badRequest(reply, 'body must be JSON');
    const rule = parseFaultRule(body.value);
    if (typeof rule === 'string') return badRequest(reply, rule);
    instance.faults.set(rule);
    return { ok: true, faults: instance.faults.list() };
  });

  app.delete<{ Params: InstanceParams; Querystring: { table?: string } }>(
    '/:instance/faults',
    async (request, reply) => {
      const instance = instanceOr404(request, reply);
      if (!instance) return reply;
      instance.faults.clear(request.query.table);
      return { ok: true, faults: instance.faults.list() };
    },
  );

  // The bytes an attachment row received, as they were sent (tests check what reached the ERP).
  app.get<{ Params: InstanceParams & { table: string; id: string } }>(
    '/:instance/files/:table/:id',
    async (request, reply) => {
      const instance = instanceOr404(request, reply);
      if (!instance) return reply;
      const file = instance.file(request.params.table, request.params.id);
      if (!file) return reply.code(404).send({ error: 'no such file' });
      return reply
        .header('content-type', file.type || 'application/octet-stream')
        .header('x-file-name', encodeURIComponent(file.name))
        .send(file.data);
    },
  );

  app.get<{ Params: InstanceParams }>('/:instance/calls', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    return instance.callCounts();
  });

  app.delete<{ Params: InstanceParams }>('/:instance/calls', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    resetCounters(instance);
    return { ok: true };
  });

  app.get<{ Params: InstanceParams }>('/:instance/stats', async (request, reply) => {
    const instance = instanceOr404(request, reply);
    if (!instance) return reply;
    return { calls: instance.callCounts(), inFlight: instance.inFlight, maxInFlight: instance.maxInFlight };
  });
};

function resetCounters(instance: IxcInstance): void {
  instance.calls.clear();
  instance.maxInFlight = instance.inFlight;
}
