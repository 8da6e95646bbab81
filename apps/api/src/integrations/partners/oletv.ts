import { z } from 'zod';
import { callPartner, isBusinessAnswer, unexpected } from './http.ts';
import type { OleTvActivation, OleTvCheck, PartnerConnection, PartnerSubscriberInput } from './types.ts';

// Olé TV (integration method `ole_tv`): `GET {url}/api/v1/clientes/{cpf_cnpj}` checks a customer,
// `POST {url}/api/v1/clientes/ativar` activates one, `POST {url}/api/v1/senha/recuperar` e-mails a new
// password. Errors are `{status:'erro', codigo, mensagem}` with Olé's lower-case texts ('cliente ja existe');
// the outcome is read from `codigo` (apps/sim/README.md, Olé TV).

const PARTNER = 'oletv';

const CLIENT_EXISTS = 102;
const EMAIL_IN_USE = 103;
const CLIENT_NOT_FOUND = 104;

const failure = z.object({
  status: z.literal('erro'),
  codigo: z.number().int(),
  mensagem: z.string().nullish(),
});
const ok = z.object({ status: z.literal('ok') });
const checked = ok.extend({
  existe: z.boolean(),
  email: z.string().nullish(),
  quantidade: z.number().int().min(0),
});

export class OleTvClient {
  constructor(private readonly conn: PartnerConnection) {}

  async check(document: string): Promise<OleTvCheck> {
    const { status, json } = await callPartner(
      PARTNER,
      this.conn,
      'GET',
      `/api/v1/clientes/${encodeURIComponent(document)}`,
    );
    const answer = checked.safeParse(json);
    if (status !== 200 || !answer.success) throw unexpected(PARTNER, status);
    return { exists: answer.data.existe, email: answer.data.email ?? null, amount: answer.data.quantidade };
  }

  async activate(input: PartnerSubscriberInput): Promise<OleTvActivation> {
    const { status, json } = await callPartner(PARTNER, this.conn, 'POST', '/api/v1/clientes/ativar', {
      nome: input.name,
      email: input.email ?? '',
      cpf_cnpj: input.document,
      telefone: input.phone,
      codigo_externo: input.externalId,
    });
    if (status < 300 && ok.safeParse(json).success) return { outcome: 'activated' };
    const error = failure.safeParse(json);
    if (!isBusinessAnswer(status) || !error.success) throw unexpected(PARTNER, status);
    if (error.data.codigo === CLIENT_EXISTS) return { outcome: 'already_exists' };
    if (error.data.codigo === EMAIL_IN_USE) return { outcome: 'email_in_use' };
    return { outcome: 'refused', message: error.data.mensagem ?? null };
  }

  /** 'not_found' when Olé knows no customer with this e-mail and CPF/CNPJ. */
  async recoverPassword(email: string, document: string): Promise<'sent' | 'not_found'> {
    const { status, json } = await callPartner(PARTNER, this.conn, 'POST', '/api/v1/senha/recuperar', {
      email,
      cpf_cnpj: document,
    });
    if (status < 300 && ok.safeParse(json).success) return 'sent';
    const error = failure.safeParse(json);
    if (status >= 400 && error.success && error.data.codigo === CLIENT_NOT_FOUND) return 'not_found';
    throw unexpected(PARTNER, status);
  }
}
