// Requests per second and p99 of the authenticated GET /api/central/auth/valid-token against a bare
// Fastify route on the same machine, in one run, and their ratio (issue #2 item 13); then its p99 at a
// constant 70% of the peak it just reached (issue #14 item 6: under 20 ms).
import Fastify from 'fastify';
import { startHarness, TEST_PASSWORD } from '../apps/api/test/harness.ts';
import { load, saveResult } from './lib.ts';

export async function benchValidToken(seconds: number) {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareAddress = bare.server.address();

  // Request logs off (warn level), as the bare route has none: the ratio is about the work of the route.
  const h = await startHarness({ logLevel: 'warn' });
  const t = await h.tenant({ from: 'demo', credentials: ['52998224725'] });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const apiAddress = h.app.server.address();
  if (!bareAddress || typeof bareAddress === 'string' || !apiAddress || typeof apiAddress === 'string') {
    throw new Error('servers did not listen');
  }
  const signIn = await fetch(`http://127.0.0.1:${apiAddress.port}/api/central/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', client_id: t.clientId },
    body: JSON.stringify({ cpfOrCnpj: '529.982.247-25', password: TEST_PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signIn.ok || !cookie.includes('central_session=')) throw new Error(`sign-in failed: ${signIn.status}`);

  const url = `http://127.0.0.1:${apiAddress.port}/api/central/auth/valid-token`;
  const headers = { cookie, client_id: t.clientId };
  await load(url, headers, 2); // warm-up
  await load(`http://127.0.0.1:${bareAddress.port}/bare`, {}, 2);
  const baseline = await load(`http://127.0.0.1:${bareAddress.port}/bare`, {}, seconds);
  const validToken = await load(url, headers, seconds);
  const fixedRate = Math.round(validToken.requestsPerSecond * 0.7);
  const atFixedRate = await load(url, headers, seconds, { overallRate: fixedRate });

  await h.close();
  await bare.close();
  const ratios = {
    throughput: +(validToken.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
    p99: +(validToken.p99Ms / Math.max(baseline.p99Ms, 1)).toFixed(2),
  };
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(`\nvalid-token (${database}, ${seconds}s, 20 connections)`);
  console.table({
    'bare fastify route': baseline,
    'GET /auth/valid-token': validToken,
    [`valid-token at ${fixedRate}/s (70%)`]: atFixedRate,
  });
  console.log(
    `ratio valid-token / bare: throughput ${ratios.throughput} (${(ratios.throughput * 100).toFixed(1)}%), p99 ${ratios.p99}x`,
  );
  console.log(
    `p99 at a constant ${fixedRate} req/s (70% of the peak): ${atFixedRate.p99Ms} ms (target < 20)`,
  );
  const file = await saveResult('valid-token', {
    database,
    seconds,
    baseline,
    validToken,
    ratios,
    atFixedRate: { targetRate: fixedRate, ...atFixedRate },
  });
  console.log(`written to ${file}`);
}
