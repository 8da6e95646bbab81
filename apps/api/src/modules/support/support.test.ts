import { messages, SUPPORT_PAGE_SIZE } from '@central/domain';
import { IXC_DEMO, IXC_OUTRO } from '@central/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  type Harness,
  startHarness,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import { adminSession } from '../../../test/staff.ts';
import { SUPPORT_LIMITS } from './service.ts';

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const FERNANDA = '71460238001';

type Jar = Record<string, string>;
type Tenant = Awaited<ReturnType<Harness['tenant']>>;
interface Ticket {
  id: string;
  subject: string;
  protocolo: string;
  created_at: string | null;
  status: string;
  message: string;
}
interface Message {
  id: string;
  mensagem: string;
  data: string | null;
  ATTENDANT: { nome: string } | null;
}

let h: Harness;
/** support_type customer_service: tickets (su_ticket) */
let tickets: Tenant;
/** support_type os: service orders (su_oss_chamado) */
let orders: Tenant;
let mariaTickets: Jar;
let mariaOrders: Jar;

const ticketSupport = { supportType: 'customer_service', departmentId: '1' } as const;
const orderSupport = { supportType: 'os', departmentId: '2', messageEventId: '9' } as const;

async function session(clientId: string, document: string): Promise<Jar> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/central/sign-in',
    headers: { client_id: clientId },
    payload: { cpfOrCnpj: document, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return cookiesFrom(res);
}

