// The Cielo API 3.0 simulator as one Fastify plugin: the API under /cielo (transactional and query calls
// on the same base URL) and its switches under /__sim/cielo.

import type { FastifyPluginAsync } from 'fastify';
import { cieloAdminRoutes } from './admin-routes.ts';
import { cieloRoutes } from './routes.ts';
import { CieloStore } from './store.ts';

export { SANDBOX_RESULTS } from './rules.ts';
export { DEMO_CIELO_MERCHANT } from './store.ts';

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
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(cieloRoutes, {
      prefix: '/cielo',
      basePath: '/cielo',
      store,
      now: opts.now,
      latencyMs: opts.latencyMs,
      holdMs: opts.holdMs ?? 60_000,
    });
    await app.register(cieloAdminRoutes, { prefix: '/__sim/cielo', store });
  };
  return { plugin, reset: () => store.reset() };
}
