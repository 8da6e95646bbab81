// Tocalivros' partner API as our simulator answers it, under /tocalivros/{instance}. No public
// documentation of Tocalivros' ISP API was found: paths, fields, codes and messages are our design
// (`{sucesso:false, erro:{codigo, mensagem}}`). The password is stored, never answered back.

import { z } from 'zod';
import { type Answer, EMAIL, firstField, type RouteFn, sameEmail, validDocument } from '../partner-kit.ts';
import type { TocaLivrosState, TocaLivrosUser } from './seed.ts';

export const tocaLivrosError = (
  status: number,
  codigo: string,
  mensagem: string,
  extra: object = {},
): Answer => ({
  status,
  body: { sucesso: false, erro: { codigo, mensagem, ...extra } },
});

const activateBody = z.object({
  nome: z.string().trim().min(1),
  usuario: z.string().regex(/^[A-Za-z0-9._-]{3,30}$/),
  senha: z.string().min(6).max(64),
  email: z.string().trim().regex(EMAIL),
  cpf_cnpj: z.string().regex(/^\d+$/),
  ddd: z.string().regex(/^\d{2}$/),
  telefone: z.string().regex(/^\d{8,9}$/),
  id_externo: z.string().trim().min(1),
});

const view = (u: TocaLivrosUser) => ({ usuario: u.username, email: u.email, ativo: u.status === 'active' });

export function tocaLivrosRoutes(route: RouteFn<TocaLivrosState>): void {
  route('GET', '/api/parceiros/usuarios/:cpf_cnpj', ({ state, params }) => {
    const user = state.users.get(params.cpf_cnpj ?? '');
    if (!user) return tocaLivrosError(404, 'USUARIO_NAO_ENCONTRADO', 'Usuário não encontrado');
    return { status: 200, body: { sucesso: true, usuario: view(user) } };
  });

  route('POST', '/api/parceiros/usuarios', ({ state, body }) => {
    const parsed = activateBody.safeParse(body);
    if (!parsed.success) {
      const campo = firstField(parsed.error);
      if (campo === 'senha')
        return tocaLivrosError(422, 'SENHA_INVALIDA', 'A senha deve ter entre 6 e 64 caracteres', { campo });
      return tocaLivrosError(422, 'CAMPO_INVALIDO', `Campo ${campo} ausente ou inválido`, { campo });
    }
    const input = parsed.data;
    if (!validDocument(input.cpf_cnpj)) return tocaLivrosError(422, 'CPF_CNPJ_INVALIDO', 'CPF/CNPJ inválido');
    const existing = state.users.get(input.cpf_cnpj);
    if (existing?.status === 'active')
      return tocaLivrosError(409, 'USUARIO_JA_ATIVO', 'Já existe um usuário ativo para este CPF/CNPJ');
    if (existing)
      return tocaLivrosError(
        403,
        'USUARIO_BLOQUEADO',
        'Usuário bloqueado. Entre em contato com o suporte do seu provedor.',
      );
    const all = [...state.users.values()];
    if (all.some((u) => u.username.toLowerCase() === input.usuario.toLowerCase()))
      return tocaLivrosError(409, 'USUARIO_INDISPONIVEL', 'Este nome de usuário já está em uso');
    if (all.some((u) => sameEmail(u.email, input.email)))
      return tocaLivrosError(409, 'EMAIL_EM_USO', 'Este e-mail já está cadastrado');

    const user: TocaLivrosUser = {
      document: input.cpf_cnpj,
      name: input.nome,
      username: input.usuario,
      password: input.senha,
      email: input.email.toLowerCase(),
      ddd: input.ddd,
      phone: input.telefone,
      externalId: input.id_externo,
      status: 'active',
    };
    state.users.set(user.document, user);
    return {
      status: 201,
      body: { sucesso: true, mensagem: 'Usuário ativado com sucesso', usuario: view(user) },
    };
  });
}
