// Playhub (streaming) as one Fastify plugin: the API under /playhub/{instance}, switches under /__sim/playhub.

import { createPartnerSimulator, type PartnerSimulator } from '../partner-kit.ts';
import { playhubError, playhubRoutes } from './routes.ts';
import { DEMO_PLAYHUB, playhubSeed } from './seed.ts';

export { DEMO_PLAYHUB } from './seed.ts';

export function createPlayhubSimulator(): PartnerSimulator {
  return createPartnerSimulator({
    partner: 'playhub',
    seeded: { demo: DEMO_PLAYHUB.demo.token, outro: DEMO_PLAYHUB.outro.token },
    seed: playhubSeed,
    refusal: (kind) =>
      ({
        unauthorised: playhubError(401, 'nao_autorizado', 'Token de acesso inválido'),
        invalid_json: playhubError(400, 'requisicao_invalida', 'JSON malformado no corpo da requisição'),
        not_found: playhubError(404, 'rota_nao_encontrada', 'Rota não encontrada'),
      })[kind],
    subscribers: (state) => [...state.subscribers.values()].map((s) => ({ ...s, products: [...s.products] })),
    setStatus: (state, document, status) => {
      const subscriber = state.subscribers.get(document);
      if (subscriber) subscriber.status = status;
      return subscriber !== undefined;
    },
    routes: playhubRoutes,
  });
}
