import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_COOKIE } from '../../src/modules/recovery/service.ts';
import { SESSION_COOKIES } from '../../src/platform/auth.ts';
import { cookieHeader, type Harness, startHarness } from '../harness.ts';
import { adminSession, setProviderPassword } from '../staff.ts';
import { clip, decoded, problemsOf } from './answers.ts';
import {
  BAD_PATH_SEGMENTS,
  BROKEN_JSON,
  badValue,
  badValueFor,
  CANARY,
  type JsonSchema,
  NASTY_STRINGS,
  oddTextBody,
  oddTextFor,
  serialize,
  validValue,
} from './arbitraries.ts';
import { type Route, routesOf } from './routes.ts';

// Issue 14 item 8: generated bad requests against every route of the app, as each role, and every answer
// checked: no 5xx, the catalogue's error shape, Portuguese, no secret. `npm test` sends FUZZ_RUNS (600)
// requests, `npm run test:fuzz` 10,000; FUZZ_SEED replays a run, FUZZ_ONLY ('POST /api/central/sign-in')
// narrows it to the routes whose "METHOD path" contains it.

const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const ONLY = process.env.FUZZ_ONLY;

const MARIA = '52998224725';
const FERNANDA = '71460238001';
const PROVIDER_PASSWORD = 'provedor-fuzz-123';
const ROLES = ['anonymous', 'subscriber', 'provider', 'admin'] as const;
type Role = (typeof ROLES)[number];

let h: Harness;
let components: Record<string, JsonSchema>;
let routes: Route[];
/** the subscribers' provider (Maria), with every integration on the sims */
let own: Awaited<ReturnType<Harness['tenant']>>;
/** another provider: a session of `own` sent with its client_id must get nothing of `own` */
let other: Awaited<ReturnType<Harness['tenant']>>;
/** the provider the admin role edits and suspends, so that the others stay as they are */
let edited: Awaited<ReturnType<Harness['tenant']>>;
const tokens: Record<Exclude<Role, 'anonymous'>, string> = { subscriber: '', provider: '', admin: '' };
let secrets: string[];
let maria: { erpCustomerId: string; name: string };
let adminUser: { id: string; name: string };
/** Maria's password recovery, begun: the anonymous role sends it half of the time */
let recovery: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  h = await startHarness({ logLevel: 'warn' });
  [own, other, edited] = await Promise.all([
    // A provider with its support department set: without one, a valid request is refused with a 502.
    h.tenant({
      credentials: [MARIA],
      cards: true,
      acs: true,
      apps: true,
      support: { supportType: 'os', departmentId: '2', messageEventId: '9' },
    }),
    h.tenant({ from: 'outro', credentials: [FERNANDA] }),
    h.tenant({ cards: true }),
  ]);
  tokens.subscriber = (await h.customerSession(own.clientId, MARIA))[SESSION_COOKIES.customer] ?? '';
  await setProviderPassword(h, own.row.id, PROVIDER_PASSWORD);
  const provider = await h.app.inject({
    method: 'POST',
    url: '/api/admin/auth/sign-in/provider',
    headers: { client_id: own.clientId },
    payload: { client_id: own.clientId, password: PROVIDER_PASSWORD },
  });
  tokens.provider = provider.cookies.find((c) => c.name === SESSION_COOKIES.provider)?.value ?? '';
  const admin = await adminSession(h);
  tokens.admin = admin.jar[SESSION_COOKIES.admin] ?? '';
  adminUser = admin.user;
  const tenant = await h.services.tenants.byId(own.row.id);
  if (!tenant) throw new Error('own tenant not found');
  const session = await h.services.sessions.customer(tokens.subscriber, tenant);
  maria = { erpCustomerId: session.erpCustomerId, name: session.name };

  secrets = [
    'test-secret-key-that-is-long-enough-0123456789',
    PROVIDER_PASSWORD,
    ...[own, other, edited].flatMap((t) => [t.erp.token, t.merchant?.merchantKey ?? '']),
    ...Object.values(own.appInstances ?? {}).flatMap((a) => [a.token ?? '', a.appPassword ?? '']),
    ...Object.values(tokens),
    'PRIVATE KEY',
    '$argon2',
  ].filter((s) => typeof s === 'string' && s.length >= 8);

  const card = await h.app.inject({
    method: 'POST',
    url: '/api/payment/card',
    headers: {
      client_id: own.clientId,
      cookie: cookieHeader({ [SESSION_COOKIES.customer]: tokens.subscriber }),
    },
    payload: {
      CardNumber: '4111111111111111',
      Holder: 'MARIA A SOUZA',
      ExpirationDate: '12/2030',
      SecurityCode: '123',
    },
  });
  HINTS.cardId = [card.json().uuid];
  const recoveryStart = await h.app.inject({
    method: 'POST',
    url: '/api/central/check/cpf-cnpj',
    headers: { client_id: own.clientId },
    payload: { cpfCnpj: MARIA },
  });
  recovery = recoveryStart.cookies.find((c) => c.name === RECOVERY_COOKIE)?.value ?? '';
  if (!recovery) throw new Error(`recovery did not start: ${recoveryStart.body}`);
  // The provider's own subjects and Maria's apps, so that some requests get past those lookups too.
  const asMaria = {
    client_id: own.clientId,
    cookie: cookieHeader({ [SESSION_COOKIES.customer]: tokens.subscriber }),
  };
  const subjects = await h.app.inject({ url: '/api/central/customer/support/subjects', headers: asMaria });
  HINTS.subject = subjects.json().subjects.map((s: { id: string }) => s.id);
  const apps = await h.app.inject({ url: '/api/central/customer/apps', headers: asMaria });
  HINTS.customerAppId = apps.json().apps.map((a: { customer_app: { id: string } }) => a.customer_app.id);

  ({ routes, components } = routesOf(h.app));
}, 120_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  await h?.close();
});

