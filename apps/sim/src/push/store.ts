/// <reference path="./http-ece.d.ts" />
// What the simulated push service holds: the subscriptions it issued (with the browser's side of the
// keys, so that it can read what it received) and the messages waiting for each one.

import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';

export const URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];

export interface PushMessage {
  id: string;
  /** the aes128gcm body as received; decrypted only when a test reads it */
  body: Buffer;
  topic: string | null;
  ttl: number;
  urgency: Urgency;
  receivedAt: number;
  /** read by the (simulated) browser: a later message with the same topic no longer replaces it */
  delivered: boolean;
}

export interface SimSubscription {
  id: string;
  token: string;
  /** the browser's P-256 key pair: its public half is the subscription's `p256dh` */
  ecdh: ECDH;
  p256dh: string;
  auth: string;
  /** the `applicationServerKey` given to `subscribe()`, when there was one (RFC 8292 §3.2) */
  applicationServerKey: string | null;
  unsubscribed: boolean;
  messages: PushMessage[];
  /** accepted messages, replaced or expired ones included (for the benchmark's counts) */
  received: number;
  receivedByTopic: Map<string, number> | null;
}

export interface ReadMessage {
  payload: string | null;
  topic: string | null;
  ttl: number;
  urgency: Urgency;
  receivedAt: string;
  /** set when the body could not be decrypted with the subscription's keys (a browser drops it) */
  error?: string;
}

export interface PushStats {
  received: number;
  rejected: number;
  /** distinct subscriptions that received at least one message */
  subscriptions: number;
  /** messages beyond the first one per subscription */
  duplicates: number;
}

export class PushStore {
  private byToken = new Map<string, SimSubscription>();
  private byId = new Map<string, SimSubscription>();
  private nextId = 1;
  private nextMessage = 1;
  private rejected = 0;
  private rejectedByTopic = new Map<string, number>();

  /** Subscribes `count` browsers; a batch shares one key pair (distinct tokens and auth secrets). */
  subscribe(count: number, applicationServerKey: string | null): SimSubscription[] {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const p256dh = ecdh.getPublicKey().toString('base64url');
    const random = randomBytes(32 * count);
    const created: SimSubscription[] = [];
    for (let i = 0; i < count; i++) {
      const subscription: SimSubscription = {
        id: `sub-${this.nextId++}`,
        token: random.subarray(32 * i, 32 * i + 16).toString('base64url'),
        ecdh,
        p256dh,
        auth: random.subarray(32 * i + 16, 32 * i + 32).toString('base64url'),
        applicationServerKey,
        unsubscribed: false,
        messages: [],
        received: 0,
        receivedByTopic: null,
      };
      this.byToken.set(subscription.token, subscription);
      this.byId.set(subscription.id, subscription);
      created.push(subscription);
    }
    return created;
  }

  byEndpointToken(token: string): SimSubscription | undefined {
    return this.byToken.get(token);
  }

  get(id: string): SimSubscription | undefined {
    return this.byId.get(id);
  }

  /** RFC 8030 §5.4: a message replaces an undelivered one with the same topic. */
  accept(subscription: SimSubscription, message: Omit<PushMessage, 'id' | 'delivered'>): PushMessage {
    const stored: PushMessage = { ...message, id: `m${this.nextMessage++}`, delivered: false };
    if (message.topic !== null) {
      const index = subscription.messages.findIndex((m) => !m.delivered && m.topic === message.topic);
      if (index >= 0) subscription.messages.splice(index, 1);
      subscription.receivedByTopic ??= new Map();
      const byTopic = subscription.receivedByTopic;
      byTopic.set(message.topic, (byTopic.get(message.topic) ?? 0) + 1);
    }
    subscription.messages.push(stored);
    subscription.received++;
    return stored;
  }

  reject(topic: string | undefined): void {
    this.rejected++;
    if (topic) this.rejectedByTopic.set(topic, (this.rejectedByTopic.get(topic) ?? 0) + 1);
  }

  /**
   * What the browser gets when it comes online at `now`: messages whose TTL ran out undelivered are
   * dropped (RFC 8030 §5.2), the others are decrypted and marked delivered.
   */
  read(subscription: SimSubscription, now: number): ReadMessage[] {
    subscription.messages = subscription.messages.filter(
      (m) => m.delivered || m.receivedAt + m.ttl * 1000 >= now,
    );
    return subscription.messages.map((message) => {
      message.delivered = true;
      const base = {
        topic: message.topic,
        ttl: message.ttl,
        urgency: message.urgency,
        receivedAt: new Date(message.receivedAt).toISOString(),
      };
      if (message.body.length === 0) return { payload: null, ...base };
      try {
        const plain = ece.decrypt(message.body, {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.auth,
        });
        return { payload: plain.toString('utf8'), ...base };
      } catch (error) {
        return { payload: null, ...base, error: (error as Error).message };
      }
    });
  }

  stats(topic?: string): PushStats {
    let received = 0;
    let subscriptions = 0;
    let duplicates = 0;
    for (const subscription of this.byId.values()) {
      const n = topic === undefined ? subscription.received : (subscription.receivedByTopic?.get(topic) ?? 0);
      if (n === 0) continue;
      received += n;
      subscriptions++;
      duplicates += n - 1;
    }
    const rejected = topic === undefined ? this.rejected : (this.rejectedByTopic.get(topic) ?? 0);
    return { received, rejected, subscriptions, duplicates };
  }

  reset(): void {
    this.byToken.clear();
    this.byId.clear();
    this.rejected = 0;
    this.rejectedByTopic.clear();
  }
}
