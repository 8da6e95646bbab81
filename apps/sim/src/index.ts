import Fastify, { type FastifyInstance } from 'fastify';
import { createAcsSimulator } from './acs/index.ts';
import { createCieloSimulator } from './cielo/index.ts';
import { createIxcSimulator } from './ixc/index.ts';
import { createNextcloudSimulator } from './nextcloud/index.ts';
import { createOleTvSimulator, DEMO_OLETV } from './oletv/index.ts';
import { createPlayhubSimulator, DEMO_PLAYHUB } from './playhub/index.ts';
import { createPushSimulator } from './push/index.ts';
import { createTocaLivrosSimulator, DEMO_TOCALIVROS } from './tocalivros/index.ts';
import { createWatchSimulator, DEMO_WATCH } from './watch/index.ts';

export { ACS_DEMO, DEMO_ACS } from './acs/index.ts';
export { DEMO_CIELO_MERCHANT, SANDBOX_RESULTS } from './cielo/index.ts';
export { DEMO_IXC_TOKEN, IXC_DEMO, IXC_OUTRO, OUTRO_IXC_TOKEN } from './ixc/index.ts';
export { DEMO_NEXTCLOUD, NEXTCLOUD_DEMO } from './nextcloud/index.ts';
export { PARTNERS_DEMO } from './partner-kit.ts';

/** The content partners' seeded instances: `{ [partner]: { demo: { token, products? }, outro: {...} } }`. */
export const DEMO_PARTNERS = {
  watch: DEMO_WATCH,
  playhub: DEMO_PLAYHUB,
  oletv: DEMO_OLETV,
  tocalivros: DEMO_TOCALIVROS,
} as const;

export interface SimOptions {
  /** latency added to every simulated ERP call (on top of injected faults) */
  latencyMs?: number;
  /** latency added to every simulated Cielo call (on top of injected faults) */
  cieloLatencyMs?: number;
  /** the clock of the seed data and of records created later; defaults to the real time */
  now?: () => Date;
}

/** The simulators of the portal's external systems, ready to listen (not listening yet). */
export async function buildSim(opts: SimOptions = {}): Promise<FastifyInstance> {
  const now = opts.now ?? (() => new Date());
  // A held request (`timeout` fault) must not keep `close()` waiting.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const ixc = createIxcSimulator({ now, latencyMs: opts.latencyMs ?? 0 });
  const cielo = createCieloSimulator({ now, latencyMs: opts.cieloLatencyMs ?? 0 });
  const push = createPushSimulator();
  const acs = createAcsSimulator();
  const nextcloud = createNextcloudSimulator({ now: () => now().getTime() });
  const partners = [
    createWatchSimulator(),
    createPlayhubSimulator(),
    createOleTvSimulator(),
    createTocaLivrosSimulator(),
  ];

  await app.register(ixc.plugin);
  await app.register(cielo.plugin);
  await app.register(push.plugin);
  await app.register(acs.plugin);
  await app.register(nextcloud.plugin);
  for (const partner of partners) await app.register(partner.plugin);

  app.get('/__sim/health', async () => ({ ok: true }));
  app.post('/__sim/reset', async () => {
    ixc.reset();
    cielo.reset();
    push.reset();
    acs.reset();
    nextcloud.reset();
    for (const partner of partners) partner.reset();
    return { ok: true };
  });

  return app;
}
