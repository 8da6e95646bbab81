import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@central/domain';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';
import { adminSession } from '../../../test/staff.ts';

let h: Harness;
/** A fresh admin per test: checks are limited per admin. */
let headers: { cookie: string };
/** A stand-in GenieACS NBI (no simulator has one yet): answers [] to a call signed with ACS_SECRET. */
let acsServer: Server;
let acsUrl: string;
const ACS_SECRET = 'segredo-do-acs-de-teste';

beforeAll(async () => {
  h = await startHarness();
  acsServer = createServer(async (request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    try {
      await jwtVerify(token, new TextEncoder().encode(ACS_SECRET), { issuer: 'central' });
    } catch {
      response.writeHead(401).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://acs');
    if (url.pathname !== '/devices/' || url.searchParams.get('projection') !== '_id') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('[{"_id":"202BC1-BM632w-000001"}]');
  });
  await new Promise<void>((resolve) => acsServer.listen(0, '127.0.0.1', resolve));
  acsUrl = `http://127.0.0.1:${(acsServer.address() as AddressInfo).port}`;
});
beforeEach(async () => {
  headers = { cookie: cookieHeader((await adminSession(h)).jar) };
});
afterAll(async () => {
  acsServer.close();
  await h.close();
});

const check = (payload: object, on = h, cookie = headers) =>
  on.app.inject({ method: 'POST', url: '/api/admin/customer/connection-check', headers: cookie, payload });

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('connection check: IXC', () => {
  it('says the connection works with the right domain and token', async () => {
    const erp = await h.simInstance('demo');
    const res = await check({
      kind: 'erp',
      ixc_domain: `${h.simUrl}${erp.baseUrl}`,
      ixc_access_token: erp.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: messages.checkIxcOk });
  });

  it('uses the stored token when the field is left empty', async () => {
    const t = await h.tenant();
    const res = await check({
      kind: 'erp',
      client_id: t.clientId,
      ixc_domain: `${h.simUrl}${t.erp.baseUrl}`,
    });
    expect(res.json()).toEqual({ ok: true, message: messages.checkIxcOk });
    const none = await check({ kind: 'erp', ixc_domain: `${h.simUrl}${t.erp.baseUrl}` });
    expect(none.json()).toEqual({ ok: false, message: messages.checkSecretMissing });
    // the stored token goes only to the stored address: never to one the admin just typed
    const elsewhere = await check({
      kind: 'erp',
      client_id: t.clientId,
      ixc_domain: 'https://coletor.example',
    });
    expect(elsewhere.json()).toEqual({ ok: false, message: messages.checkStoredSecretElsewhere });
    expect((await check({ kind: 'erp', client_id: 'nao-existe', ixc_domain: 'x.com.br' })).statusCode).toBe(
      404,
    );
  });

  it('tells a refused token, an address that is not an IXC, one that does not answer, and a refused IP', async () => {
    const erp = await h.simInstance('demo');
    const domain = `${h.simUrl}${erp.baseUrl}`;
    expect((await check({ kind: 'erp', ixc_domain: domain, ixc_access_token: '1:errado' })).json()).toEqual({
      ok: false,
      message: messages.checkIxcTokenRefused,
    });
    expect(
      (await check({ kind: 'erp', ixc_domain: `${h.simUrl}/outra-coisa`, ixc_access_token: 't' })).json(),
    ).toEqual({ ok: false, message: messages.checkNotIxc });
    const port = await closedPort();
    expect(
      (await check({ kind: 'erp', ixc_domain: `http://127.0.0.1:${port}`, ixc_access_token: 't' })).json(),
    ).toEqual({ ok: false, message: messages.checkUnreachable });
    const allow = await fetch(`${h.simUrl}/__sim/ixc/${erp.instance}/allowed-networks`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cidrs: ['203.0.113.0/24'] }),
    });
    expect(allow.ok).toBe(true);
    expect((await check({ kind: 'erp', ixc_domain: domain, ixc_access_token: erp.token })).json()).toEqual({
      ok: false,
      message: messages.checkIxcIpNotAllowed,
    });
  });

  it('answers 400 to a bad body, never a 500', async () => {
    for (const payload of [
      {},
      { kind: 'erp' },
      { kind: 'outro' },
      { kind: 'card', cielo_query_url: 'x' },
      [],
    ]) {
      const res = await check(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const odd = await check({ kind: 'erp', ixc_domain: 'http://[nao', ixc_access_token: 't' });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().ok).toBe(false);
  });
});

