import { messages } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';

// Issue 15 item 2: 'Enviar por e-mail' on an open invoice sends its boleto (PDF) and PIX code to one of
// the customer's own e-mails in the ERP (chosen masked, as in recovery), through the portal's SMTP.

const MARIA = '52998224725';
const PADARIA = '11222333000181';
const { maria, padaria } = IXC_DEMO.invoices;

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;
let mariaJar: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  t = await h.tenant({ credentials: [MARIA, PADARIA] });
  mariaJar = await h.customerSession(t.clientId, MARIA);
});
afterAll(() => h.close());

const emails = (invoiceId: string, jar: Record<string, string> | null = mariaJar) =>
  h.app.inject({
    method: 'GET',
    url: `/api/central/customer/invoice/${invoiceId}/emails`,
    headers: { client_id: t.clientId, ...(jar ? { cookie: cookieHeader(jar) } : {}) },
  });
const send = (invoiceId: string, body: unknown, jar: Record<string, string> | null = mariaJar) =>
  h.app.inject({
    method: 'POST',
    url: `/api/central/customer/invoice/${invoiceId}/send-email`,
    headers: { client_id: t.clientId, ...(jar ? { cookie: cookieHeader(jar) } : {}) },
    payload: body as object,
  });

describe('an invoice by e-mail', () => {
  it("offers Maria's ERP e-mails masked, and sends the boleto and the PIX code to the chosen one", async () => {
    const list = await emails(maria.dueIn7);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ emails: [{ index: 0, email: 'ma***@gm***.com' }] });

    const since = h.smtp.inbox.length;
    const res = await send(maria.dueIn7, { mailIndex: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'ma***@gm***.com' });

    const mail = await simpleParser((await h.smtp.next('maria.souza@gmail.com', since)).raw);
    expect(mail.subject).toMatch(new RegExp(`: sua fatura nº ${maria.dueIn7}$`));
    expect(mail.text).toContain('Valor: R$');
    expect(mail.text).toMatch(/PIX copia e cola:\n000201/);
    expect(mail.text).toMatch(/Linha digitável do boleto:\n\d{5}\.\d{5} /);
    expect(mail.attachments).toHaveLength(1);
    const [boleto] = mail.attachments;
    expect(boleto?.filename).toBe(`boleto-${maria.dueIn7}.pdf`);
    expect(boleto?.contentType).toBe('application/pdf');
    expect(boleto?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The log says where it went without the address.
    expect(h.logLines.join('')).not.toContain('maria.souza@gmail.com');
  });

  it('sends an invoice without a digitable line with its PIX code and no attachment', async () => {
    const since = h.smtp.inbox.length;
    const res = await send(maria.dueTodayNoLine, { mailIndex: 0 });
    expect(res.statusCode).toBe(200);
    const mail = await simpleParser((await h.smtp.next('maria.souza@gmail.com', since)).raw);
    expect(mail.attachments).toHaveLength(0);
    expect(mail.text).toContain('PIX copia e cola:');
    expect(mail.text).not.toContain('Linha digitável');
  });

  it('refuses an address that is not one of hers, a paid invoice and one that is not hers', async () => {
    const bad = await send(maria.dueIn25, { mailIndex: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.emailRequired);
    const missing = await send(maria.dueIn25, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.emailRequired);
    // An address in the body is not obeyed: the e-mail goes to Maria's own.
    const since = h.smtp.inbox.length;
    const forged = await send(maria.dueIn25, { mailIndex: 0, to: 'attacker@example.com' });
    expect(forged.statusCode).toBe(200);
    expect((await h.smtp.next('maria.souza@gmail.com', since)).to).toEqual(['maria.souza@gmail.com']);
    expect(h.smtp.inbox.some((m) => m.to.includes('attacker@example.com'))).toBe(false);

    const paid = await send(maria.received[0] ?? '', { mailIndex: 0 });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(messages.invoiceNotPayable);
    expect((await emails(maria.received[0] ?? '')).statusCode).toBe(409);

    const notHers = await send(padaria.dueIn10, { mailIndex: 0 });
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().message).toBe(messages.invoiceNotFound);
    expect((await emails(padaria.dueIn10)).statusCode).toBe(404);

    expect((await send(maria.dueIn25, { mailIndex: 0 }, null)).statusCode).toBe(401);
    expect((await emails(maria.dueIn25, null)).statusCode).toBe(401);
  });

  it('sends one invoice at most 3 times a day', async () => {
    for (let i = 0; i < 3; i++) expect((await send(maria.overdue10, { mailIndex: 0 })).statusCode).toBe(200);
    const fourth = await send(maria.overdue10, { mailIndex: 0 });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(messages.tooManyAttempts);
  });

  it("says 'Não foi possível enviar a fatura por e-mail' when the ERP is down", async () => {
    await t.simFaults({ mode: 'http500' });
    try {
      const res = await send(maria.partialOverdue40, { mailIndex: 0 });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'INVOICE_EMAIL_FAILED', message: messages.invoiceEmailFailed });
    } finally {
      await t.simFaults(null);
    }
  });
});
