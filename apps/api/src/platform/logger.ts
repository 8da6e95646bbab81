import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino, { type Level, type Logger } from 'pino';

// 529.982.247-25, 52998224725, 11.222.333/0001-81, 11222333000181
const DOCUMENT = /\b(\d{2,3})\.?\d{3}\.?\d{3}(?:\/?(\d{4})-?(\d{2})|-?(\d{2}))\b/g;

/** Replaces every CPF/CNPJ in a text by its hidden form, keeping the first and last digits. */
export function maskDocuments(text: string): string {
  return text.replace(DOCUMENT, (_m, head: string, branch?: string, cnpjCheck?: string, cpfCheck?: string) =>
    branch ? `${head}.***.***/${branch}-${cnpjCheck}` : `${head}.***.***-${cpfCheck}`,
  );
}

function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskDocuments(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  // Requests, responses and errors are left to their serializers.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = maskDeep(v, depth + 1);
  return out;
}

/** Paths whose values never reach a log line: credentials, tokens, cookies, card data. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.confirmNewPassword',
  '*.currentPassword',
  '*.token',
  '*.verificationCode',
  '*.CardNumber',
  '*.SecurityCode',
  '*.securityCode',
  '*.cardNumber',
  '*.CardToken',
  '*.merchantKey',
  '*.ixcAccessToken',
  '*.privateKey',
];

/** A request path for the log: download tokens replaced, documents hidden. */
export function logUrl(url: string): string {
  return maskDocuments(url.replace(/(\/download\/[a-z-]+\/)[^/?#]+/g, '$1[token]'));
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (req: { method?: string; url?: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: logUrl(req.url ?? ''),
          ip: req.ip,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { log: (obj) => maskDeep(obj) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === 'string' ? maskDocuments(a) : a)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}

const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

// Symbols, so that pino's own members (`bindings()`…) stay reachable through the prototype.
const PARENT = Symbol('parent');
const BINDINGS = Symbol('bindings');
const OPTIONS = Symbol('options');
const MADE = Symbol('made');
interface LazyLogger {
  [PARENT]: Logger;
  [BINDINGS]: pino.Bindings;
  [OPTIONS]: pino.ChildLoggerOptions;
  [MADE]?: Logger;
}
const make = (lazy: LazyLogger) => {
  lazy[MADE] ??= lazy[PARENT].child(lazy[BINDINGS], lazy[OPTIONS]);
  return lazy[MADE];
};
/** One prototype per parent logger: its level methods make the child on first enabled use. */
const lazyPrototypes = new WeakMap<object, object>();
function lazyPrototype(parent: Logger): object {
  let proto = lazyPrototypes.get(parent);
  if (!proto) {
    proto = Object.create(parent) as object;
    for (const level of LEVELS) {
      Object.defineProperty(proto, level, {
        value(this: LazyLogger, ...args: Parameters<pino.LogFn>) {
          if (parent.isLevelEnabled(level)) make(this)[level](...args);
        },
      });
    }
    Object.defineProperty(proto, 'child', {
      value(this: LazyLogger, bindings: pino.Bindings, options?: pino.ChildLoggerOptions) {
        return make(this).child(bindings, options);
      },
    });
    lazyPrototypes.set(parent, proto);
  }
  return proto;
}

/**
 * Fastify's per-request logger (`request.log`), made when it first logs at an enabled level. pino writes a
 * child's bindings (the reqId) through the redaction paths above when it is made, which a CPU profile of
 * the session check showed at about 5% of it; a request that logs nothing now skips that.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  if (options.level !== undefined) return logger.child(bindings, options);
  const lazy: LazyLogger = Object.create(lazyPrototype(logger as Logger));
  lazy[PARENT] = logger as Logger;
  lazy[BINDINGS] = bindings;
  lazy[OPTIONS] = options;
  return lazy as unknown as FastifyBaseLogger;
};