const get = (t: Tenant, jar: Jar, url: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/central${url}`,
    headers: { client_id: t.clientId, cookie: cookieHeader(jar) },
  });
const post = (t: Tenant, jar: Jar, url: string, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: `/api/central${url}`,
    headers: { client_id: t.clientId, cookie: cookieHeader(jar) },
    payload,
  });

const request = (over: object = {}) => ({
  subject: '2',
  message: 'A internet cai toda noite.',
  contractId: IXC_DEMO.contracts.mariaActive,
  phone_number: '(47) 99999-8888',
  ...over,
});
const ids = (list: { id: string }[]) => list.map((x) => x.id);

beforeAll(async () => {
  h = await startHarness();
  tickets = await h.tenant({ credentials: [MARIA, PADARIA], support: ticketSupport });
  orders = await h.tenant({ credentials: [MARIA, PADARIA], support: orderSupport });
  mariaTickets = await session(tickets.clientId, MARIA);
  mariaOrders = await session(orders.clientId, MARIA);
});
afterAll(() => h.close());

describe('subjects', () => {
  it("offers the ERP's active subjects shown in the subscriber's portal", async () => {
    const res = await get(tickets, mariaTickets, '/customer/support/subjects');
    expect(res.statusCode).toBe(200);
    const subjects = res.json().subjects as { id: string; value: string; description: string }[];
    expect(ids(subjects)).toEqual([...IXC_DEMO.subjects.visible]);
    expect(subjects[0]).toEqual({ id: '1', value: 'Sem conexão', description: 'Internet totalmente parada' });
  });

  it("offers the provider's configured subjects instead, in its order", async () => {
    const t = await h.tenant({
      credentials: [MARIA],
      support: {
        ...ticketSupport,
        subjects: [
          { id: '3', content: 'Financeiro' },
          { id: '6', content: 'Cancelamento' },
        ],
      },
    });
    const jar = await session(t.clientId, MARIA);
    const res = await get(t, jar, '/customer/support/subjects');
    expect(res.json().subjects).toEqual([
      { id: '3', value: 'Financeiro', description: 'Faturas, pagamentos e negociação' },
      { id: '6', value: 'Cancelamento de contrato', description: 'Atendido apenas por telefone (retenção)' },
    ]);
    // a subject outside the list is refused, even one the ERP shows on its portal
    const refused = await post(t, jar, '/customer/create/support', request({ subject: '2' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'SUPPORT_SUBJECT_INVALID' });
  });

  it('offers the subjects an admin just saved, at once (the ERP subjects are cached, not the choice)', async () => {
    const t = await h.tenant({
      credentials: [MARIA],
      support: { ...ticketSupport, subjects: [{ id: '3', content: 'Financeiro' }] },
    });
    const jar = await session(t.clientId, MARIA);
    expect(ids((await get(t, jar, '/customer/support/subjects')).json().subjects)).toEqual(['3']);

    const admin = { cookie: cookieHeader((await adminSession(h)).jar) };
    const form = await h.app.inject({ url: `/api/admin/customer/${t.clientId}`, headers: admin });
    const { client_id: _c, suspended: _s, secrets: _x, ...fields } = form.json();
    const edit = await h.app.inject({
      method: 'PUT',
      url: `/api/admin/customer/${t.clientId}/edit`,
      headers: admin,
      payload: { ...fields, subjects: [{ id: '6', content: 'Cancelamento' }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    expect(ids((await get(t, jar, '/customer/support/subjects')).json().subjects)).toEqual(['6']);
    const refused = await post(t, jar, '/customer/create/support', request({ subject: '3' }));
    expect(refused.json()).toMatchObject({ code: 'SUPPORT_SUBJECT_INVALID' });
  });

  it("answers 'Falha ao obter assuntos' when the ERP fails", async () => {
    const t = await h.tenant({ credentials: [MARIA], support: ticketSupport });
    const jar = await session(t.clientId, MARIA);
    await t.simFaults({ table: 'su_oss_assunto', mode: 'error' });
    const res = await get(t, jar, '/customer/support/subjects');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'SUPPORT_SUBJECTS_FAILED', message: 'Falha ao obter assuntos' });
  });
});

describe('tickets (support_type customer_service)', () => {
  it("lists the customer's tickets in progress, newest first, and no one else's", async () => {
    const res = await get(tickets, mariaTickets, '/customer/list/supports?status=in_progress');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { supports: Ticket[]; hasMore: boolean };
    expect(ids(body.supports)).toEqual([IXC_DEMO.tickets.mariaNew, IXC_DEMO.tickets.mariaInProgress]);
    expect(body.hasMore).toBe(false);
    const ticket = body.supports[1];
    expect(ticket).toMatchObject({
      id: IXC_DEMO.tickets.mariaInProgress,
      subject: 'Internet lenta',
      status: 'in_progress',
      message: 'A internet fica muito lenta depois das 19h.',
    });
    expect(ticket?.protocolo).toMatch(/^\d+$/);
    expect(ticket?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("pages the closed ones ('Ver mais') and says when there are more", async () => {
    const first = (await get(tickets, mariaTickets, '/customer/list/supports?status=closed')).json();
    expect(first.page).toBe(1);
    expect(first.supports).toHaveLength(SUPPORT_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.supports.every((s: Ticket) => s.status === 'closed')).toBe(true);
    const second = (await get(tickets, mariaTickets, '/customer/list/supports?status=closed&page=2')).json();
    expect(second.hasMore).toBe(false);
    const all = [...ids(first.supports), ...ids(second.supports)];
    expect(all).toEqual([
      IXC_DEMO.tickets.mariaSolved,
      IXC_DEMO.tickets.mariaCanceled,
      IXC_DEMO.tickets.mariaLegacyClosed,
      IXC_DEMO.tickets.mariaOldOutage,
      IXC_DEMO.tickets.mariaOldBilling,
    ]);
    const past = (await get(tickets, mariaTickets, '/customer/list/supports?status=closed&page=9')).json();
    expect(past).toEqual({ supports: [], page: 9, hasMore: false });
  });

  it('shows a ticket with its public messages, oldest first, never the private note', async () => {
    const res = await get(
      tickets,
      mariaTickets,
      `/customer/list/support/messages/${IXC_DEMO.tickets.mariaInProgress}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { support: Ticket; messages: Message[] };
    expect(body.support).toMatchObject({ id: IXC_DEMO.tickets.mariaInProgress, status: 'in_progress' });
    const messageIds = ids(body.messages);
    expect(messageIds).not.toContain(IXC_DEMO.messages.mariaPrivateNote);
    expect(JSON.stringify(body)).not.toContain('Nota interna');
    expect(messageIds).toEqual([...messageIds].sort((a, b) => Number(a) - Number(b)));
    for (const id of IXC_DEMO.messages.mariaAttendantReplies) {
      expect(body.messages.find((m) => m.id === id)?.ATTENDANT).toEqual({ nome: 'Juliana Martins' });
    }
    const mine = body.messages.find((m) => m.mensagem === 'Principalmente entre 20h e 23h.');
    expect(mine?.ATTENDANT).toBeNull();
    expect(mine?.data).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers an empty list for a ticket without messages', async () => {
    const created = await post(tickets, mariaTickets, '/customer/create/support', request());
    const res = await get(tickets, mariaTickets, `/customer/list/support/messages/${created.json().id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([]);
  });

  it('opens a ticket with a protocol from the ERP, seen in progress with the phone to call back', async () => {
    const res = await post(tickets, mariaTickets, '/customer/create/support', request({ subject: 3 }));
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ message: 'Atendimento solicitado' });
    expect(created.protocolo).toMatch(/^\d+$/);
    const list = (await get(tickets, mariaTickets, '/customer/list/supports?status=in_progress')).json();
    expect(list.supports[0]).toMatchObject({
      id: created.id,
      protocolo: created.protocolo,
      subject: 'Financeiro',
      status: 'in_progress',
      message: 'A internet cai toda noite.\n\nTelefone para contato: (47) 99999-8888',
    });
  });

  it('adds a message while the ticket is in progress; it stays in progress', async () => {
    const id = IXC_DEMO.tickets.mariaInProgress;
    const res = await post(tickets, mariaTickets, '/customer/create/support/message', {
      supportId: id,
      message: '  Testei de novo hoje e continua lento.  ',
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      text: messages.supportMessageAdded,
      message: { mensagem: 'Testei de novo hoje e continua lento.', ATTENDANT: null },
    });
    const details = (await get(tickets, mariaTickets, `/customer/list/support/messages/${id}`)).json();
    expect(details.support.status).toBe('in_progress');
    expect(details.messages.at(-1)).toMatchObject({
      id: created.message.id,
      mensagem: 'Testei de novo hoje e continua lento.',
      ATTENDANT: null,
    });
  });

  it('refuses a message on a closed ticket, in Portuguese', async () => {
    const res = await post(tickets, mariaTickets, '/customer/create/support/message', {
      supportId: IXC_DEMO.tickets.mariaSolved,
      message: 'Voltou a cair.',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'SUPPORT_CLOSED', message: messages.supportClosed });
  });
});

describe('service orders (support_type os)', () => {
  it("lists the customer's orders: open ones in progress, finished ones closed and paged", async () => {
    const open = (await get(orders, mariaOrders, '/customer/list/supports?status=in_progress')).json();
    expect(ids(open.supports)).toEqual([IXC_DEMO.serviceOrders.mariaOpen]);
    expect(open.supports[0]).toMatchObject({ subject: 'Sem conexão', status: 'in_progress' });
    const first = (await get(orders, mariaOrders, '/customer/list/supports?status=closed')).json();
    const second = (await get(orders, mariaOrders, '/customer/list/supports?status=closed&page=2')).json();
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect([...ids(first.supports), ...ids(second.supports)]).toEqual([
      IXC_DEMO.serviceOrders.mariaFinished,
      IXC_DEMO.serviceOrders.mariaOldSlowness,
      IXC_DEMO.serviceOrders.mariaOldRepair,
      IXC_DEMO.serviceOrders.mariaOldRouterSwap,
    ]);
  });

  it("shows an order's events as messages, with the technician as attendant", async () => {
    const res = await get(
      orders,
      mariaOrders,
      `/customer/list/support/messages/${IXC_DEMO.serviceOrders.mariaOpen}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { support: Ticket; messages: Message[] };
    expect(ids(body.messages)).toEqual([...IXC_DEMO.serviceOrderMessages.mariaOpen]);
    expect(body.messages.map((m) => m.ATTENDANT?.nome ?? null)).toEqual([
      'Patrícia Nunes',
      null,
      'Ricardo Alves',
    ]);
  });

  it('opens a service order on the chosen contract, seen in progress', async () => {
    const res = await post(orders, mariaOrders, '/customer/create/support', request({ subject: '1' }));
    expect(res.statusCode).toBe(200);
    const created = res.json();
    const list = (await get(orders, mariaOrders, '/customer/list/supports?status=in_progress')).json();
    expect(list.supports[0]).toMatchObject({
      id: created.id,
      protocolo: created.protocolo,
      subject: 'Sem conexão',
      status: 'in_progress',
    });
  });

  it('adds a message to an open order and refuses one on a finished order', async () => {
    const ok = await post(orders, mariaOrders, '/customer/create/support/message', {
      supportId: IXC_DEMO.serviceOrders.mariaOpen,
      message: 'Estarei em casa à tarde.',
    });
    expect(ok.statusCode).toBe(200);
    const details = (
      await get(orders, mariaOrders, `/customer/list/support/messages/${IXC_DEMO.serviceOrders.mariaOpen}`)
    ).json();
    expect(details.support.status).toBe('in_progress');
    expect(details.messages.at(-1)).toMatchObject({ mensagem: 'Estarei em casa à tarde.', ATTENDANT: null });

    const closed = await post(orders, mariaOrders, '/customer/create/support/message', {
      supportId: IXC_DEMO.serviceOrders.mariaFinished,
      message: 'Voltou a cair.',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('SUPPORT_CLOSED');
  });

  it('fails cleanly when the provider has no department configured', async () => {
    const t = await h.tenant({ credentials: [MARIA], support: { supportType: 'os' } });
    const jar = await session(t.clientId, MARIA);
    const res = await post(t, jar, '/customer/create/support', request());
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'SUPPORT_REQUEST_FAILED', message: 'Falha ao solicitar atendimento' });
  });
});

