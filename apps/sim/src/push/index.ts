// A Web Push service (RFC 8030, 8291, 8292) as one Fastify plugin: push resources under /push and its
// switches under /__sim/push. It keeps what each subscription received instead of waking a browser.

import type { FastifyPluginAsync } from 'fastify';
import { pushAdminRoutes } from './admin-routes.ts';
import { pushRoutes } from './routes.ts';
import { PushStore } from './store.ts';
import { createVapidVerifier } from './vapid.ts';

export interface PushSimulator {
  plugin: FastifyPluginAsync;
  reset(): void;
}

/**
 * `clock` is the real time by default, not the sim's seed clock: application servers sign VAPID JWTs
 * and count TTLs by their own real clock.
 */
export function createPushSimulator(opts: { clock?: () => number } = {}): PushSimulator {
  const clock = opts.clock ?? Date.now;
  const store = new PushStore();
  const vapid = createVapidVerifier();
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(pushRoutes, { store, vapid, clock });
    await app.register(pushAdminRoutes, { prefix: '/__sim/push', store, clock });
  };
  return {
    plugin,
    reset: () => {
      store.reset();
      vapid.reset();
    },
  };
}
