import { messages, SUPPORT_ATTACHMENT_LIMITS } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';

// Issue 15: up to 3 images or PDFs of at most 5 MB each on a support request or message, checked by
// content, sent to the ERP's attachment table (and the sim), and listed with the request's messages.

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const OS = IXC_DEMO.serviceOrders.mariaOpen;
const TICKET = IXC_DEMO.tickets.mariaInProgress;

let h: Harness;
let orders: Awaited<ReturnType<Harness['tenant']>>;
let tickets: Awaited<ReturnType<Harness['tenant']>>;
let maria: Record<string, string>;
let mariaTickets: Record<string, string>;

function png(): Buffer {
  const image = new PNG({ width: 2, height: 2 });
  image.data.fill(200);
  return PNG.sync.write(image);
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  h = await startHarness();
  orders = await h.tenant({
    credentials: [MARIA, PADARIA],
    support: { supportType: 'os', departmentId: '2' },
  });
  tickets = await h.tenant({
    credentials: [MARIA],
    support: { supportType: 'customer_service', departmentId: '1' },
  });
  maria = await h.customerSession(orders.clientId, MARIA);
  mariaTickets = await h.customerSession(tickets.clientId, MARIA);
});
afterAll(() => h.close());

type Part = { name: string; data: Buffer; type?: string } | string;

