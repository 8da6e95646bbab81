// Time until the home panel's data are all loaded (the session check and the invoices to pay, as the
// SPA asks for them together) with the simulated ERP answering in 300 ms, as a ratio to one ERP round
// trip (issue #4 item 8; the target is under 1.5).
import { startHarness, TEST_PASSWORD } from '../apps/api/test/harness.ts';
import { saveResult } from './lib.ts';

const LATENCY_MS = 300;

export async function benchHome(_seconds: number) {
  const h = await startHarness({ logLevel: 'warn' });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('API did not listen');
  const api = `http://127.0.0.1:${address.port}/api/central`;

  const roundTrips: number[] = [];
  const homes: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = await h.tenant({ credentials: ['52998224725'] });
    const signIn = await fetch(`${api}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', client_id: t.clientId },
      body: JSON.stringify({ cpfOrCnpj: '529.982.247-25', password: TEST_PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await t.simFaults({ latencyMs: LATENCY_MS });

    // One ERP round trip, measured the same way: a single IXC listing over HTTP.
    let started = performance.now();
    await fetch(`${h.simUrl}${t.erp.baseUrl}/webservice/v1/cliente`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(t.erp.token).toString('base64')}`,
        ixcsoft: 'listar',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ qtype: 'cliente.id', query: '1', oper: '=', page: '1', rp: '1' }),
    }).then((r) => r.text());
    roundTrips.push(performance.now() - started);

    started = performance.now();
    const headers = { client_id: t.clientId, cookie };
    const answers = await Promise.all([
      fetch(`${api}/auth/valid-token`, { headers }),
      fetch(`${api}/customer/list/invoices?status=to_pay`, { headers }),
    ]);
    await Promise.all(answers.map((r) => r.text()));
    homes.push(performance.now() - started);
    if (answers.some((r) => !r.ok)) throw new Error(`home call failed: ${answers.map((r) => r.status)}`);
  }
  await h.close();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const roundTrip = median(roundTrips);
  const home = median(homes);
  const ratio = +(home / roundTrip).toFixed(2);
  console.log(
    `\nhome panel data with the ERP at ${LATENCY_MS} ms (median of ${homes.length}, cold cache each time)`,
  );
  console.table({
    'one ERP round trip': { ms: Math.round(roundTrip) },
    'home panel data': { ms: Math.round(home) },
  });
  console.log(`ratio home / ERP round trip: ${ratio} (target < 1.5)`);
  const file = await saveResult('home', {
    latencyMs: LATENCY_MS,
    roundTripMs: roundTrip,
    homeMs: home,
    ratio,
  });
  console.log(`written to ${file}`);
}
