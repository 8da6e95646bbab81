// Watch Brasil (streaming) as one Fastify plugin: the API under /watch/{instance}, switches under /__sim/watch.

import { createPartnerSimulator, type PartnerSimulator } from '../partner-kit.ts';
import { watchError, watchRoutes } from './routes.ts';
import { DEMO_WATCH, watchSeed } from './seed.ts';

export { DEMO_WATCH } from './seed.ts';

export function createWatchSimulator(): PartnerSimulator {
  return createPartnerSimulator({
    partner: 'watch',
    seeded: { demo: DEMO_WATCH.demo.token, outro: DEMO_WATCH.outro.token },
    seed: watchSeed,
    refusal: (kind) =>
      ({
        unauthorised: watchError(401, 'TOKEN_INVALIDO', 'Token de acesso inválido ou expirado'),
        invalid_json: watchError(400, 'JSON_INVALIDO', 'Corpo da requisição não é um JSON válido'),
        not_found: watchError(404, 'RECURSO_NAO_ENCONTRADO', 'Recurso não encontrado'),
      })[kind],
    subscribers: (state) =>
      [...state.subscribers.values()].map((s) => ({ ...s, tickets: s.tickets.map((t) => ({ ...t })) })),
    setStatus: (state, document, status) => {
      const subscriber = state.subscribers.get(document);
      if (subscriber) subscriber.status = status;
      return subscriber !== undefined;
    },
    routes: watchRoutes,
  });
}
