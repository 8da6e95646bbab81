// Playhub's partner API as our simulator answers it, under /playhub/{instance}. No public documentation
// of Playhub's ISP API was found: paths, fields, codes and messages are our design, in the style of
// Brazilian partner APIs (snake_case Portuguese fields, `{status:'erro', codigo, mensagem}`).

import { z } from 'zod';
import { type Answer, EMAIL, firstField, type RouteFn, sameEmail, validDocument } from '../partner-kit.ts';
import type { PlayhubState, PlayhubSubscriber } from './seed.ts';

export const playhubError = (
  status: number,
  codigo: string,
  mensagem: string,
  extra: object = {},
): Answer => ({
  status,
  body: { status: 'erro', codigo, mensagem, ...extra },
});

const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

const createBody = z.object({
  nome: z.string().trim().min(1),
  email: z.string().trim().regex(EMAIL),
  documento: z.string().regex(/^\d+$/),
  telefone: optionalText,
  data_nascimento: optionalText.pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable(),
  ),
  id_externo: z.string().trim().min(1),
  produtos: z.array(z.string().min(1)).min(1),
});

const view = (s: PlayhubSubscriber) => ({
  id: s.id,
  usuario: s.username,
  nome: s.name,
  email: s.email,
  documento: s.document,
  situacao: s.status === 'active' ? 'ativo' : 'suspenso',
  produtos: s.products,
});

/** `maria.souza` from 'Maria Aparecida Souza'; `maria.souza2` when taken. */
function username(name: string, taken: Set<string>): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const base =
    [words[0], words.length > 1 ? words.at(-1) : undefined].filter(Boolean).join('.') || 'assinante';
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}${n}`;
  return candidate;
}

export function playhubRoutes(route: RouteFn<PlayhubState>): void {
  route('POST', '/api/v1/assinantes', ({ state, body }) => {
    const parsed = createBody.safeParse(body);
    if (!parsed.success) {
      const campo = firstField(parsed.error);
      return playhubError(422, 'campo_invalido', `O campo ${campo} é obrigatório ou inválido`, { campo });
    }
    const input = parsed.data;
    if (!validDocument(input.documento)) return playhubError(422, 'documento_invalido', 'CPF/CNPJ inválido');
    const unknown = input.produtos.find((id) => !state.products.has(id));
    if (unknown)
      return playhubError(422, 'produto_invalido', `Produto ${unknown} não contratado pelo provedor`);

    const existing = state.subscribers.get(input.documento);
    if (existing)
      return playhubError(409, 'assinante_existente', 'Já existe um assinante com este CPF/CNPJ', {
        usuario: existing.username,
      });
    const all = [...state.subscribers.values()];
    if (all.some((s) => sameEmail(s.email, input.email)))
      return playhubError(409, 'email_em_uso', 'Este e-mail já está em uso por outro assinante');

    const subscriber: PlayhubSubscriber = {
      id: state.nextId++,
      username: username(input.nome, new Set(all.map((s) => s.username))),
      document: input.documento,
      name: input.nome,
      email: input.email.toLowerCase(),
      phone: input.telefone,
      birthdate: input.data_nascimento,
      externalId: input.id_externo,
      status: 'active',
      products: [...new Set(input.produtos)],
    };
    state.subscribers.set(subscriber.document, subscriber);
    return { status: 201, body: { status: 'sucesso', assinante: view(subscriber) } };
  });

  route('GET', '/api/v1/assinantes/:documento', ({ state, params }) => {
    const subscriber = state.subscribers.get(params.documento ?? '');
    if (!subscriber) return playhubError(404, 'assinante_nao_encontrado', 'Assinante não encontrado');
    return { status: 200, body: { status: 'sucesso', assinante: view(subscriber) } };
  });
}
