import { z } from 'zod';
import { callPartner, isBusinessAnswer, unexpected } from './http.ts';
import type { PartnerConnection, TocaLivrosActivation, TocaLivrosActivationInput } from './types.ts';

// Tocalivros (integration method `api_toca_livros`): `GET {url}/api/parceiros/usuarios/{cpf_cnpj}` reads a
// user, `POST {url}/api/parceiros/usuarios` creates one with the user name and password the subscriber
// chose. Errors are `{sucesso:false, erro:{codigo, mensagem}}` (apps/sim/README.md, Tocalivros). The
// password goes in the body only: never into a message or an error.

const PARTNER = 'tocalivros';

const failure = z.object({
  sucesso: z.literal(false),
  erro: z.object({ codigo: z.string(), mensagem: z.string().nullish() }),
});
const user = z.object({ sucesso: z.literal(true), usuario: z.object({ ativo: z.boolean() }) });

export class TocaLivrosClient {
  constructor(private readonly conn: PartnerConnection) {}

  /** Whether the CPF/CNPJ has an active Tocalivros user (false when unknown or blocked). */
  async isActive(document: string): Promise<boolean> {
    const { status, json } = await callPartner(
      PARTNER,
      this.conn,
      'GET',
      `/api/parceiros/usuarios/${encodeURIComponent(document)}`,
    );
    const found = user.safeParse(json);
    if (status === 200 && found.success) return found.data.usuario.ativo;
    const error = failure.safeParse(json);
    if (status === 404 && error.success && error.data.erro.codigo === 'USUARIO_NAO_ENCONTRADO') return false;
    throw unexpected(PARTNER, status);
  }

  async activate(input: TocaLivrosActivationInput): Promise<TocaLivrosActivation> {
    const { status, json } = await callPartner(PARTNER, this.conn, 'POST', '/api/parceiros/usuarios', {
      nome: input.name,
      usuario: input.user,
      senha: input.password,
      email: input.email,
      cpf_cnpj: input.document,
      ddd: input.ddd,
      telefone: input.phone,
      id_externo: input.externalId,
    });
    if (status < 300 && user.safeParse(json).success) return { outcome: 'activated' };
    const error = failure.safeParse(json);
    if (!isBusinessAnswer(status) || !error.success) throw unexpected(PARTNER, status);
    switch (error.data.erro.codigo) {
      case 'USUARIO_JA_ATIVO':
        return { outcome: 'already_active' };
      case 'USUARIO_INDISPONIVEL':
        return { outcome: 'user_taken' };
      case 'EMAIL_EM_USO':
        return { outcome: 'email_in_use' };
      default:
        return { outcome: 'refused', message: error.data.erro.mensagem ?? null };
    }
  }
}
