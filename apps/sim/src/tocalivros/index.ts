// Tocalivros (audiobooks) as one Fastify plugin: the API under /tocalivros/{instance}, switches under
// /__sim/tocalivros.

import { createPartnerSimulator, type PartnerSimulator } from '../partner-kit.ts';
import { tocaLivrosError, tocaLivrosRoutes } from './routes.ts';
import { DEMO_TOCALIVROS, tocaLivrosSeed } from './seed.ts';

export { DEMO_TOCALIVROS } from './seed.ts';

export function createTocaLivrosSimulator(): PartnerSimulator {
  return createPartnerSimulator({
    partner: 'tocalivros',
    seeded: { demo: DEMO_TOCALIVROS.demo.token, outro: DEMO_TOCALIVROS.outro.token },
    seed: tocaLivrosSeed,
    refusal: (kind) =>
      ({
        unauthorised: tocaLivrosError(401, 'NAO_AUTORIZADO', 'Token inválido'),
        invalid_json: tocaLivrosError(400, 'JSON_INVALIDO', 'O corpo da requisição não é um JSON válido'),
        not_found: tocaLivrosError(404, 'NAO_ENCONTRADO', 'Recurso não encontrado'),
      })[kind],
    subscribers: (state) => [...state.users.values()].map((u) => ({ ...u })),
    setStatus: (state, document, status) => {
      const user = state.users.get(document);
      if (user) user.status = status;
      return user !== undefined;
    },
    routes: tocaLivrosRoutes,
  });
}
