import { z } from 'zod';
import { callPartner, isBusinessAnswer, unexpected } from './http.ts';
import type {
  PartnerConnection,
  PartnerSubscriberInput,
  StreamingActivation,
  StreamingSubscriber,
} from './types.ts';

// Watch Brasil (integration methods `watch`/`watchbr`): `POST {url}/v2/assinantes/insert` creates the
// subscriber with its packages (the e-mail is the login), `GET {url}/v2/tickets/get?pCPFCNPJ=` reads it.
// Errors are `{success:false, code, message}`; the codes are in apps/sim/README.md (Watch Brasil).

const PARTNER = 'watch';

const failure = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string().nullish(),
  Login: z.string().nullish(),
});
const inserted = z.object({ success: z.literal(true), Login: z.string().nullish() });
const found = z.object({
  success: z.literal(true),
  Assinante: z.object({
    Login: z.string().nullish(),
    Email: z.string().nullish(),
    Status: z.string(),
  }),
});

export class WatchClient {
  constructor(private readonly conn: PartnerConnection) {}

  async activate(input: PartnerSubscriberInput): Promise<StreamingActivation> {
    const { status, json } = await callPartner(PARTNER, this.conn, 'POST', '/v2/assinantes/insert', {
      pNome: input.name,
      pEmail: input.email ?? '',
      pCPFCNPJ: input.document,
      pTelefone: input.phone,
      pDataNascimento: input.birthdate,
      pAssinanteIDIntegracao: input.externalId,
      pPacotes: input.productIds,
    });
    const ok = inserted.safeParse(json);
    if (status < 300 && ok.success) return { outcome: 'activated', login: ok.data.Login ?? null };
    const error = failure.safeParse(json);
    if (!isBusinessAnswer(status) || !error.success) throw unexpected(PARTNER, status);
    switch (error.data.code) {
      case 'ASSINANTE_EXISTENTE':
        return { outcome: 'already_active', login: error.data.Login ?? null };
      case 'EMAIL_JA_CADASTRADO':
        return { outcome: 'email_in_use' };
      case 'DATA_NASCIMENTO_OBRIGATORIA':
        return { outcome: 'birthdate_missing' };
      case 'EMAIL_VINCULADO_OUTRO_PROVEDOR':
        return { outcome: 'email_linked' };
      default:
        return { outcome: 'refused', message: error.data.message ?? null };
    }
  }

  /** The subscriber with this CPF/CNPJ, or null when Watch does not know it. */
  async subscriber(document: string): Promise<StreamingSubscriber | null> {
    const { status, json } = await callPartner(
      PARTNER,
      this.conn,
      'GET',
      `/v2/tickets/get?pCPFCNPJ=${encodeURIComponent(document)}`,
    );
    const ok = found.safeParse(json);
    if (status === 200 && ok.success) {
      const { Login, Email, Status } = ok.data.Assinante;
      return { login: Login ?? Email ?? null, email: Email ?? null, active: Status === 'ATIVO' };
    }
    const error = failure.safeParse(json);
    if (status === 404 && error.success && error.data.code === 'ASSINANTE_NAO_ENCONTRADO') return null;
    throw unexpected(PARTNER, status);
  }
}