describe('connection check: ACS and Cielo', () => {
  it('signs its GenieACS call with the issuer and key, and tells a refused key or a missing ACS', async () => {
    const base = { kind: 'acs', ixc_acs_url: acsUrl, ixc_acs_issuer: 'central' };
    expect((await check({ ...base, ixc_acs_private_key: ACS_SECRET })).json()).toEqual({
      ok: true,
      message: messages.checkAcsOk,
    });
    expect((await check({ ...base, ixc_acs_private_key: 'outra' })).json()).toEqual({
      ok: false,
      message: messages.checkAcsRefused,
    });
    // an RSA key signs RS256, which this stand-in does not accept: still an answer, not a failure of ours
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect((await check({ ...base, ixc_acs_private_key: pem })).json().message).toBe(
      messages.checkAcsRefused,
    );
    expect(
      (
        await check({
          ...base,
          ixc_acs_private_key: '-----BEGIN PRIVATE KEY-----\nlixo\n-----END PRIVATE KEY-----',
        })
      ).json(),
    ).toEqual({ ok: false, message: messages.checkAcsKeyInvalid });
    expect(
      (await check({ ...base, ixc_acs_url: `${h.simUrl}/acs`, ixc_acs_private_key: 'k' })).json(),
    ).toEqual({
      ok: false,
      message: messages.checkNotAcs,
    });
    const port = await closedPort();
    expect(
      (await check({ ...base, ixc_acs_url: `http://127.0.0.1:${port}`, ixc_acs_private_key: 'k' })).json()
        .message,
    ).toBe(messages.checkUnreachable);
  });

  it("accepts Cielo's query host with good credentials (404 for the made-up order) and tells refused ones", async () => {
    const res = await fetch(`${h.simUrl}/__sim/cielo/merchants`, { method: 'POST' });
    const merchant = (await res.json()) as { merchantId: string; merchantKey: string };
    const base = {
      kind: 'card',
      cielo_query_url: `${h.simUrl}/cielo/query`,
      cielo_merchant_id: merchant.merchantId,
    };
    expect((await check({ ...base, cielo_merchant_key: merchant.merchantKey })).json()).toEqual({
      ok: true,
      message: messages.checkCardOk,
    });
    expect((await check({ ...base, cielo_merchant_key: 'CHAVE-ERRADA' })).json()).toEqual({
      ok: false,
      message: messages.checkCardRefused,
    });
    // the stored key of a provider with cards
    const t = await h.tenant({ cards: true });
    const stored = await check({
      kind: 'card',
      client_id: t.clientId,
      cielo_query_url: `${h.simUrl}/cielo/query`,
      cielo_merchant_id: t.merchant?.merchantId,
    });
    expect(stored.json()).toEqual({ ok: true, message: messages.checkCardOk });
  });
});

describe('connection check without OUTBOUND_ALLOW_PRIVATE', () => {
  // a second API and simulator of its own: their start-up takes a while on a busy machine
  it('refuses the simulator on 127.0.0.1 as a private address, before any call', {
    timeout: 60_000,
  }, async () => {
    const strict = await startHarness({ outboundAllowPrivate: false });
    try {
      const cookie = { cookie: cookieHeader((await adminSession(strict)).jar) };
      const erp = await strict.simInstance('demo');
      const res = await check(
        { kind: 'erp', ixc_domain: `${strict.simUrl}${erp.baseUrl}`, ixc_access_token: erp.token },
        strict,
        cookie,
      );
      expect(res.json()).toEqual({ ok: false, message: messages.checkPrivateAddress });
      const metadata = await check(
        {
          kind: 'card',
          cielo_query_url: 'http://169.254.169.254',
          cielo_merchant_id: 'm',
          cielo_merchant_key: 'k',
        },
        strict,
        cookie,
      );
      expect(metadata.json()).toEqual({ ok: false, message: messages.checkPrivateAddress });
    } finally {
      await strict.close();
    }
  });
});

describe('IXC lookups for the forms (spec §5, §7.9)', () => {
  const lookup = (path: string) => h.app.inject({ url: `/api/admin${path}`, headers });

  it('answers id and label of a subject, a product and a plan of the provider, 404 when there is none', async () => {
    const t = await h.tenant();
    const q = `?client_id=${t.clientId}`;
    expect((await lookup(`/provider/support/external-subject/1${q}`)).json()).toEqual({
      id: '1',
      content: 'Sem conexão',
    });
    expect((await lookup(`/product/5${q}`)).json()).toEqual({ id: '5', content: 'WATCH PREMIUM' });
    expect((await lookup(`/plan/11${q}`)).json()).toEqual({ id: '11', content: 'FIBRA 500 MEGA' });

    const missing: [string, string, string][] = [
      [`/provider/support/external-subject/999${q}`, 'SUBJECT_NOT_FOUND', messages.subjectNotFound],
      [`/product/999${q}`, 'PRODUCT_NOT_FOUND', messages.productNotFound],
      [`/plan/999${q}`, 'PLAN_NOT_FOUND', messages.planNotFound],
    ];
    for (const [path, code, message] of missing) {
      const res = await lookup(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ code, message });
    }
  });

  it("looks in that provider's IXC only, and refuses a bad id or client id", async () => {
    const outro = await h.tenant({ from: 'outro' });
    // plan 11 is the demo ERP's, not this provider's
    expect((await lookup(`/plan/11?client_id=${outro.clientId}`)).statusCode).toBe(404);
    expect((await lookup(`/plan/21?client_id=${outro.clientId}`)).json().content).toBe('ULTRA 400 MEGA');
    expect((await lookup('/plan/11?client_id=nao-existe')).json().code).toBe('TENANT_NOT_FOUND');
    expect((await lookup(`/plan/abc?client_id=${outro.clientId}`)).statusCode).toBe(400);
    expect((await lookup(`/plan/0?client_id=${outro.clientId}`)).statusCode).toBe(400);
    expect((await lookup('/plan/11')).statusCode).toBe(400);
  });
});