/** Real ids of Maria's data on the simulated systems, so that some requests get past the lookups. */
const HINTS: Record<string, unknown[]> = {
  invoiceId: ['1016', '1017', '1019', 1020],
  id: ['101', '102', 101],
  contractId: ['101', 101, '102'],
  contract_id: ['101', 101],
  supportId: ['5001'],
  serial: ['4857544308A1C2D3'],
  appId: ['watch', 'oletv', 'tocalivros', 'atp_box', 'playhub', 'clube'],
  year: [2024, '2024'],
  cpfOrCnpj: [MARIA, '529.982.247-25'],
  password: ['senha123', 'senhaNova123'],
  path: ['1,1', '1,5'],
  CardNumber: ['4111 1111 1111 1111', '5555555555554444', '4000000000000002'],
  Holder: ['MARIA A SOUZA'],
  ExpirationDate: ['12/2030', '01/2020'],
  SecurityCode: ['123'],
  securityCode: ['123'],
  installments: [1, 3],
  phone_number: ['(47) 99999-8888', '47999998888'],
  message: ['Minha internet está lenta', 'Olá'],
  customerEmail: ['maria@example.com'],
  mailIndex: [0, 1],
  verificationCode: ['123456789'],
  /** filled in with the card saved before the run */
  cardId: [],
};

function encodeSegment(value: unknown): string {
  try {
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as a UTF-8-ish encoder would write it
  }
}

const hinted = (name: string, schema: JsonSchema) => {
  const generated = validValue(schema, components);
  const hints = HINTS[name];
  return hints?.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hints) }, { weight: 1, arbitrary: generated })
    : generated;
};

/** The generated request: everything but the session, which is added when it is sent. */
interface FuzzCase {
  role: Role;
  clientId: 'own' | 'other' | 'none' | string;
  method: string;
  segments: string[];
  query: string;
  body: { kind: 'none' } | { kind: 'text'; text: string };
  contentType?: string;
  origin?: string;
  /** a stranger's cookie of another role, or a tampered token */
  cookieNoise?: string;
  host?: string;
  acceptEncoding?: string;
  /** the anonymous role's password recovery in progress */
  inRecovery: boolean;
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
const CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'application/xml',
  '*/*',
  'a/b/c',
  '',
];

/** The body's fields as an HTML form or a multipart upload would send them (both are refused: 415). */
function formText(value: unknown): FuzzCase['body'] {
  const fields = Object.entries(value && typeof value === 'object' ? value : { value });
  const text = (v: unknown) => (typeof v === 'string' ? v : serialize(v));
  return fields.length % 2
    ? {
        kind: 'text',
        text: new URLSearchParams(fields.map(([k, v]): [string, string] => [k, text(v)])).toString(),
      }
    : {
        kind: 'text',
        text: `${fields.map(([k, v]) => `------fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${text(v)}\r\n`).join('')}------fuzz--\r\n`,
      };
}

