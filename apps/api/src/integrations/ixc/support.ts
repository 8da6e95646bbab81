import { z } from 'zod';
import { type IxcClient, IxcError } from './client.ts';
import type {
  IxcContract,
  IxcServiceOrder,
  IxcServiceOrderMessage,
  IxcSubject,
  IxcTicket,
  IxcTicketMessage,
} from './records.ts';

/**
 * Support in IXC, as the provider's `support_type` decides: `customer_service` files a ticket
 * (`su_ticket`, interactions in `su_mensagens` by `id_ticket`), `os` a service order (`su_oss_chamado`,
 * interactions in `su_oss_chamado_mensagem` by `id_chamado`). Field names and required columns follow
 * IXC's Postman collection ("//Obrigatório").
 */

/** More than a subscriber ever has; listings stop there to protect the ERP. */
const MAX_ROWS = 1000;

const isSet = (id: string) => id.trim() !== '' && id.trim() !== '0';

/** The customer's contract with this id, or null when it is not theirs. */
export async function findCustomerContract(
  ixc: IxcClient,
  customerId: string,
  contractId: string,
): Promise<IxcContract | null> {
  const { rows } = await ixc.list('cliente_contrato', {
    where: { field: 'cliente_contrato.id', value: contractId },
    rowsPerPage: 1,
  });
  // The listing's filter is not trusted for ownership: the row itself must say it is the customer's.
  return rows.find((r) => r.id === contractId && r.id_cliente === customerId) ?? null;
}

/** Subjects a subscriber may pick: active and shown in the subscriber's portal ("hotsite"). */
export async function listPortalSubjects(ixc: IxcClient): Promise<IxcSubject[]> {
  const rows = await ixc.listAll(
    'su_oss_assunto',
    {
      where: { field: 'su_oss_assunto.ativo', value: 'S' },
      and: [{ field: 'su_oss_assunto.mostra_hotsite', value: 'S' }],
      sortBy: 'su_oss_assunto.id',
      order: 'asc',
    },
    MAX_ROWS,
  );
  return rows.filter((r) => r.ativo === 'S' && r.mostra_hotsite === 'S');
}

/** These subjects (any, active or not: old tickets keep theirs), in no particular order. */
export async function findSubjects(ixc: IxcClient, ids: string[]): Promise<IxcSubject[]> {
  const wanted = [...new Set(ids.filter(isSet))];
  if (wanted.length === 0) return [];
  const rows = await ixc.listAll(
    'su_oss_assunto',
    { where: { field: 'su_oss_assunto.id', oper: 'IN', value: wanted.join(',') } },
    MAX_ROWS,
  );
  return rows.filter((r) => wanted.includes(r.id));
}

/** The names of the staff who wrote, by id. */
export async function employeeNames(ixc: IxcClient, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter(isSet))];
  if (wanted.length === 0) return new Map();
  const rows = await ixc.listAll(
    'funcionarios',
    { where: { field: 'funcionarios.id', oper: 'IN', value: wanted.join(',') } },
    MAX_ROWS,
  );
  return new Map(rows.filter((r) => wanted.includes(r.id)).map((r) => [r.id, r.funcionario.trim()]));
}

/** The object form of a protocol answer (a bare number or string is read as text, keeping every digit). */
const protocolAnswer = z.object({
  protocolo: z.union([z.string(), z.number()]).optional(),
  protocol: z.union([z.string(), z.number()]).optional(),
});

/**
 * A new protocol number from IXC ("Gerar Protocolo": `gerar_protocolo_atendimento` for a ticket,
 * `gerar_protocolo_ordem_servico` for a service order): IXC does not make one on insert, so it is asked
 * for first and written with the record. The collection shows no answer: a bare number, a JSON string or
 * an object with `protocolo` are all taken.
 */
