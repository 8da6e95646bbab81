import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSim } from '@central/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createPushSender, type PushSender, type PushTarget } from './sender.ts';

interface SimSubscription {
  id: string;
  subscription: PushTarget;
}

let sim: FastifyInstance;
let simUrl: string;
let sender: PushSender;

beforeAll(async () => {
  sim = await buildSim();
  simUrl = await sim.listen({ host: '127.0.0.1', port: 0 });
  sender = createPushSender({
    keys: webpush.generateVAPIDKeys(),
    subject: 'mailto:nao-responda@central.local',
    timeoutMs: 2000,
  });
});

afterAll(async () => {
  await sender.close();
  await sim.close();
});

/** A browser subscribing with the portal's key, as `pushManager.subscribe({applicationServerKey})`. */
async function subscribe(applicationServerKey = sender.publicKey): Promise<SimSubscription> {
  const response = await fetch(`${simUrl}/__sim/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as SimSubscription;
}

async function received(id: string) {
  const response = await fetch(`${simUrl}/__sim/push/subscriptions/${id}/messages`);
  return (await response.json()) as { payload: string; topic: string; ttl: number; urgency: string }[];
}

const reminder = {
  payload: JSON.stringify({ title: 'Fatura', body: 'Sua fatura de R$ 99,90 vence em 5 dias (10/03/2026)' }),
  topic: 'fatura-123-5',
  ttlSeconds: 86_400,
};

describe('push sender against the simulated push service', () => {
  it('delivers a message that the subscription reads decrypted, with its topic, TTL and urgency', async () => {
    const { id, subscription } = await subscribe();
    expect(await sender.send(subscription, { ...reminder, urgency: 'high' })).toBe('delivered');
    expect(await received(id)).toEqual([
      expect.objectContaining({
        payload: reminder.payload,
        topic: 'fatura-123-5',
        ttl: 86_400,
        urgency: 'high',
      }),
    ]);
  });

  it('reuses its VAPID header: many messages, each accepted', async () => {
    const { id, subscription } = await subscribe();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sender.send(subscription, { payload: `{"n":${i}}`, topic: `t${i}`, ttlSeconds: 60 }),
      ),
    );
    expect(outcomes.every((o) => o === 'delivered')).toBe(true);
    expect(await received(id)).toHaveLength(20);
  });

  it('lets a newer message replace an undelivered one with the same topic', async () => {
    const { id, subscription } = await subscribe();
    await sender.send(subscription, { ...reminder, payload: '{"v":1}' });
    await sender.send(subscription, { ...reminder, payload: '{"v":2}' });
    expect((await received(id)).map((m) => m.payload)).toEqual(['{"v":2}']);
  });

  it('answers gone for a subscription the browser dropped (410) or the service does not know (404)', async () => {
    const { id, subscription } = await subscribe();
    await fetch(`${simUrl}/__sim/push/subscriptions/${id}`, { method: 'DELETE' });
    expect(await sender.send(subscription, reminder)).toBe('gone');
    expect(await sender.send({ ...subscription, endpoint: `${simUrl}/push/unknown` }, reminder)).toBe('gone');
  });

  it('answers failed when the push service refuses the message (another application server key: 403)', async () => {
    const other = webpush.generateVAPIDKeys();
    const { subscription } = await subscribe(other.publicKey);
    expect(await sender.send(subscription, reminder)).toBe('failed');
  });

  it('answers failed for an unreachable push service', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { subscription } = await subscribe();
    const endpoint = subscription.endpoint.replace(simUrl, `http://127.0.0.1:${port}`);
    expect(await sender.send({ ...subscription, endpoint }, reminder)).toBe('failed');
  });

  it('answers failed when the push service does not answer within the timeout', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const quick = createPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:nao-responda@central.local',
      timeoutMs: 200,
    });
    try {
      const { subscription } = await subscribe();
      const { port } = silent.address() as AddressInfo;
      const endpoint = subscription.endpoint.replace(simUrl, `http://127.0.0.1:${port}`);
      const started = Date.now();
      expect(await quick.send({ ...subscription, endpoint }, reminder)).toBe('failed');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await quick.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('answers failed for a subscription whose keys are not a P-256 key and an auth secret', async () => {
    const { subscription } = await subscribe();
    const broken = { ...subscription, keys: { p256dh: 'AAAA', auth: subscription.keys.auth } };
    expect(await sender.send(broken, reminder)).toBe('failed');
  });
});