/** `arbitrary`'s value with probability `p`, else undefined. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, p: number) =>
  fc.oneof(
    { weight: Math.round(p * 100), arbitrary },
    { weight: Math.round((1 - p) * 100), arbitrary: fc.constant(undefined) },
  );

function caseOf(route: Route, role: Role): fc.Arbitrary<FuzzCase> {
  const adminClientIds = route.method === 'GET' ? [edited, own] : [edited];
  const segment = (p: Route['pathParams'][number]) =>
    fc.oneof(
      {
        weight: 6,
        arbitrary:
          p.name === 'clientId' || p.name === 'client'
            ? fc.constantFrom(...adminClientIds.map((t) => t.clientId), other.clientId, 'nao-existe')
            : hinted(p.name, p.schema).map(encodeSegment),
      },
      { weight: 4, arbitrary: fc.constantFrom(...BAD_PATH_SEGMENTS) },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS).map(encodeSegment) },
    );
  const queryPart = (q: Route['queryParams'][number]) => {
    const name = encodeURIComponent(q.name);
    const value =
      q.name === 'client_id'
        ? fc.constantFrom(own.clientId, edited.clientId, 'nao-existe')
        : hinted(q.name, q.schema).map((v) => (typeof v === 'string' ? v : serialize(v)));
    const bad = fc
      .oneof(badValue, oddTextFor(q.schema, components) ?? badValue)
      .map((v) => (typeof v === 'string' ? v : serialize(v)));
    return rarely(
      fc.oneof(
        { weight: 5, arbitrary: value.map((v) => [`${name}=${encodeSegment(v)}`]) },
        { weight: 3, arbitrary: bad.map((v) => [`${name}=${encodeSegment(v)}`]) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(value, bad)
            .map(([a, b]) => [`${name}=${encodeSegment(a)}`, `${name}=${encodeSegment(b)}`]),
        },
        { weight: 1, arbitrary: value.map((v) => [`${name}[]=${encodeSegment(v)}`, `${name}[]=x`]) },
        { weight: 1, arbitrary: value.map((v) => [`${name}[0]=${encodeSegment(v)}`, `${name}[a][b]=1`]) },
        { weight: 1, arbitrary: fc.constantFrom([`${name}=`], [name], [`${name}=%`], [`${name}=%E0%A4%A`]) },
      ),
      3 / 4,
    );
  };
  const extraQuery = rarely(
    fc.constantFrom(
      ['extra=1'],
      ['__proto__[admin]=1'],
      ['constructor[prototype][x]=1'],
      ['&&&', '=', '=='],
      [`a=${'9'.repeat(1000)}`],
      [`q=${encodeURIComponent(CANARY)}`],
    ),
    1 / 4,
  );
  const query = fc
    .tuple(fc.tuple(...route.queryParams.map(queryPart)), extraQuery)
    .map(([parts, extra]) => [...parts.flatMap((p) => p ?? []), ...(extra ?? [])].join('&'));

  const jsonText = (v: fc.Arbitrary<unknown>) =>
    v.map((value) => ({ kind: 'text' as const, text: serialize(value) }));
  const broken = fc.constantFrom(...BROKEN_JSON).map((text) => ({ kind: 'text' as const, text }));
  const body: fc.Arbitrary<FuzzCase['body']> = route.body
    ? fc.oneof(
        { weight: 2, arbitrary: jsonText(validValue(route.body, components, HINTS)) },
        { weight: 6, arbitrary: jsonText(badValueFor(route.body, components, HINTS)) },
        { weight: 4, arbitrary: jsonText(oddTextBody(route.body, components, HINTS) ?? badValue) },
        { weight: 1, arbitrary: jsonText(fc.jsonValue()) },
        {
          weight: 1,
          arbitrary: fc.tuple(validValue(route.body, components, HINTS), fc.nat()).map(([v, n]) => ({
            kind: 'text' as const,
            text: serialize(v).slice(0, n % (serialize(v).length + 1)),
          })),
        },
        { weight: 2, arbitrary: broken },
        { weight: 1, arbitrary: validValue(route.body, components, HINTS).map(formText) },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      )
    : fc.oneof(
        { weight: 8, arbitrary: fc.constant({ kind: 'none' as const }) },
        { weight: 1, arbitrary: jsonText(badValue) },
        { weight: 1, arbitrary: broken },
      );

  return fc.record({
    role: fc.constant(role),
    clientId: fc.oneof(
      { weight: 85, arbitrary: fc.constant('own') },
      { weight: 8, arbitrary: fc.constant('other') },
      { weight: 4, arbitrary: fc.constant('none') },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          'nao-existe',
          'DEMO',
          'a'.repeat(300),
          'a'.repeat(10_000),
          '../demo',
          '%00',
          ' ',
          'açaí',
        ),
      },
    ),
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
    ),
    segments: fc.tuple(...route.pathParams.map(segment)),
    inRecovery: fc.boolean(),
    query,
    body,
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    origin: rarely(
      fc.constantFrom('http://localhost:80', 'https://evil.example', 'null', 'not a url', 'http://[::1'),
      1 / 10,
    ),
    cookieNoise: rarely(
      fc.constantFrom(
        `${SESSION_COOKIES.customer}=eyJhbGciOiJIUzI1NiJ9.e30.x`,
        `${SESSION_COOKIES.admin}=${'a'.repeat(4000)}`,
        `${SESSION_COOKIES.provider}=%E0%A4%A`,
        'central_session',
        '=;;=;',
      ),
      1 / 15,
    ),
    host: rarely(
      fc.constantFrom(
        'evil.example',
        'demo.localhost',
        '',
        '[::1',
        '[::1]:3000',
        'a..b',
        'localhost:99999',
        'x'.repeat(5000),
      ),
      1 / 20,
    ),
    acceptEncoding: rarely(
      fc.constantFrom(
        'gzip',
        'br',
        'deflate',
        'gzip;q=0, br;q=abc',
        'identity;q=0',
        '*',
        'x-unknown',
        'gzip, br, *;q=0',
      ),
      1 / 5,
    ),
  }) as fc.Arbitrary<FuzzCase>;
}

/** Sign-outs end the session they are given: those get a session of their own, issued for them. */
async function throwawayToken(role: Exclude<Role, 'anonymous'>): Promise<string> {
  const tenant = await h.services.tenants.byId(own.row.id);
  if (!tenant) throw new Error('own tenant not found');
  const issued =
    role === 'subscriber'
      ? await h.services.sessions.issueCustomer({ tenant, document: MARIA, ...maria })
      : role === 'provider'
        ? await h.services.sessions.issueProvider({ tenant })
        : await h.services.sessions.issueAdmin({ adminId: adminUser.id, name: adminUser.name });
  return issued.token;
}

