// Loopback-only switches of the push service (no auth): subscribe as a browser would, read what a
// subscription received (decrypted), unsubscribe, and count messages for the benchmark.

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requestOrigin } from './routes.ts';
import type { PushStore, SimSubscription } from './store.ts';

const MAX_BATCH = 200_000;

const subscribeBody = z
  .object({
    count: z.number().int().min(1).max(MAX_BATCH).optional(),
    /** the VAPID public key given to `pushManager.subscribe()`: other keys then get 403 */
    applicationServerKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url uncompressed P-256 public key')
      .optional(),
  })
  .optional();

export interface PushAdminOptions {
  store: PushStore;
  clock: () => number;
}

export const pushAdminRoutes: FastifyPluginAsync<PushAdminOptions> = async (app, { store, clock }) => {
  /** What `PushSubscription.toJSON()` gives in a browser. */
  const view = (base: string, s: SimSubscription) => ({
    id: s.id,
    subscription: {
      endpoint: `${base}/push/${s.token}`,
      expirationTime: null,
      keys: { p256dh: s.p256dh, auth: s.auth },
    },
  });

  app.post('/subscriptions', async (request, reply) => {
    const parsed = subscribeBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: z.prettifyError(parsed.error) });
    const { count, applicationServerKey } = parsed.data ?? {};
    const created = store.subscribe(count ?? 1, applicationServerKey ?? null);
    const base = requestOrigin(request);
    reply.code(201);
    if (count === undefined) return view(base, created[0]!);
    return { subscriptions: created.map((s) => view(base, s)) };
  });

  app.get<{ Params: { id: string } }>('/subscriptions/:id/messages', async (request, reply) => {
    const subscription = store.get(request.params.id);
    if (!subscription) return reply.code(404).send({ error: 'unknown subscription' });
    return store.read(subscription, clock());
  });

  app.delete<{ Params: { id: string } }>('/subscriptions/:id', async (request, reply) => {
    const subscription = store.get(request.params.id);
    if (!subscription) return reply.code(404).send({ error: 'unknown subscription' });
    subscription.unsubscribed = true;
    return reply.code(204).send();
  });

  app.get<{ Querystring: { topic?: string } }>('/stats', async (request) =>
    store.stats(request.query.topic || undefined),
  );
};
