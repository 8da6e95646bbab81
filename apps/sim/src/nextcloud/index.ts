// A Nextcloud server's OCS provisioning API as one Fastify plugin: the API under /nextcloud/{instance}
// and its switches under /__sim/nextcloud.

import type { FastifyPluginAsync } from 'fastify';
import { nextcloudAdminRoutes } from './admin-routes.ts';
import { nextcloudRoutes } from './routes.ts';
import { NextcloudStore } from './store.ts';

export { DEMO_NEXTCLOUD, NEXTCLOUD_DEMO } from './seed.ts';

export interface NextcloudSimulator {
  plugin: FastifyPluginAsync;
  reset(): void;
}

export function createNextcloudSimulator(opts: { now?: () => number } = {}): NextcloudSimulator {
  const store = new NextcloudStore(opts.now ?? Date.now);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(nextcloudRoutes, { prefix: '/nextcloud', store });
    await app.register(nextcloudAdminRoutes, { prefix: '/__sim/nextcloud', store });
  };
  return { plugin, reset: () => store.reset() };
}