const COOKIE_OF: Record<Exclude<Role, 'anonymous'>, string> = {
  subscriber: SESSION_COOKIES.customer,
  provider: SESSION_COOKIES.provider,
  admin: SESSION_COOKIES.admin,
};

async function requestOf(route: Route, c: FuzzCase): Promise<InjectOptions> {
  let i = 0;
  const path = route.url.replace(/:(\w+)/g, () => c.segments[i++] ?? '');
  const headers: Record<string, string> = {};
  const clientId = c.clientId === 'own' ? own.clientId : c.clientId === 'other' ? other.clientId : c.clientId;
  if (c.clientId !== 'none') headers.client_id = clientId;
  const cookies: string[] = [];
  if (c.role !== 'anonymous') {
    const token = route.url.endsWith('sign-out') ? await throwawayToken(c.role) : tokens[c.role];
    cookies.push(`${COOKIE_OF[c.role]}=${token}`);
  }
  if (c.role === 'anonymous' && c.inRecovery) cookies.push(`${RECOVERY_COOKIE}=${recovery}`);
  if (c.cookieNoise && !cookies.some((k) => k.split('=')[0] === c.cookieNoise?.split('=')[0]))
    cookies.push(c.cookieNoise);
  if (cookies.length) headers.cookie = cookies.join('; ');
  if (c.origin) headers.origin = c.origin;
  if (c.host !== undefined) headers.host = c.host;
  if (c.acceptEncoding) headers['accept-encoding'] = c.acceptEncoding;
  const withBody = c.body.kind === 'text' && c.method !== 'GET' && c.method !== 'HEAD';
  if (withBody && c.contentType !== undefined) headers['content-type'] = c.contentType;
  return {
    method: c.method as InjectOptions['method'],
    url: c.query ? `${path}?${c.query}` : path,
    headers,
    payload: withBody && c.body.kind === 'text' ? c.body.text : undefined,
  };
}

/** Strings this request must not get back: a session of `own` sent with another's client_id gets none of
 * its subscriber (its branding it may: /pwa/{client}/config.json is public). */
const leaksFor = (c: FuzzCase) =>
  c.clientId === 'other' && (c.role === 'subscriber' || c.role === 'provider') ? [maria.name, MARIA] : [];

interface Stats {
  requests: number;
  byRole: Record<Role, number>;
  byStatus: Record<number, number>;
  routes: Set<string>;
  /** FUZZ_REPORT: statuses per route and role, to see how deep the requests get */
  detail: Record<string, Record<string, number>>;
}
const stats: Stats = {
  requests: 0,
  byRole: { anonymous: 0, subscriber: 0, provider: 0, admin: 0 },
  byStatus: {},
  routes: new Set(),
  detail: {},
};

