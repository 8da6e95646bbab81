// The Cielo API 3.0 simulator as one Fastify plugin: Cielo's two hosts, the transactional one under
// /cielo/api and the query one under /cielo/query, and its switches under /__sim/cielo.

import type { FastifyPluginAsync } from 'fastify';
import { cieloAdminRoutes } from './admin-routes.ts';
import { cieloApiRoutes, cieloQueryRoutes, notFoundEmpty } from './routes.ts';
import { CieloStore } from './store.ts';

export { SANDBOX_RESULTS } from './rules.ts';
export { DEMO_CIELO_MERCHANT } from './store.ts';

/** Where the simulator mounts Cielo's transactional host (`apiUrl`) and its query host (`queryUrl`). */
export const CIELO_PATHS = { api: '/cielo/api', query: '/cielo/query' } as const;

export interface CieloSimulatorOptions {
  now: () => Date;
  latencyMs: number;
  holdMs?: number;
}

export interface CieloSimulator {
  plugin: FastifyPluginAsync;
  reset(): void;
}

export function createCieloSimulator(opts: CieloSimulatorOptions): CieloSimulator {
  const store = new CieloStore();
  const hostOptions = {
    store,
    now: opts.now,
    latencyMs: opts.latencyMs,
    holdMs: opts.holdMs ?? 60_000,
    paths: CIELO_PATHS,
  };
  const plugin: FastifyPluginAsync = async (app) => {
    // anything else under /cielo (the old single base included) is a 404 with no body
    await app.register(
      async (cielo) => {
        cielo.setNotFoundHandler(notFoundEmpty);
        await cielo.register(cieloApiRoutes, { ...hostOptions, prefix: '/api' });
        await cielo.register(cieloQueryRoutes, { ...hostOptions, prefix: '/query' });
      },
      { prefix: '/cielo' },
    );
    await app.register(cieloAdminRoutes, { prefix: '/__sim/cielo', store, now: opts.now });
  };
  return { plugin, reset: () => store.reset() };
}
