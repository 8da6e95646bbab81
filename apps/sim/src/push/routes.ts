// The push resource of RFC 8030 §5: `POST /push/{token}` with an RFC 8291 (aes128gcm) body and VAPID.
// Errors carry Mozilla autopush's body, `{code, errno, error, message}`.

import { STATUS_CODES } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type PushStore, URGENCIES, type Urgency } from './store.ts';
import type { VapidVerifier } from './vapid.ts';

/** RFC 8030 §7.2: a push service must accept 4096 octets of body; more gets 413. */
export const MAX_BODY = 4096;
/** autopush keeps a message for at most 60 days and answers the TTL it kept */
const MAX_TTL = 60 * 24 * 3600;
/** RFC 8030 §5.4: at most 32 characters of the URL- and filename-safe base64 alphabet */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

export interface PushRouteOptions {
  store: PushStore;
  vapid: VapidVerifier;
  clock: () => number;
}

/** The origin a client reached, as a VAPID `aud` names it (`http://127.0.0.1:4010`). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const urgencies: ReadonlySet<string> = new Set(URGENCIES);

export const pushRoutes: FastifyPluginAsync<PushRouteOptions> = async (app, { store, vapid, clock }) => {
  // Bodies are opaque bytes, whatever Content-Type the sender gives (web-push says application/octet-stream).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const fail = (
    reply: FastifyReply,
    topic: string | undefined,
    code: number,
    errno: number,
    message: string,
  ) => {
    store.reject(topic);
    return reply.code(code).send({ code, errno, error: STATUS_CODES[code], message });
  };

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const topic = request.headers.topic;
    const code = error.statusCode ?? 500;
    if (code === 413) return fail(reply, topic as string | undefined, 413, 104, 'Data payload too large');
    return fail(reply, topic as string | undefined, code < 500 ? code : 500, 999, error.message);
  });

  app.post<{ Params: { token: string } }>('/push/:token', { bodyLimit: MAX_BODY }, async (request, reply) => {
    const headers = request.headers;
    const topic = typeof headers.topic === 'string' ? headers.topic : undefined;
    const subscription = store.byEndpointToken(request.params.token);
    if (!subscription) return fail(reply, topic, 404, 102, 'Invalid URL endpoint');
    if (subscription.unsubscribed) return fail(reply, topic, 410, 106, 'Subscription is no longer valid');

    const origin = requestOrigin(request);
    const now = clock();
    const auth = await vapid.verify(headers.authorization, origin, now);
    if (!auth.ok) return fail(reply, topic, auth.status, 109, auth.message);
    // RFC 8292 §4.2: a subscription bound to an application server key takes no other key
    if (subscription.applicationServerKey !== null && auth.publicKey !== subscription.applicationServerKey) {
      return fail(reply, topic, 403, 109, 'VAPID key does not match the subscription');
    }

    // RFC 8030 §5.2: TTL is required
    const ttlHeader = headers.ttl;
    if (ttlHeader === undefined) return fail(reply, topic, 400, 111, 'Missing TTL header');
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader)) {
      return fail(reply, topic, 400, 112, 'Invalid TTL header');
    }
    const ttl = Math.min(Number(ttlHeader), MAX_TTL);

    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // RFC 8291 §4: an encrypted payload uses the aes128gcm content coding (RFC 8188)
    if (body.length > 0 && headers['content-encoding']?.trim().toLowerCase() !== 'aes128gcm') {
      return fail(reply, topic, 415, 110, 'Content-Encoding must be aes128gcm');
    }

    if (topic !== undefined && !TOPIC.test(topic)) {
      return fail(reply, topic, 400, 113, 'Topic must be 1 to 32 characters of the URL-safe base64 alphabet');
    }
    const urgencyHeader = headers.urgency;
    if (urgencyHeader !== undefined && (typeof urgencyHeader !== 'string' || !urgencies.has(urgencyHeader))) {
      return fail(reply, topic, 400, 114, 'Urgency must be very-low, low, normal or high');
    }
    const urgency = (urgencyHeader ?? 'normal') as Urgency;

    const message = store.accept(subscription, { body, topic: topic ?? null, ttl, urgency, receivedAt: now });
    return reply
      .code(201)
      .header('location', `${origin}/message/${message.id}`)
      .header('ttl', String(ttl))
      .send();
  });
};
