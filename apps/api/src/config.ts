import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  if (bits === undefined) return isIP(address) !== 0 || PROXY_NAMES.includes(address);
  const max = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : -1;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

/** Trusts the `hops` nearest proxies: the socket's peer is hop 0 (Express's `trust proxy` number). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Which proxies may set X-Forwarded-For: a hop count or their addresses/CIDRs (Fastify's `trustProxy`).
 * Never a blanket `true`, which would take the client's own left-most entry as its address. Fastify 5
 * ignores a numeric `trustProxy` (it trusts nothing), so a hop count becomes a trust function.
 */
const trustProxyString = z
  .string()
  .optional()
  .transform((v, ctx): ReturnType<typeof trustHops> | string[] | false => {
    const text = v?.trim() ?? '';
    if (text === '' || text === '0') return false;
    if (/^\d+$/.test(text)) return trustHops(Number(text));
    const entries = text.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        "use a hop count (1, 2…) or the proxies' addresses/CIDRs separated by commas; true/false are not accepted",
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Prefix of the rate-limit keys in Redis, so that several deployments (or test runs) can share one. */
  REDIS_KEY_PREFIX: z.string().min(1).default('central:rl:'),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must have at least 32 characters').optional(),
  /** Earlier SECRET_KEY values, comma-separated: secrets stored under them stay readable after a rotation. */
  SECRET_KEY_PREVIOUS: z.string().optional(),
  DEFAULT_CLIENT_ID: z.string().default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxyString,
  WEB_DIST: z.string().optional(),
  SEED_DEMO: booleanString,
  DEMO_SIM_URL: z.url().default('http://127.0.0.1:4010'),
  IXC_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  IXC_DOCUMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(20000),
  /** A tenant's ERP circuit opens after this many consecutive outages (timeouts, network errors, 5xx). */
  IXC_BREAKER_FAILURES: z.coerce.number().int().positive().default(5),
  /** How long an open circuit waits before one call probes the ERP again. */
  IXC_BREAKER_HALF_OPEN_MS: z.coerce.number().int().positive().default(15_000),
  CIELO_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** How often an invoice that a page follows for its payment is read from the ERP. */
  PAYMENT_POLL_MS: z.coerce.number().int().positive().default(15_000),
  /** A payment event stream ends after this long; the page opens another. */
  PAYMENT_EVENTS_MAX_MS: z.coerce.number().int().positive().default(600_000),
  /** Web Push VAPID keys (RFC 8292) as `web-push generate-vapid-keys` prints them; both or neither. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'the base64url uncompressed P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'the base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'a mailto: or https: URL')
    .default('mailto:nao-responda@central.local'),
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Content partners (Watch Brasil, Playhub, Olé TV, Toca Livros) and the cloud box's Nextcloud. */
  PARTNER_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  JOBS: z.enum(['on', 'off']).default('on'),
  /** pg-boss maintenance (lost jobs expired and retried, old jobs archived), in seconds. */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Push subscriptions per job of a provider broadcast. */
  BROADCAST_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** A broadcast batch still running after this (its process died) is retried; unsent rows only. */
  BROADCAST_BATCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('nao-responda@central.local'),
  API_DOCS: booleanString,
  ALLOW_DEMO_IN_PRODUCTION: booleanString,
  /** The back office's connection check may call private, loopback and link-local addresses (demo, tests). */
  OUTBOUND_ALLOW_PRIVATE: booleanString,
  /** Password hashes and verifications at once (argon2 on libuv's threads); default: see below. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Node's own: libuv's thread pool, which argon2 shares with file reads, DNS and zlib. */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
  /** Hashing work allowed to wait; past it a sign-in is answered 503 at once. Default: 32 per slot. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; every bad variable is listed together (Epic Stack's env.server.ts). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  if (e.NODE_ENV === 'production') {
    const refused = [
      !e.SECRET_KEY && 'SECRET_KEY: required in production',
      // Without SMTP the codes would be written to disk, where the server's staff can read them.
      !e.SMTP_URL && 'SMTP_URL: required in production (recovery codes must reach the subscriber only)',
      // The demo seeds an admin with a published password.
      e.SEED_DEMO &&
        !e.ALLOW_DEMO_IN_PRODUCTION &&
        'SEED_DEMO: refused in production (it seeds a known admin password); ALLOW_DEMO_IN_PRODUCTION=true overrides',
    ].filter((line): line is string => typeof line === 'string');
    if (refused.length > 0) throw new Error(`Invalid environment:\n  ${refused.join('\n  ')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // One core stays with the event loop and one pool thread with file reads, DNS and compression, so that
  // other routes keep answering during a sign-in storm.
  const passwordHashConcurrency =
    e.PASSWORD_HASH_CONCURRENCY ??
    Math.max(1, Math.min(availableParallelism() - 1, e.UV_THREADPOOL_SIZE - 1));
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    secretKey: e.SECRET_KEY,
    previousSecretKeys: (e.SECRET_KEY_PREVIOUS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k.length > 0),
    defaultClientId: e.DEFAULT_CLIENT_ID,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    seedDemo: e.SEED_DEMO,
    demoSimUrl: e.DEMO_SIM_URL,
    ixcTimeoutMs: e.IXC_TIMEOUT_MS,
    ixcDocumentTimeoutMs: e.IXC_DOCUMENT_TIMEOUT_MS,
    ixcBreaker: { failures: e.IXC_BREAKER_FAILURES, halfOpenAfterMs: e.IXC_BREAKER_HALF_OPEN_MS },
    cieloTimeoutMs: e.CIELO_TIMEOUT_MS,
    paymentPollMs: e.PAYMENT_POLL_MS,
    paymentEventsMaxMs: e.PAYMENT_EVENTS_MAX_MS,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    pushTimeoutMs: e.PUSH_TIMEOUT_MS,
    partnerTimeoutMs: e.PARTNER_TIMEOUT_MS,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    jobs: e.JOBS === 'on',
    jobMaintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    broadcastBatchSize: e.BROADCAST_BATCH_SIZE,
    broadcastBatchTimeoutSeconds: e.BROADCAST_BATCH_TIMEOUT_SECONDS,
    smtpUrl: e.SMTP_URL || undefined,
    smtpFrom: e.SMTP_FROM,
    apiDocs: e.API_DOCS,
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    outboxDir: path.join(dataDir, 'outbox'),
    passwordHashConcurrency,
    passwordHashQueue: e.PASSWORD_HASH_QUEUE ?? 32 * passwordHashConcurrency,
  };
}
