// A GenieACS NBI as one Fastify plugin: the NBI under /acs/{instance} and its switches under /__sim/acs.

import type { FastifyPluginAsync } from 'fastify';
import { acsAdminRoutes } from './admin-routes.ts';
import { acsRoutes } from './routes.ts';
import { AcsStore } from './store.ts';

export { ACS_DEMO, DEMO_ACS } from './seed.ts';

export interface AcsSimulator {
  plugin: FastifyPluginAsync;
  reset(): void;
}

/**
 * `clock` is the real time by default, not the sim's seed clock: the portal signs its JWTs and judges
 * `_lastInform` by its own real clock.
 */
export function createAcsSimulator(opts: { clock?: () => number } = {}): AcsSimulator {
  const clock = opts.clock ?? Date.now;
  const store = new AcsStore(clock);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(acsRoutes, { store, clock });
    await app.register(acsAdminRoutes, { prefix: '/__sim/acs', store });
  };
  return { plugin, reset: () => store.reset() };
}
