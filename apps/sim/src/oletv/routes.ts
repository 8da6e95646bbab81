// Olé TV's provider API as our simulator answers it, under /oletv/{instance}. Olé's reseller API is
// documented only to its partners (a third-party client shows form posts with `keyapi`/`login`/`pass` to
// paths such as `/clientes/buscacpfcnpj/{cpf_cnpj}`); the calls below, a Bearer token and JSON are our
// design. Kept from what the portal's spec quotes: the answers are lower-case text without accents
// ('cliente ja existe', 'e-mail ja esta em uso'), next to a numeric `codigo`.

import { z } from 'zod';
import { type Answer, EMAIL, firstField, type RouteFn, sameEmail, validDocument } from '../partner-kit.ts';
import type { OleTvCustomer, OleTvState } from './seed.ts';

export const oleTvError = (status: number, codigo: number, mensagem: string): Answer => ({
  status,
  body: { status: 'erro', codigo, mensagem },
});

const activateBody = z.object({
  nome: z.string().trim().min(1),
  email: z.string().trim().regex(EMAIL),
  cpf_cnpj: z.string().regex(/^\d+$/),
  telefone: z
    .string()
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  codigo_externo: z.string().trim().min(1),
});

const recoverBody = z.object({ email: z.string().trim().min(1), cpf_cnpj: z.string().regex(/^\d+$/) });

const required = (error: z.ZodError) => oleTvError(422, 101, `campo obrigatorio: ${firstField(error)}`);

export function oleTvRoutes(route: RouteFn<OleTvState>): void {
  route('GET', '/api/v1/clientes/:cpf_cnpj', ({ state, params }) => {
    const customer = state.customers.get(params.cpf_cnpj ?? '');
    return {
      status: 200,
      body: {
        status: 'ok',
        existe: customer !== undefined,
        email: customer?.email ?? null,
        quantidade: customer?.subscriptions ?? 0,
      },
    };
  });

  route('POST', '/api/v1/clientes/ativar', ({ state, body }) => {
    const parsed = activateBody.safeParse(body);
    if (!parsed.success) return required(parsed.error);
    const input = parsed.data;
    if (!validDocument(input.cpf_cnpj)) return oleTvError(422, 105, 'cpf/cnpj invalido');
    if (state.customers.has(input.cpf_cnpj)) return oleTvError(409, 102, 'cliente ja existe');
    if ([...state.customers.values()].some((c) => sameEmail(c.email, input.email)))
      return oleTvError(409, 103, 'e-mail ja esta em uso');
    const customer: OleTvCustomer = {
      id: state.nextId++,
      document: input.cpf_cnpj,
      name: input.nome,
      email: input.email.toLowerCase(),
      phone: input.telefone,
      externalId: input.codigo_externo,
      subscriptions: 1,
      status: 'active',
      recoveries: 0,
    };
    state.customers.set(customer.document, customer);
    return { status: 201, body: { status: 'ok', mensagem: 'cliente ativado', id_cliente: customer.id } };
  });

  route('POST', '/api/v1/senha/recuperar', ({ state, body }) => {
    const parsed = recoverBody.safeParse(body);
    if (!parsed.success) return required(parsed.error);
    const customer = state.customers.get(parsed.data.cpf_cnpj);
    if (!customer || !sameEmail(customer.email, parsed.data.email))
      return oleTvError(404, 104, 'cliente nao encontrado');
    customer.recoveries += 1;
    return { status: 200, body: { status: 'ok', mensagem: 'e-mail de recuperacao enviado' } };
  });
}