/** The sessions the fuzz uses must outlive it: a route that ends one is a finding of its own. */
async function sessionsAlive(): Promise<string[]> {
  const checks = [
    { role: 'subscriber', url: '/api/central/auth/valid-token', headers: { client_id: own.clientId } },
    { role: 'provider', url: '/api/admin/auth/provider', headers: { client_id: own.clientId } },
    { role: 'admin', url: '/api/admin/adm/auth', headers: {} },
  ] as const;
  const dead: string[] = [];
  for (const check of checks) {
    const res = await h.app.inject({
      url: check.url,
      headers: { ...check.headers, cookie: cookieHeader({ [COOKIE_OF[check.role]]: tokens[check.role] }) },
    });
    if (res.statusCode !== 200) dead.push(check.role);
  }
  return dead;
}

describe(`fuzzing every route (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})`, () => {
  it(
    'answers generated bad requests of every role without 5xx, in the catalogue shape, in Portuguese, without secrets',
    async () => {
      expect(routes.length).toBeGreaterThan(80);
      const chosen = routes.filter((r) => !ONLY || `${r.method} ${r.url}`.includes(ONLY));
      expect(chosen.length).toBeGreaterThan(0);
      const perPair = Math.max(1, Math.ceil(RUNS / (chosen.length * ROLES.length)));
      const failures: string[] = [];
      const started = Date.now();

      for (const [routeIndex, route] of chosen.entries()) {
        for (const [roleIndex, role] of ROLES.entries()) {
          const seed = (SEED + routeIndex * 7919 + roleIndex * 104_729) | 0;
          let last = '';
          const result = await fc.check(
            fc.asyncProperty(caseOf(route, role), async (c) => {
              const request = await requestOf(route, c);
              last = `${request.method} ${clip(String(request.url), 200)}`;
              const res = decoded(await h.app.inject(request));
              stats.requests++;
              stats.byRole[role]++;
              stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
              stats.routes.add(`${route.method} ${route.url}`);
              if (process.env.FUZZ_REPORT) {
                const key = `${route.method} ${route.url} ${role}`;
                const code =
                  res.statusCode >= 400 ? ` ${res.body.match(/"message":"([^"]{0,60})/)?.[1] ?? ''}` : '';
                const bucket = stats.detail[key] ?? {};
                bucket[`${res.statusCode}${code}`] = (bucket[`${res.statusCode}${code}`] ?? 0) + 1;
                stats.detail[key] = bucket;
              }
              const problems = problemsOf(res, {
                method: String(request.method),
                secrets,
                leaks: leaksFor(c),
              });
              if (problems.length)
                throw new Error(
                  `${problems.join('; ')}\n  request: ${last} ${clip(JSON.stringify(request.headers))} ${clip(String(request.payload ?? ''))}\n  answer: ${res.statusCode} ${clip(res.body)}`,
                );
            }),
            { numRuns: perPair, seed, endOnFailure: process.env.FUZZ_SHRINK !== 'true' },
          );
          if (result.failed) {
            failures.push(
              `${route.method} ${route.url} as ${role} (FUZZ_SEED=${SEED} FUZZ_ONLY='${route.method} ${route.url}', pair seed ${seed}, path ${result.counterexamplePath}):\n  ${String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance)}`,
            );
          }
        }
        const dead = await sessionsAlive();
        if (dead.length) {
          failures.push(`the ${dead.join(', ')} session(s) ended after ${route.method} ${route.url}`);
          for (const r of dead)
            tokens[r as keyof typeof tokens] = await throwawayToken(r as keyof typeof tokens);
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(
        `fuzz: ${stats.requests} requests in ${seconds} s over ${stats.routes.size} routes (seed ${SEED}); by role ${JSON.stringify(stats.byRole)}; by status ${JSON.stringify(stats.byStatus)}`,
      );
      if (process.env.FUZZ_REPORT)
        for (const [key, statuses] of Object.entries(stats.detail))
          console.info(key, JSON.stringify(statuses));
      const fatal = h.logLines.filter((line) => /"level":(50|60)/.test(line));
      if (unhandled.length)
        failures.push(`unhandled rejections or exceptions: ${unhandled.map(String).join('; ')}`);
      if (fatal.length)
        failures.push(
          `errors logged: ${fatal
            .slice(0, 5)
            .map((l) => clip(l, 500))
            .join('\n')}`,
        );
      expect(failures, `fuzz seed ${SEED}: ${failures.length} failures`).toEqual([]);
      expect(stats.requests).toBeGreaterThanOrEqual(Math.min(RUNS, perPair * chosen.length * ROLES.length));
    },
    Math.max(120_000, RUNS * 200),
  );
});
