import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

/** What the browser's `PushSubscription.toJSON()` gives (its `expirationTime` is not needed to send). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  /** JSON text that the service worker reads */
  payload: string;
  /** RFC 8030 §5.4: a newer message with the same topic replaces an undelivered one */
  topic: string;
  ttlSeconds: number;
  urgency?: 'normal' | 'high';
}

/** `gone`: the push service no longer knows the subscription (404/410), so it can be deleted. */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

export interface PushSender {
  /** the VAPID public key, the `applicationServerKey` of the browser's `subscribe()` */
  publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
  close(): Promise<void>;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  /** VAPID `sub`: how the push service's operator reaches us (mailto: or https:) */
  subject: string;
  timeoutMs: number;
  /** kept-alive connections per push service origin */
  connections?: number;
  logger?: Pick<Logger, 'warn' | 'debug'>;
}

/** RFC 8292 allows 24 h; web-push's default of 12 h is kept, and a new JWT is signed an hour before. */
const JWT_LIFETIME_SECONDS = 12 * 3600;
const JWT_RENEW_BEFORE_SECONDS = 3600;

/**
 * Sends Web Push messages: `web-push` only encrypts (RFC 8291, aes128gcm); the VAPID header is signed
 * once per push service origin and reused while it is valid, since an ES256 signature per message would
 * double the CPU a broadcast costs. Endpoints are capabilities: only their origin is ever logged.
 */
export function createPushSender(opts: PushSenderOptions): PushSender {
  const agent = new Agent({
    connections: opts.connections ?? 128,
    keepAliveTimeout: 30_000,
    connectTimeout: opts.timeoutMs,
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
  const authorizations = new Map<string, { header: string; renewAt: number }>();

  function authorization(audience: string): string {
    const now = Math.floor(Date.now() / 1000);
    const cached = authorizations.get(audience);
    if (cached && now < cached.renewAt) return cached.header;
    const expiration = now + JWT_LIFETIME_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      opts.subject,
      opts.keys.publicKey,
      opts.keys.privateKey,
      'aes128gcm',
      expiration,
    );
    authorizations.set(audience, { header: Authorization, renewAt: expiration - JWT_RENEW_BEFORE_SECONDS });
    return Authorization;
  }

  async function send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    let origin = 'invalid endpoint';
    try {
      origin = new URL(target.endpoint).origin;
      const details = webpush.generateRequestDetails(target, message.payload, {
        TTL: message.ttlSeconds,
        topic: message.topic,
        urgency: message.urgency ?? 'normal',
        contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = { authorization: authorization(origin) };
      for (const [name, value] of Object.entries(details.headers)) {
        if (name !== 'Content-Length') headers[name.toLowerCase()] = String(value);
      }
      const response = await request(target.endpoint, {
        method: 'POST',
        headers,
        body: details.body,
        dispatcher: agent,
      });
      await response.body.dump();
      const status = response.statusCode;
      if (status === 201 || status === 200 || status === 202) return 'delivered';
      if (status === 404 || status === 410) {
        opts.logger?.debug({ origin, status }, 'push subscription gone');
        return 'gone';
      }
      opts.logger?.warn({ origin, status }, 'push message refused');
      return 'failed';
    } catch (error) {
      // the code (UND_ERR_HEADERS_TIMEOUT, ECONNREFUSED…) and never the message, which may quote the URL
      const { code, name } = error as { code?: string; name?: string };
      opts.logger?.warn({ origin, error: code ?? name }, 'push message not sent');
      return 'failed';
    }
  }

  return {
    publicKey: opts.keys.publicKey,
    send,
    close: () => agent.close(),
  };
}