export async function generateProtocol(ixc: IxcClient, kind: 'ticket' | 'service_order'): Promise<string> {
  const action = kind === 'ticket' ? 'gerar_protocolo_atendimento' : 'gerar_protocolo_ordem_servico';
  const text = String(await ixc.action(action, {}, { answer: 'text', read: false })).trim();
  // Never through JSON.parse when bare: a long protocol number would lose digits as a JS number.
  let protocol = text.replace(/^"(.*)"$/, '$1');
  if (text.startsWith('{')) {
    let answer: z.infer<typeof protocolAnswer> | undefined;
    try {
      answer = protocolAnswer.safeParse(JSON.parse(text)).data;
    } catch {
      // not JSON: refused below
    }
    protocol = String(answer?.protocolo ?? answer?.protocol ?? '').trim();
  }
  if (!/^[\w./-]{1,40}$/.test(protocol)) throw new IxcError('protocol', 'unexpected protocol answer');
  return protocol;
}

// ---- tickets (support_type customer_service) ----

export async function listCustomerTickets(ixc: IxcClient, customerId: string): Promise<IxcTicket[]> {
  const rows = await ixc.listAll(
    'su_ticket',
    { where: { field: 'su_ticket.id_cliente', value: customerId }, sortBy: 'su_ticket.id', order: 'desc' },
    MAX_ROWS,
  );
  return rows.filter((r) => r.id_cliente === customerId && (r.tipo === '' || r.tipo === 'C'));
}

export async function findCustomerTicket(
  ixc: IxcClient,
  customerId: string,
  ticketId: string,
): Promise<IxcTicket | null> {
  const { rows } = await ixc.list('su_ticket', {
    where: { field: 'su_ticket.id', value: ticketId },
    rowsPerPage: 1,
  });
  return rows.find((r) => r.id === ticketId && r.id_cliente === customerId) ?? null;
}

/** A ticket's interactions, oldest first, without the staff-only notes (`visibilidade_mensagens` PR). */
export async function listTicketMessages(ixc: IxcClient, ticketId: string): Promise<IxcTicketMessage[]> {
  const rows = await ixc.listAll(
    'su_mensagens',
    {
      where: { field: 'su_mensagens.id_ticket', value: ticketId },
      and: [{ field: 'su_mensagens.visibilidade_mensagens', oper: '!=', value: 'PR' }],
      sortBy: 'su_mensagens.id',
      order: 'asc',
    },
    MAX_ROWS,
  );
  // Filtered again here: a private note must not reach the portal even if IXC ignored the grid filter.
  return rows.filter(
    (r) => r.id_ticket === ticketId && r.visibilidade_mensagens.trim().toUpperCase() !== 'PR',
  );
}

export async function insertTicket(
  ixc: IxcClient,
  t: {
    customerId: string;
    contractId: string;
    subjectId: string;
    title: string;
    departmentId: string;
    processId: string | null;
    protocol: string;
    message: string;
  },
): Promise<string> {
  return ixc.insert('su_ticket', {
    tipo: 'C',
    id_cliente: t.customerId,
    id_contrato: t.contractId,
    id_assunto: t.subjectId,
    titulo: t.title,
    protocolo: t.protocol,
    id_ticket_setor: t.departmentId,
    id_wfl_processo: t.processId ?? '',
    prioridade: 'N',
    menssagem: t.message,
    su_status: 'N',
  });
}

/**
 * A subscriber's interaction: a whole `su_mensagens` record (IXC requires every one of these columns),
 * public. IXC moves the ticket to the interaction's `su_status`, so it carries the ticket's own.
 */
export async function insertTicketMessage(
  ixc: IxcClient,
  m: { customerId: string; ticketId: string; ticketStatus: string; message: string },
): Promise<string> {
  return ixc.insert('su_mensagens', {
    id_cliente: m.customerId,
    id_ticket: m.ticketId,
    mensagem_ticket: m.message,
    mensagem: m.message,
    visibilidade_mensagens: 'PU',
    su_status: m.ticketStatus.trim() || 'P',
    existe_pendencia_externa: 'N',
  });
}

// ---- service orders (support_type os) ----

