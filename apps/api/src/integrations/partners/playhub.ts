import { z } from 'zod';
import { callPartner, isBusinessAnswer, unexpected } from './http.ts';
import type {
  PartnerConnection,
  PartnerSubscriberInput,
  StreamingActivation,
  StreamingSubscriber,
} from './types.ts';

// Playhub (integration method `playhub`): `POST {url}/api/v1/assinantes` creates the subscriber with its
// products and a user name Playhub makes up, `GET {url}/api/v1/assinantes/{documento}` reads it. Errors are
// `{status:'erro', codigo, mensagem}`; the codes are in apps/sim/README.md (Playhub).

const PARTNER = 'playhub';

const failure = z.object({
  status: z.literal('erro'),
  codigo: z.string(),
  mensagem: z.string().nullish(),
  usuario: z.string().nullish(),
});
const subscriber = z.object({
  status: z.literal('sucesso'),
  assinante: z.object({
    usuario: z.string().nullish(),
    email: z.string().nullish(),
    situacao: z.string(),
  }),
});

export class PlayhubClient {
  constructor(private readonly conn: PartnerConnection) {}

  async activate(input: PartnerSubscriberInput): Promise<StreamingActivation> {
    const { status, json } = await callPartner(PARTNER, this.conn, 'POST', '/api/v1/assinantes', {
      nome: input.name,
      email: input.email ?? '',
      documento: input.document,
      telefone: input.phone,
      data_nascimento: input.birthdate,
      id_externo: input.externalId,
      produtos: input.productIds,
    });
    const ok = subscriber.safeParse(json);
    if (status < 300 && ok.success) return { outcome: 'activated', login: ok.data.assinante.usuario ?? null };
    const error = failure.safeParse(json);
    if (!isBusinessAnswer(status) || !error.success) throw unexpected(PARTNER, status);
    switch (error.data.codigo) {
      case 'assinante_existente':
        return { outcome: 'already_active', login: error.data.usuario ?? null };
      case 'email_em_uso':
        return { outcome: 'email_in_use' };
      default:
        return { outcome: 'refused', message: error.data.mensagem ?? null };
    }
  }

  /** The subscriber with this CPF/CNPJ, or null when Playhub does not know it. */
  async subscriber(document: string): Promise<StreamingSubscriber | null> {
    const { status, json } = await callPartner(
      PARTNER,
      this.conn,
      'GET',
      `/api/v1/assinantes/${encodeURIComponent(document)}`,
    );
    const ok = subscriber.safeParse(json);
    if (status === 200 && ok.success) {
      const { usuario, email, situacao } = ok.data.assinante;
      return { login: usuario ?? null, email: email ?? null, active: situacao === 'ativo' };
    }
    const error = failure.safeParse(json);
    if (status === 404 && error.success && error.data.codigo === 'assinante_nao_encontrado') return null;
    throw unexpected(PARTNER, status);
  }
}
