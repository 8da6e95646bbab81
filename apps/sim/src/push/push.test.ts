/// <reference path="./http-ece.d.ts" />
import { createECDH } from 'node:crypto';
import ece from 'http_ece';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSim, startSim } from '../ixc/test-support.ts';

interface BrowserSubscription {
  id: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

interface Vapid {
  publicKey: string;
  sign(claims: { aud: string; exp?: number; sub?: string }): Promise<string>;
}

let sim: RunningSim;
let vapid: Vapid;

async function makeVapid(): Promise<Vapid> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x as string, 'base64url'),
    Buffer.from(jwk.y as string, 'base64url'),
  ]);
  return {
    publicKey: point.toString('base64url'),
    sign: ({ aud, exp = Math.floor(Date.now() / 1000) + 12 * 3600, sub = 'mailto:ops@example.com' }) =>
      new SignJWT({ aud, exp, sub }).setProtectedHeader({ typ: 'JWT', alg: 'ES256' }).sign(privateKey),
  };
}

beforeAll(async () => {
  sim = await startSim();
  vapid = await makeVapid();
});

afterAll(async () => {
  await sim.close();
});

async function subscribe(body: unknown = {}): Promise<BrowserSubscription> {
  const response = await fetch(`${sim.url}/__sim/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as BrowserSubscription;
}

/** RFC 8291: what an application server sends (aes128gcm with a fresh sender key pair). */
function encrypt(keys: { p256dh: string; auth: string }, text: string): Buffer {
  const sender = createECDH('prime256v1');
  sender.generateKeys();
  return ece.encrypt(Buffer.from(text, 'utf8'), {
    version: 'aes128gcm',
    privateKey: sender,
    dh: keys.p256dh,
    authSecret: keys.auth,
  });
}

async function push(
  target: BrowserSubscription,
  text: string,
  opts: { headers?: Record<string, string | undefined>; jwt?: string; key?: string; body?: Buffer } = {},
) {
  const endpoint = target.subscription.endpoint;
  const jwt = opts.jwt ?? (await vapid.sign({ aud: new URL(endpoint).origin }));
  const headers: Record<string, string> = {};
  const all: Record<string, string | undefined> = {
    ttl: '3600',
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    authorization: `vapid t=${jwt}, k=${opts.key ?? vapid.publicKey}`,
    ...opts.headers,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) headers[name] = value;
  return fetch(endpoint, {
    method: 'POST',
    headers,
    body: new Uint8Array(opts.body ?? encrypt(target.subscription.keys, text)),
  });
}

async function messages(target: BrowserSubscription) {
  const response = await fetch(`${sim.url}/__sim/push/subscriptions/${target.id}/messages`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    payload: string | null;
    topic: string | null;
    ttl: number;
    urgency: string;
    receivedAt: string;
  }[];
}

describe('Web Push service (RFC 8030)', () => {
  it('subscribes like a browser: an endpoint on the host that was called, a P-256 key and an auth secret', async () => {
    const { id, subscription } = await subscribe();
    expect(id).toBeTruthy();
    expect(subscription.endpoint.startsWith(`${sim.url}/push/`)).toBe(true);
    expect(subscription.expirationTime).toBeNull();
    expect(Buffer.from(subscription.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
  });

  it('accepts an encrypted message with 201 and a Location, and gives it back decrypted', async () => {
    const target = await subscribe();
    const text = JSON.stringify({ title: 'Fatura', body: 'Vence em 5 dias: R$ 99,90' });
    const response = await push(target, text, { headers: { urgency: 'high', topic: 'invoice-42' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toMatch(new RegExp(`^${sim.url}/message/`));
    expect(response.headers.get('ttl')).toBe('3600');
    const [message, ...rest] = await messages(target);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({ payload: text, topic: 'invoice-42', ttl: 3600, urgency: 'high' });
    expect(Date.parse(message?.receivedAt ?? '')).not.toBeNaN();
  });

  it('refuses a message without TTL (400)', async () => {
    const target = await subscribe();
    const response = await push(target, 'x', { headers: { ttl: undefined } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, errno: 111 });
    expect(await messages(target)).toEqual([]);
  });

  it('refuses a body that is not aes128gcm (415)', async () => {
    const target = await subscribe();
    const response = await push(target, 'x', { headers: { 'content-encoding': 'aesgcm' } });
    expect(response.status).toBe(415);
  });

  it('refuses a body over 4096 bytes (413)', async () => {
    const target = await subscribe();
    const response = await push(target, 'x', { body: Buffer.alloc(4097, 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errno: 104 });
  });

  it('refuses a bad Topic or Urgency (400)', async () => {
    const target = await subscribe();
    expect((await push(target, 'x', { headers: { topic: 'has space' } })).status).toBe(400);
    expect((await push(target, 'x', { headers: { topic: 'a'.repeat(33) } })).status).toBe(400);
    expect((await push(target, 'x', { headers: { urgency: 'urgent' } })).status).toBe(400);
  });

  describe('VAPID (RFC 8292)', () => {
    it('answers 401 without Authorization or with another scheme', async () => {
      const target = await subscribe();
      expect((await push(target, 'x', { headers: { authorization: undefined } })).status).toBe(401);
      expect((await push(target, 'x', { headers: { authorization: 'key=AAAA' } })).status).toBe(401);
    });

    it('answers 401 for a JWT signed by another key than k', async () => {
      const target = await subscribe();
      const other = await makeVapid();
      const jwt = await other.sign({ aud: new URL(target.subscription.endpoint).origin });
      const response = await push(target, 'x', { jwt });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ errno: 109 });
    });

    it('answers 401 when aud is not the push service origin', async () => {
      const target = await subscribe();
      const jwt = await vapid.sign({ aud: 'https://push.example.net' });
      expect((await push(target, 'x', { jwt })).status).toBe(401);
    });

    it('answers 401 for an expired JWT or one valid for more than 24 hours', async () => {
      const target = await subscribe();
      const aud = new URL(target.subscription.endpoint).origin;
      const now = Math.floor(Date.now() / 1000);
      expect((await push(target, 'x', { jwt: await vapid.sign({ aud, exp: now - 10 }) })).status).toBe(401);
      expect((await push(target, 'x', { jwt: await vapid.sign({ aud, exp: now + 25 * 3600 }) })).status).toBe(
        401,
      );
    });

    it('answers 401 when sub is not a mailto: or https: URL', async () => {
      const target = await subscribe();
      const jwt = await vapid.sign({
        aud: new URL(target.subscription.endpoint).origin,
        sub: 'ops@example.com',
      });
      expect((await push(target, 'x', { jwt })).status).toBe(401);
    });

    it('answers 403 when the subscription was made for another application server key', async () => {
      const other = await makeVapid();
      const target = await subscribe({ applicationServerKey: other.publicKey });
      expect((await push(target, 'x')).status).toBe(403);
      const jwt = await other.sign({ aud: new URL(target.subscription.endpoint).origin });
      expect((await push(target, 'x', { jwt, key: other.publicKey })).status).toBe(201);
    });

    it('still checks aud and exp of a JWT it verified before', async () => {
      const target = await subscribe();
      const jwt = await vapid.sign({ aud: new URL(target.subscription.endpoint).origin });
      expect((await push(target, 'x', { jwt })).status).toBe(201);
      const elsewhere = `http://localhost:${new URL(sim.url).port}/push/`;
      const sameJwtOtherOrigin = await fetch(
        target.subscription.endpoint.replace(`${sim.url}/push/`, elsewhere),
        {
          method: 'POST',
          headers: {
            ttl: '60',
            'content-encoding': 'aes128gcm',
            authorization: `vapid t=${jwt}, k=${vapid.publicKey}`,
          },
          body: new Uint8Array(encrypt(target.subscription.keys, 'x')),
        },
      );
      expect(sameJwtOtherOrigin.status).toBe(401);
    });
  });

  it('answers 404 for an unknown endpoint and 410 after the browser unsubscribed', async () => {
    const target = await subscribe();
    const unknown = { ...target, subscription: { ...target.subscription, endpoint: `${sim.url}/push/nope` } };
    expect((await push(unknown, 'x')).status).toBe(404);
    const deleted = await fetch(`${sim.url}/__sim/push/subscriptions/${target.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await push(target, 'x')).status).toBe(410);
  });

  it('replaces an undelivered message with the same topic, not a delivered one', async () => {
    const target = await subscribe();
    expect((await push(target, 'first', { headers: { topic: 'broadcast-1' } })).status).toBe(201);
    expect((await push(target, 'other', { headers: { topic: 'broadcast-2' } })).status).toBe(201);
    expect((await push(target, 'second', { headers: { topic: 'broadcast-1' } })).status).toBe(201);
    expect((await messages(target)).map((m) => m.payload)).toEqual(['other', 'second']);
    // read: the browser has it, so the next one with that topic is a new message
    expect((await push(target, 'third', { headers: { topic: 'broadcast-1' } })).status).toBe(201);
    expect((await messages(target)).map((m) => m.payload)).toEqual(['other', 'second', 'third']);
  });

  it('drops a message whose TTL ran out before the browser read it', async () => {
    const target = await subscribe();
    expect((await push(target, 'now or never', { headers: { ttl: '0' } })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    expect(await messages(target)).toEqual([]);
  });

  it('creates many subscriptions at once and counts what they received', async () => {
    await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
    const response = await fetch(`${sim.url}/__sim/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 3 }),
    });
    expect(response.status).toBe(201);
    const { subscriptions } = (await response.json()) as { subscriptions: BrowserSubscription[] };
    expect(new Set(subscriptions.map((s) => s.subscription.endpoint)).size).toBe(3);
    const [a, b, c] = subscriptions as [BrowserSubscription, BrowserSubscription, BrowserSubscription];
    await push(a, 'm', { headers: { topic: 'b1' } });
    await push(a, 'm', { headers: { topic: 'b1' } });
    await push(b, 'm', { headers: { topic: 'b1' } });
    await push(c, 'm', { headers: { topic: 'b2' } });
    await push(c, 'm', { headers: { ttl: undefined, topic: 'b1' } });
    const stats = async (query = '') => (await fetch(`${sim.url}/__sim/push/stats${query}`)).json();
    expect(await stats()).toEqual({ received: 4, rejected: 1, subscriptions: 3, duplicates: 1 });
    expect(await stats('?topic=b1')).toEqual({ received: 3, rejected: 1, subscriptions: 2, duplicates: 1 });
    expect((await messages(b)).map((m) => m.payload)).toEqual(['m']);
  });
});
