// The IXC Soft ERP simulator as one Fastify plugin: the webservice under /ixc and its switches under
// /__sim/ixc, sharing one store.

import type { FastifyPluginAsync } from 'fastify';
import { ixcAdminRoutes } from './admin-routes.ts';
import { ixcRoutes } from './routes.ts';
import { IxcStore } from './store.ts';

export { DEMO_IXC_TOKEN, IXC_DEMO, IXC_OUTRO, OUTRO_IXC_TOKEN } from './seed.ts';

export interface IxcSimulatorOptions {
  now: () => Date;
  latencyMs: number;
  holdMs?: number;
}

export interface IxcSimulator {
  plugin: FastifyPluginAsync;
  reset(): void;
}

export function createIxcSimulator(opts: IxcSimulatorOptions): IxcSimulator {
  const store = new IxcStore(opts.now);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(ixcRoutes, {
      prefix: '/ixc',
      store,
      now: opts.now,
      latencyMs: opts.latencyMs,
      holdMs: opts.holdMs ?? 60_000,
    });
    await app.register(ixcAdminRoutes, { prefix: '/__sim/ixc', store, now: opts.now });
  };
  return { plugin, reset: () => store.reset() };
}