/** A multipart body as a browser's FormData makes it. */
async function upload(
  clientId: string,
  jar: Record<string, string>,
  supportId: string,
  parts: Record<string, Part | Part[]>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') form.append(key, part);
      else
        form.append(key, new Blob([part.data], { type: part.type ?? 'application/octet-stream' }), part.name);
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return h.app.inject({
    method: 'POST',
    url: `/api/central/customer/support/${supportId}/attachments`,
    headers: {
      client_id: clientId,
      cookie: cookieHeader(jar),
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const get = (clientId: string, jar: Record<string, string>, url: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/central${url}`,
    headers: { client_id: clientId, cookie: cookieHeader(jar) },
  });

/** The ERP's rows of an attachment table, listed as IXC lists them (the portal never reads them). */
async function erpRows(
  t: typeof orders,
  table: string,
  field: string,
  value: string,
): Promise<{ id: string }[]> {
  const res = await fetch(`${h.simUrl}${t.erp.baseUrl}/webservice/v1/${table}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(t.erp.token).toString('base64')}`,
      ixcsoft: 'listar',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ qtype: `${table}.${field}`, query: value, oper: '=', rp: '100' }),
  });
  return ((await res.json()) as { registros?: { id: string }[] }).registros ?? [];
}

async function erpFile(instance: string, table: string, id: string): Promise<Buffer> {
  const res = await fetch(`${h.simUrl}/__sim/ixc/${instance}/files/${table}/${id}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('attachments on a service order (support_type os)', () => {
  it('sends an image and a PDF to the ERP, lists them with the request and gives them back', async () => {
    const image = png();
    const res = await upload(orders.clientId, maria, OS, {
      file: [
        { name: 'C:\\fotos\\roteador piscando.jpg', data: image, type: 'image/jpeg' },
        { name: 'comprovante', data: PDF },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { attachments } = res.json();
    // Named by what they are, not by what the browser said: the PNG keeps its base name, a .png.
    expect(attachments).toEqual([
      {
        id: expect.any(String),
        messageId: null,
        name: 'roteador piscando.png',
        contentType: 'image/png',
        size: image.length,
      },
      {
        id: expect.any(String),
        messageId: null,
        name: 'comprovante.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
      },
    ]);

    // In the ERP: rows of the order, with the same bytes.
    const rows = await erpRows(orders, 'su_oss_chamado_arquivos', 'id_oss_chamado', OS);
    expect(rows).toHaveLength(2);
    const ids = rows.map((r) => r.id).sort();
    expect(await erpFile(orders.erp.instance, 'su_oss_chamado_arquivos', ids[0] ?? '')).toEqual(image);
    expect(await erpFile(orders.erp.instance, 'su_oss_chamado_arquivos', ids[1] ?? '')).toEqual(PDF);

    // The request's details list them; each opens again, for her only.
    const details = await get(orders.clientId, maria, `/customer/list/support/messages/${OS}`);
    expect(details.json().attachments).toEqual(attachments);
    const file = await get(
      orders.clientId,
      maria,
      `/customer/support/${OS}/attachments/${attachments[0].id}`,
    );
    expect(file.json()).toEqual({
      base64: image.toString('base64'),
      filename: 'roteador piscando.png',
      contentType: 'image/png',
    });

    const padaria = await h.customerSession(orders.clientId, PADARIA);
    const stolen = await get(
      orders.clientId,
      padaria,
      `/customer/support/${OS}/attachments/${attachments[0].id}`,
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'ATTACHMENT_NOT_FOUND', message: messages.attachmentNotFound });
    expect(
      (await get(orders.clientId, {}, `/customer/support/${OS}/attachments/${attachments[0].id}`)).statusCode,
    ).toBe(401);
    expect(
      (await get(orders.clientId, maria, `/customer/support/${OS}/attachments/nao-e-uuid`)).statusCode,
    ).toBe(400);
  });

  it("goes with one of the order's messages, and only with one of its own", async () => {
    const added = await h.app.inject({
      method: 'POST',
      url: '/api/central/customer/create/support/message',
      headers: { client_id: orders.clientId, cookie: cookieHeader(maria) },
      payload: { supportId: OS, message: 'Segue a foto da luz vermelha.' },
    });
    const messageId = added.json().message.id;
    const res = await upload(orders.clientId, maria, OS, {
      messageId,
      file: { name: 'luz.png', data: png() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().attachments[0].messageId).toBe(messageId);

    const other = IXC_DEMO.serviceOrderMessages.mariaFinished[0] ?? '';
    const wrong = await upload(orders.clientId, maria, OS, {
      messageId: other,
      file: { name: 'x.png', data: png() },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('judges a file by its content: a page or a program named .png, and too many or too big, are refused', async () => {
    const refused = async (parts: Record<string, Part | Part[]>, message: string) => {
      const res = await upload(orders.clientId, maria, OS, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'ATTACHMENT_INVALID', message });
    };
    await refused(
      {
        file: {
          name: 'foto.png',
          data: Buffer.from('<html><script>alert(1)</script></html>'),
          type: 'image/png',
        },
      },
      messages.attachmentInvalid,
    );
    await refused(
      {
        file: {
          name: 'foto.png',
          data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]),
          type: 'image/png',
        },
      },
      messages.attachmentInvalid,
    );
    await refused(
      { file: Array.from({ length: 4 }, (_, i) => ({ name: `f${i}.png`, data: png() })) },
      messages.attachmentTooMany,
    );
    await refused(
      {
        file: {
          name: 'grande.png',
          data: Buffer.concat([png(), Buffer.alloc(SUPPORT_ATTACHMENT_LIMITS.bytes)]),
        },
      },
      messages.attachmentTooLarge,
    );
    await refused({ messageId: '5101' }, messages.attachmentInvalid);
    const json = await h.app.inject({
      method: 'POST',
      url: `/api/central/customer/support/${OS}/attachments`,
      headers: { client_id: orders.clientId, cookie: cookieHeader(maria) },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a closed order (409), one that is not hers (404), and says so when the ERP fails', async () => {
    const closed = await upload(orders.clientId, maria, IXC_DEMO.serviceOrders.mariaFinished, {
      file: { name: 'a.png', data: png() },
    });
    expect(closed.statusCode).toBe(409);
    const padaria = await h.customerSession(orders.clientId, PADARIA);
    const notHers = await upload(orders.clientId, padaria, OS, { file: { name: 'a.png', data: png() } });
    expect(notHers.statusCode).toBe(404);

    await orders.simFaults({ table: 'su_oss_chamado_arquivos', mode: 'http500' });
    try {
      const down = await upload(orders.clientId, maria, OS, { file: { name: 'a.png', data: png() } });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toEqual({ code: 'ATTACHMENT_FAILED', message: messages.attachmentFailed });
    } finally {
      await orders.simFaults(null);
    }
  });
});

describe('attachments on a ticket (support_type customer_service)', () => {
  it("goes to the ticket's su_ticket_arquivos", async () => {
    const res = await upload(tickets.clientId, mariaTickets, TICKET, {
      file: { name: 'boleto.pdf', data: PDF },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await erpRows(tickets, 'su_ticket_arquivos', 'id_ticket', TICKET);
    expect(rows).toHaveLength(1);
    expect(await erpFile(tickets.erp.instance, 'su_ticket_arquivos', rows[0]?.id ?? '')).toEqual(PDF);
  });
});
