// Watch Brasil's ISP API as our simulator answers it, under /watch/{instance} (the real base is
// https://apiweb.watch.tv.br/watch). The paths (`/v2/assinantes/insert`, `/v2/tickets/get`), the
// `pAssinanteIDIntegracao` field, tickets per package and "the e-mail is the primary key" come from Watch's
// public documentation page; the other field names, the codes and the messages are our design.

import { z } from 'zod';
import { type Answer, EMAIL, firstField, type RouteFn, sameEmail, validDocument } from '../partner-kit.ts';
import type { WatchState, WatchSubscriber } from './seed.ts';

export const watchError = (status: number, code: string, message: string, extra: object = {}): Answer => ({
  status,
  body: { success: false, code, message, ...extra },
});

const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

const insertBody = z.object({
  pNome: z.string().trim().min(1),
  pEmail: z.string().trim().regex(EMAIL),
  pCPFCNPJ: z.string().regex(/^\d+$/),
  pTelefone: optionalText,
  pDataNascimento: optionalText.pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable(),
  ),
  pAssinanteIDIntegracao: z.string().trim().min(1),
  pPacotes: z.array(z.string().min(1)).min(1),
});

const view = (s: WatchSubscriber, packages: Map<string, string>) => ({
  Nome: s.name,
  Email: s.email,
  Login: s.email,
  CPFCNPJ: s.document,
  Status: s.status === 'active' ? 'ATIVO' : 'SUSPENSO',
  AssinanteIDIntegracao: s.integrationId,
  Tickets: s.tickets.map((t) => ({ Ticket: t.ticket, Pacote: t.packageId, Nome: packages.get(t.packageId) })),
});

export function watchRoutes(route: RouteFn<WatchState>): void {
  route('POST', '/v2/assinantes/insert', ({ state, body }) => {
    const parsed = insertBody.safeParse(body);
    if (!parsed.success) {
      const field = firstField(parsed.error);
      return watchError(422, 'CAMPO_INVALIDO', `Campo '${field}' ausente ou inválido`, { field });
    }
    const input = parsed.data;
    if (!validDocument(input.pCPFCNPJ)) return watchError(422, 'CPF_CNPJ_INVALIDO', 'CPF/CNPJ inválido');
    const unknown = input.pPacotes.find((id) => !state.packages.has(id));
    if (unknown)
      return watchError(422, 'PACOTE_INVALIDO', `Pacote ${unknown} não está disponível para o provedor`);

    // Re-sending a subscriber is harmless: nothing changes, the answer carries the login it has.
    const existing = state.subscribers.get(input.pCPFCNPJ);
    if (existing)
      return watchError(409, 'ASSINANTE_EXISTENTE', 'Assinante já cadastrado para este CPF/CNPJ', {
        Login: existing.email,
      });
    if (!input.pDataNascimento)
      return watchError(422, 'DATA_NASCIMENTO_OBRIGATORIA', 'Data de nascimento é obrigatória');
    if ([...state.subscribers.values()].some((s) => sameEmail(s.email, input.pEmail)))
      return watchError(409, 'EMAIL_JA_CADASTRADO', 'E-mail já cadastrado para outro CPF/CNPJ');
    if ([...state.linkedElsewhere].some((e) => sameEmail(e, input.pEmail)))
      return watchError(
        409,
        'EMAIL_VINCULADO_OUTRO_PROVEDOR',
        'E-mail já vinculado a uma conta Watch de outro provedor',
      );

    const subscriber: WatchSubscriber = {
      document: input.pCPFCNPJ,
      name: input.pNome,
      email: input.pEmail.toLowerCase(),
      phone: input.pTelefone,
      birthdate: input.pDataNascimento,
      integrationId: input.pAssinanteIDIntegracao,
      status: 'active',
      tickets: [...new Set(input.pPacotes)].map((packageId) => ({
        ticket: `TK-${String(state.nextTicket++).padStart(6, '0')}`,
        packageId,
      })),
    };
    state.subscribers.set(subscriber.document, subscriber);
    return {
      status: 201,
      body: {
        success: true,
        message: 'Assinante cadastrado com sucesso',
        Login: subscriber.email,
        Tickets: view(subscriber, state.packages).Tickets,
      },
    };
  });

  route('GET', '/v2/tickets/get', ({ state, query }) => {
    const document = query.pCPFCNPJ ?? '';
    if (!/^\d+$/.test(document))
      return watchError(422, 'CAMPO_INVALIDO', "Campo 'pCPFCNPJ' ausente ou inválido", { field: 'pCPFCNPJ' });
    const subscriber = state.subscribers.get(document);
    if (!subscriber) return watchError(404, 'ASSINANTE_NAO_ENCONTRADO', 'Assinante não encontrado');
    return { status: 200, body: { success: true, Assinante: view(subscriber, state.packages) } };
  });
}
