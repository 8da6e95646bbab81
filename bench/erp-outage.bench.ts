// Issue 15 item 5: how long a screen waits when the provider's ERP stops answering, with the production
// timeouts (IXC_TIMEOUT_MS 8 s, one read retry) and circuit (5 outages open it, 15 s before a probe). The
// same invoice list is asked for again and again while the simulated ERP holds every request: the first
// ones wait out the timeouts and open the circuit, the rest must answer at once. Then a subscriber signs
// in while it is down (on the status kept at the earlier sign-in) and reads the invoices last seen.
import { startHarness, TEST_PASSWORD } from '../apps/api/test/harness.ts';
import { saveResult } from './lib.ts';

const MARIA = '52998224725';
const REQUESTS = 8;

export async function benchErpOutage() {
  const h = await startHarness({ ixcTimeoutMs: 8000, logLevel: 'warn' });
  const t = await h.tenant({ credentials: [MARIA] });
  const signIn = () =>
    h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: t.clientId },
      payload: { cpfOrCnpj: MARIA, password: TEST_PASSWORD },
    });
  const first = await signIn();
  const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const invoices = () =>
    h.app.inject({
      method: 'GET',
      url: '/api/central/customer/list/invoices?status=to_pay',
      headers: { client_id: t.clientId, cookie },
    });
  await invoices(); // the list the subscriber saw, kept for the outage

  await t.simFaults({ mode: 'timeout' });
  // The API keeps an ERP answer for 5 s: past that, every list asks the ERP.
  await new Promise((r) => setTimeout(r, 5_100));
  const rows: { request: string; status: number; ms: number; stale: boolean }[] = [];
  for (let i = 1; i <= REQUESTS; i++) {
    const started = performance.now();
    const res = await invoices();
    rows.push({
      request: `invoice list #${i}`,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
      stale: res.statusCode === 200 && Boolean(res.json().staleAt),
    });
  }
  const started = performance.now();
  const offline = await signIn();
  rows.push({
    request: 'sign-in (ERP down)',
    status: offline.statusCode,
    ms: Math.round(performance.now() - started),
    stale: false,
  });
  await t.simFaults(null);
  await h.close();

  const opened = rows.slice(0, REQUESTS).findIndex((r) => r.ms < 1000);
  const afterOpen = rows.slice(opened, REQUESTS).map((r) => r.ms);
  const summary = {
    firstAnswerMs: rows[0]?.ms,
    requestsBeforeTheCircuitOpened: opened,
    maxMsOnceOpen: Math.max(...afterOpen),
    offlineSignInMs: rows.at(-1)?.ms,
  };
  console.log('\nerp-outage (IXC_TIMEOUT_MS 8000, IXC_BREAKER_FAILURES 5, IXC_BREAKER_HALF_OPEN_MS 15000)');
  console.table(rows);
  console.log(summary);
  console.log(`saved ${await saveResult('erp-outage', { rows, summary })}`);
}
