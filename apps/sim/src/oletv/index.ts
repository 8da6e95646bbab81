// Olé TV (TV app) as one Fastify plugin: the API under /oletv/{instance}, switches under /__sim/oletv.

import { createPartnerSimulator, type PartnerSimulator } from '../partner-kit.ts';
import { oleTvError, oleTvRoutes } from './routes.ts';
import { DEMO_OLETV, oleTvSeed } from './seed.ts';

export { DEMO_OLETV } from './seed.ts';

export function createOleTvSimulator(): PartnerSimulator {
  return createPartnerSimulator({
    partner: 'oletv',
    seeded: { demo: DEMO_OLETV.demo.token, outro: DEMO_OLETV.outro.token },
    seed: oleTvSeed,
    refusal: (kind) =>
      ({
        unauthorised: oleTvError(401, 100, 'token invalido'),
        invalid_json: oleTvError(400, 106, 'requisicao invalida'),
        not_found: oleTvError(404, 404, 'recurso nao encontrado'),
      })[kind],
    subscribers: (state) => [...state.customers.values()].map((c) => ({ ...c })),
    setStatus: (state, document, status) => {
      const customer = state.customers.get(document);
      if (customer) customer.status = status;
      return customer !== undefined;
    },
    routes: oleTvRoutes,
  });
}