describe('access: the tenant and the customer own what is asked', () => {
  it("answers 404 for another customer's ticket, read or written", async () => {
    const other = IXC_DEMO.tickets.padariaInProgress;
    const read = await get(tickets, mariaTickets, `/customer/list/support/messages/${other}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ code: 'SUPPORT_NOT_FOUND', message: messages.supportNotFound });
    const write = await post(tickets, mariaTickets, '/customer/create/support/message', {
      supportId: other,
      message: 'Olá',
    });
    expect(write.statusCode).toBe(404);
    expect((await get(tickets, mariaTickets, '/customer/list/support/messages/999999')).statusCode).toBe(404);
    // the padaria itself sees it
    const padaria = await session(tickets.clientId, PADARIA);
    expect((await get(tickets, padaria, `/customer/list/support/messages/${other}`)).statusCode).toBe(200);
  });

  it("refuses another customer's contract", async () => {
    const res = await post(
      tickets,
      mariaTickets,
      '/customer/create/support',
      request({ contractId: IXC_DEMO.contracts.padariaBlocked }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'SUPPORT_CONTRACT_NOT_FOUND', message: messages.contractNotFound });
  });

  it("keeps tenants apart: another provider's session, and ids of another ERP, get nothing", async () => {
    const outro = await h.tenant({ from: 'outro', credentials: [FERNANDA], support: ticketSupport });
    const fernanda = await session(outro.clientId, FERNANDA);
    const own = await get(outro, fernanda, '/customer/list/supports');
    expect(ids(own.json().supports)).toEqual([IXC_OUTRO.tickets.fernandaInProgress]);
    const foreign = await get(
      outro,
      fernanda,
      `/customer/list/support/messages/${IXC_DEMO.tickets.mariaInProgress}`,
    );
    expect(foreign.statusCode).toBe(404);
    const crossed = await get(outro, mariaTickets, '/customer/list/supports');
    expect(crossed.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/central/customer/list/supports',
      headers: { client_id: tickets.clientId },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('bad input (spec §5)', () => {
  const refused = async (payload: object) => {
    const res = await post(tickets, mariaTickets, '/customer/create/support', payload);
    expect(res.statusCode).toBe(400);
    return res.json().message as string;
  };

  it('answers the spec texts', async () => {
    expect(await refused(request({ subject: '' }))).toBe('Por favor informe um assunto');
    expect(await refused({ ...request(), subject: undefined })).toBe('Por favor informe um assunto');
    expect(await refused(request({ message: '' }))).toBe('Por favor informe uma mensagem');
    expect(await refused(request({ message: 'x'.repeat(1001) }))).toBe(
      'Por favor informe uma mensagem menor que 1.000 caracteres',
    );
    expect(await refused(request({ phone_number: '(47) 8999-88' }))).toBe(
      'Por favor, informe um telefone para contato valido',
    );
    expect(await refused(request({ phone_number: '(20) 99999-8888' }))).toBe(
      'Por favor, informe um telefone para contato valido',
    );
    const message = await post(tickets, mariaTickets, '/customer/create/support/message', {
      supportId: IXC_DEMO.tickets.mariaInProgress,
      message: 'x'.repeat(1001),
    });
    expect(message.statusCode).toBe(400);
    expect(message.json().message).toBe('Por favor informe uma mensagem menor que 1.000 caracteres');
    const id = await get(tickets, mariaTickets, '/customer/list/support/messages/abc');
    expect(id.statusCode).toBe(400);
    expect((await get(tickets, mariaTickets, '/customer/list/supports?status=open')).statusCode).toBe(400);
  });
});

describe('ERP failures', () => {
  it('answer the catalogue codes, never a 500', async () => {
    const t = await h.tenant({ credentials: [MARIA], support: ticketSupport });
    const jar = await session(t.clientId, MARIA);
    for (const mode of ['error', 'html', 'http500'] as const) {
      await t.simFaults({ mode });
      const list = await get(t, jar, '/customer/list/supports?status=closed');
      expect(list.statusCode).toBe(502);
      expect(list.json()).toEqual({ code: 'SUPPORTS_FAILED', message: 'Falha ao carregar atendimentos.' });
      const details = await get(
        t,
        jar,
        `/customer/list/support/messages/${IXC_DEMO.tickets.mariaInProgress}`,
      );
      expect(details.json().code).toBe('SUPPORTS_FAILED');
      const created = await post(t, jar, '/customer/create/support', request());
      expect(created.statusCode).toBe(502);
      expect(created.json()).toEqual({
        code: 'SUPPORT_REQUEST_FAILED',
        message: 'Falha ao solicitar atendimento',
      });
      const message = await post(t, jar, '/customer/create/support/message', {
        supportId: IXC_DEMO.tickets.mariaInProgress,
        message: 'Olá',
      });
      expect(message.statusCode).toBe(502);
      expect(message.json().code).toBe('SUPPORT_MESSAGE_FAILED');
    }
    await t.simFaults(null);
  });

  it('fails the request, not the portal, when only the insert is refused', async () => {
    const t = await h.tenant({ credentials: [MARIA], support: ticketSupport });
    const jar = await session(t.clientId, MARIA);
    await t.simFaults({ table: 'su_ticket', mode: 'error' });
    const res = await post(t, jar, '/customer/create/support', request());
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('SUPPORT_REQUEST_FAILED');
  });
});

describe('rate limits', () => {
  it('lets a customer open a few requests an hour, then says to wait', async () => {
    const t = await h.tenant({ credentials: [MARIA, PADARIA], support: ticketSupport });
    const jar = await session(t.clientId, MARIA);
    for (let i = 0; i < SUPPORT_LIMITS.requestsPerCustomer.limit; i++) {
      expect((await post(t, jar, '/customer/create/support', request())).statusCode).toBe(200);
    }
    const res = await post(t, jar, '/customer/create/support', request());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // counted per customer: the padaria still may
    const padaria = await session(t.clientId, PADARIA);
    const other = await post(
      t,
      padaria,
      '/customer/create/support',
      request({ contractId: IXC_DEMO.contracts.padariaBlocked }),
    );
    expect(other.statusCode).toBe(200);
  });

  it('limits the messages a customer adds in an hour', async () => {
    const t = await h.tenant({ credentials: [MARIA], support: ticketSupport });
    const jar = await session(t.clientId, MARIA);
    const send = () =>
      post(t, jar, '/customer/create/support/message', {
        supportId: IXC_DEMO.tickets.mariaInProgress,
        message: 'Mais uma informação.',
      });
    for (let i = 0; i < SUPPORT_LIMITS.messagesPerCustomer.limit; i++)
      expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});

describe('chat variant (spec §2.5)', () => {
  it('is told to the SPA by the theme', async () => {
    const theme = (t: Tenant) =>
      h.app.inject({ url: '/api/central/theme', headers: { client_id: t.clientId } });
    expect((await theme(tickets)).json()).toMatchObject({
      support_type: 'customer_service',
      support_chat: false,
    });
    const chat = await h.tenant({ support: { ...ticketSupport, chat: true } });
    expect((await theme(chat)).json()).toMatchObject({ support_chat: true });
  });
});
