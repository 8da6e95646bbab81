import { messages } from '@central/domain';
import { IXC_DEMO } from '@central/sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  type Harness,
  startHarness,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import { customerSnapshots } from '../../db/schema.ts';

// Issue 15 item 5: the ERP is down, the portal is not. A subscriber whose portal password is right signs in
// on the status the portal saw at their last sign-in (at most the tenant's offlineSignInDays old, 7 by
// default), and sees the invoices last shown, marked stale; a customer the ERP last knew as inactive
// stays out, and without a recent status the ERP's failure stands.

const MARIA = '52998224725';
const CARLOS = '39053344705';
const PADARIA = '11222333000181';
const ERP_DOWN = { code: 'ERP_UNAVAILABLE', message: messages.erpUnavailable };

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;

beforeAll(async () => {
  h = await startHarness({ env: { IXC_BREAKER_FAILURES: '3', IXC_BREAKER_HALF_OPEN_MS: '200' } });
  t = await h.tenant({ credentials: [MARIA, CARLOS, PADARIA] });
});
afterAll(() => h.close());
afterEach(async () => {
  await t.simFaults(null);
  // Let the circuit's pause end, so that each test starts with the ERP answering.
  await new Promise((r) => setTimeout(r, 250));
});

const erpDown = () => t.simFaults({ mode: 'http500' });

function post(url: string, payload: Record<string, unknown>, jar: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url: `/api/central${url}`,
    headers: { client_id: t.clientId, cookie: cookieHeader(jar) },
    payload,
  });
}
function get(url: string, jar: Record<string, string>) {
  return h.app.inject({
    method: 'GET',
    url: `/api/central${url}`,
    headers: { client_id: t.clientId, cookie: cookieHeader(jar) },
  });
}

/** The two steps of the sign-in page: CPF/CNPJ, then the password. */
async function signIn(document: string, password = TEST_PASSWORD) {
  const first = await post('/sign-in', { cpfOrCnpj: document });
  if (first.statusCode !== 200) return { res: first, jar: {} };
  const res = await post('/sign-in/password', { password }, cookiesFrom(first));
  return { res, jar: cookiesFrom(res) };
}

describe('signing in while the ERP is down (issue 15)', () => {
  it('lets Maria in on her last known status and shows the invoices she last saw, marked stale', async () => {
    const online = await signIn(MARIA);
    expect(online.res.statusCode).toBe(200);
    const toPay = (await get('/customer/list/invoices?status=to_pay', online.jar)).json();
    const received = (await get('/customer/list/invoices?status=received', online.jar)).json();
    expect(toPay.staleAt).toBeUndefined();
    expect(toPay.invoices.map((i: { id: string }) => i.id)).toContain(IXC_DEMO.invoices.maria.dueIn7);

    await erpDown();
    // The lists' few seconds of cache have run out.
    const tenant = await h.services.tenants.byId(t.row.id);
    if (!tenant) throw new Error('tenant not found');
    h.services.financial.forgetInvoices(tenant, IXC_DEMO.customers.maria.id);
    const offline = await signIn(MARIA);
    expect(offline.res.statusCode).toBe(200);
    expect(offline.res.json().session.customer).toEqual({
      name: 'Maria Aparecida Souza',
      firstName: 'Maria',
    });

    const staleToPay = await get('/customer/list/invoices?status=to_pay', offline.jar);
    expect(staleToPay.statusCode).toBe(200);
    const stale = staleToPay.json();
    expect(stale.invoices).toEqual(toPay.invoices);
    expect(Date.parse(stale.staleAt)).toBeLessThanOrEqual(Date.now());
    const staleReceived = (await get('/customer/list/invoices?status=received', offline.jar)).json();
    expect(staleReceived.invoices).toEqual(received.invoices);
    expect(staleReceived.staleAt).toEqual(expect.any(String));

    // One invoice of the saved lists (the invoice page), and one that was never shown.
    const one = await get(
      `/customer/list/invoices?invoice_id=${IXC_DEMO.invoices.maria.dueIn7}`,
      offline.jar,
    );
    expect(one.json().invoices.map((i: { id: string }) => i.id)).toEqual([IXC_DEMO.invoices.maria.dueIn7]);
    expect(one.json().staleAt).toEqual(expect.any(String));
    const unknown = await get('/customer/list/invoices?invoice_id=999999', offline.jar);
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json()).toEqual(ERP_DOWN);

    // Paying needs the ERP: the PIX and the boleto say so.
    const pix = await get(`/customer/read/pix-payment/${IXC_DEMO.invoices.maria.dueIn7}`, offline.jar);
    expect(pix.statusCode).toBe(502);
    const boleto = await post(
      '/customer/generate/invoice-download-token',
      { invoiceId: IXC_DEMO.invoices.maria.dueIn7 },
      offline.jar,
    );
    expect(boleto.statusCode).toBe(502);

    // The ERP is back (after the circuit's pause): fresh lists, no longer marked.
    await t.simFaults(null);
    await new Promise((r) => setTimeout(r, 250));
    const fresh = await get('/customer/list/invoices?status=to_pay', offline.jar);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().staleAt).toBeUndefined();
  });

  it('still refuses a wrong password, and a customer the ERP last knew as inactive', async () => {
    expect((await signIn(CARLOS)).res.statusCode).toBe(403);
    await erpDown();
    const wrong = await signIn(MARIA, 'errada123');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().code).toBe('INVALID_CREDENTIALS');
    const carlos = await signIn(CARLOS);
    expect(carlos.res.statusCode).toBe(403);
    expect(carlos.res.json()).toEqual({
      code: 'CUSTOMER_DISABLED',
      message: 'Acesso negado, cliente desabilitado',
    });
    expect(carlos.jar.central_session).toBeUndefined();
  });

  it('keeps the ERP failure for a customer without a recent status', async () => {
    // Padaria never signed in here: nothing is known.
    await erpDown();
    const never = await signIn(PADARIA);
    expect(never.res.statusCode).toBe(502);
    expect(never.res.json()).toEqual(ERP_DOWN);
    await t.simFaults(null);
    await new Promise((r) => setTimeout(r, 250));

    // Padaria signs in, then the status ages past the tenant's 7 days.
    expect((await signIn(PADARIA)).res.statusCode).toBe(200);
    const age = async (days: number) =>
      h.database.db
        .update(customerSnapshots)
        .set({ checkedAt: sql`now() - make_interval(days => ${days})` })
        .where(and(eq(customerSnapshots.tenantId, t.row.id), eq(customerSnapshots.document, PADARIA)));
    await age(8);
    await erpDown();
    const old = await signIn(PADARIA);
    expect(old.res.statusCode).toBe(502);
    expect(old.res.json()).toEqual(ERP_DOWN);
    await age(6);
    expect((await signIn(PADARIA)).res.statusCode).toBe(200);
  });

  it('never shows a list saved for another customer', async () => {
    const maria = await signIn(MARIA);
    await get('/customer/list/invoices?status=to_pay', maria.jar);
    const padaria = await signIn(PADARIA);
    await erpDown();
    // Padaria saw no list since signing in: the failure stands rather than someone else's invoices.
    const res = await get('/customer/list/invoices?status=to_pay', padaria.jar);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(ERP_DOWN);
  });
});