export async function listCustomerServiceOrders(
  ixc: IxcClient,
  customerId: string,
): Promise<IxcServiceOrder[]> {
  const rows = await ixc.listAll(
    'su_oss_chamado',
    {
      where: { field: 'su_oss_chamado.id_cliente', value: customerId },
      sortBy: 'su_oss_chamado.id',
      order: 'desc',
    },
    MAX_ROWS,
  );
  return rows.filter((r) => r.id_cliente === customerId && (r.tipo === '' || r.tipo === 'C'));
}

export async function findCustomerServiceOrder(
  ixc: IxcClient,
  customerId: string,
  orderId: string,
): Promise<IxcServiceOrder | null> {
  const { rows } = await ixc.list('su_oss_chamado', {
    where: { field: 'su_oss_chamado.id', value: orderId },
    rowsPerPage: 1,
  });
  return rows.find((r) => r.id === orderId && r.id_cliente === customerId) ?? null;
}

/** A service order's interactions, oldest first. */
export async function listServiceOrderMessages(
  ixc: IxcClient,
  orderId: string,
): Promise<IxcServiceOrderMessage[]> {
  const rows = await ixc.listAll(
    'su_oss_chamado_mensagem',
    {
      where: { field: 'su_oss_chamado_mensagem.id_chamado', value: orderId },
      sortBy: 'su_oss_chamado_mensagem.id',
      order: 'asc',
    },
    MAX_ROWS,
  );
  return rows.filter((r) => r.id_chamado === orderId && r.mensagem.trim() !== '');
}

export async function insertServiceOrder(
  ixc: IxcClient,
  o: {
    customerId: string;
    contractId: string;
    branchId: string;
    subjectId: string;
    departmentId: string;
    processId: string | null;
    protocol: string;
    message: string;
  },
): Promise<string> {
  return ixc.insert('su_oss_chamado', {
    tipo: 'C',
    id_cliente: o.customerId,
    id_contrato_kit: o.contractId,
    id_filial: o.branchId,
    id_assunto: o.subjectId,
    setor: o.departmentId,
    id_wfl_param_os: o.processId ?? '',
    // the service is done at the contract's address
    origem_endereco: 'CC',
    prioridade: 'N',
    protocolo: o.protocol,
    mensagem: o.message,
    status: 'A',
  });
}

/** A subscriber's interaction on a service order; it keeps the order's status as it is. */
export async function insertServiceOrderMessage(
  ixc: IxcClient,
  m: { orderId: string; orderStatus: string; eventId: string; message: string },
): Promise<string> {
  return ixc.insert('su_oss_chamado_mensagem', {
    id_chamado: m.orderId,
    id_evento: m.eventId,
    mensagem: m.message,
    status: m.orderStatus,
    tipo_cobranca: 'NENHUM',
    finaliza_processo: 'N',
  });
}

// ---- attachments (issue 15) ----

/**
 * A file for a ticket (`su_ticket_arquivos`, by `id_ticket`) or a service order (`su_oss_chamado_arquivos`,
 * by `id_oss_chamado`, and the event it came with in `id_oss_chamado_mensagem`), sent as multipart with
 * the file in `local_arquivo`, as IXC's public clients send it. Answers the ERP's id of the row.
 */
export async function insertAttachment(
  ixc: IxcClient,
  a: {
    kind: 'ticket' | 'service_order';
    requestId: string;
    messageId: string | null;
    description: string;
    file: { name: string; contentType: string; data: Uint8Array };
  },
): Promise<string> {
  const file = { field: 'local_arquivo', ...a.file };
  if (a.kind === 'ticket') {
    return ixc.insertFile('su_ticket_arquivos', { id_ticket: a.requestId, descricao: a.description }, file);
  }
  return ixc.insertFile(
    'su_oss_chamado_arquivos',
    {
      id_oss_chamado: a.requestId,
      id_oss_chamado_mensagem: a.messageId ?? '0',
      descricao: a.description,
    },
    file,
  );
}
