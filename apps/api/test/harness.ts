import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { buildSim, DEMO_ACS, DEMO_NEXTCLOUD, IXC_DEMO, IXC_OUTRO } from '@central/sim';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { customerCredentials } from '../src/db/schema.ts';
import { createMailer } from '../src/integrations/mail/mailer.ts';
import { createJobQueue } from '../src/jobs/boss.ts';
import { createLogger } from '../src/platform/logger.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { dbRateLimiter, type RateLimiter, redisRateLimiter } from '../src/platform/rate-limit.ts';
import { connectRedis } from '../src/platform/redis.ts';
import { loadKeys } from '../src/platform/secrets.ts';
import { saveTenant, type TenantInput } from '../src/platform/tenant-repository.ts';
import { DEMO_APPS, seedApps } from '../src/seed/demo.ts';
import { createServices, jobsOf } from '../src/services.ts';
import { startSmtpServer } from './smtp.ts';

export const TEST_PASSWORD = 'senha123';

/**
 * A real API (buildApp) on a fresh database (in-memory PGlite, or DATABASE_URL in test:pg) talking
 * over HTTP to a real apps/sim. Each tenant made by `tenant()` has its own cloned ERP instance.
 */
export async function startHarness(
  opts: {
    ixcTimeoutMs?: number;
    cieloTimeoutMs?: number;
    logLevel?: string;
    /** TRUST_PROXY, e.g. '1' */
    trustProxy?: string;
    /** OUTBOUND_ALLOW_PRIVATE: the sim runs on 127.0.0.1, so the back office's checks must reach it. */
    outboundAllowPrivate?: boolean;
    /** Runs this API's job workers (pg-boss), as a JOBS=on process does. */
    jobs?: boolean;
    /** Extra environment for loadConfig (e.g. BROADCAST_BATCH_SIZE). */
    env?: Record<string, string>;
  } = {},
) {
  const sim = await buildSim();
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('sim did not listen');
  const simUrl = `http://127.0.0.1:${address.port}`;

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    API_DOCS: 'true',
    WEB_DIST: '/nonexistent-web-dist',
    IXC_TIMEOUT_MS: String(opts.ixcTimeoutMs ?? 2000),
    IXC_DOCUMENT_TIMEOUT_MS: String((opts.ixcTimeoutMs ?? 2000) * 2),
    CIELO_TIMEOUT_MS: String(opts.cieloTimeoutMs ?? 5000),
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    TRUST_PROXY: opts.trustProxy,
    OUTBOUND_ALLOW_PRIVATE: String(opts.outboundAllowPrivate ?? true),
    // A payment event stream that a test (or the fuzzer) opens on an open invoice ends soon.
    PAYMENT_EVENTS_MAX_MS: '3000',
    ...opts.env,
  });
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const keys = await loadKeys(config.secretKey, '/nonexistent');
  const redis = process.env.REDIS_URL ? connectRedis(process.env.REDIS_URL) : undefined;
  const limiter: RateLimiter = redis
    ? redisRateLimiter(redis, `central:test:${randomUUID()}:`)
    : dbRateLimiter(database.db);

  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const smtp = await startSmtpServer();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'nao-responda@central.test',
    outboxDir: '/nonexistent',
  });
  const logger = createLogger(opts.logLevel ?? 'info', logStream);
  const queue = createJobQueue(database, logger, {
    maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
  });
  const services = createServices({ config, database, keys, limiter, mailer, logger, queue });
  const jobs = jobsOf(services, database);
  queue.define(jobs);
  if (opts.jobs) await queue.work(jobs);
  const app = await buildApp({ config, database, services, logger });
  await app.ready();

  async function simInstance(from: 'demo' | 'outro') {
    const res = await fetch(`${simUrl}/__sim/ixc/instances`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from }),
    });
    if (!res.ok) throw new Error(`sim instance: ${res.status}`);
    return (await res.json()) as { instance: string; token: string; baseUrl: string };
  }

  /** A fresh copy of the simulated demo GenieACS. */
  async function acsSimInstance() {
    const res = await fetch(`${simUrl}/__sim/acs/instances`, { method: 'POST' });
    if (!res.ok) throw new Error(`sim ACS instance: ${res.status}`);
    return (await res.json()) as { instance: string; baseUrl: string };
  }

  /** Fresh copies of the sim's content partners and Nextcloud (each with the demo seed). */
  async function appSimInstances() {
    const fresh = async (system: string) => {
      const res = await fetch(`${simUrl}/__sim/${system}/instances`, { method: 'POST' });
      if (!res.ok) throw new Error(`sim ${system} instance: ${res.status}`);
      return (await res.json()) as { instance: string; token: string; baseUrl: string; appPassword?: string };
    };
    const [watch, playhub, oletv, tocalivros, nextcloud] = await Promise.all(
      ['watch', 'playhub', 'oletv', 'tocalivros', 'nextcloud'].map(fresh),
    );
    return {
      watch: watch!,
      playhub: playhub!,
      oletv: oletv!,
      tocalivros: tocalivros!,
      nextcloud: nextcloud!,
    };
  }

  /** A fresh merchant at the simulated Cielo. */
  async function cieloMerchant() {
    const res = await fetch(`${simUrl}/__sim/cielo/merchants`, { method: 'POST' });
    if (!res.ok) throw new Error(`sim merchant: ${res.status}`);
    return (await res.json()) as { merchantId: string; merchantKey: string };
  }

  /** A fresh tenant with its own ERP (a clone of the sim's 'demo' or 'outro' data set). */
  async function tenant(
    o: {
      from?: 'demo' | 'outro';
      credentials?: string[];
      suspended?: boolean;
      cards?: boolean;
      /** false: the ERP settlement accounts are left unset (card payment is then not offered) */
      settlement?: boolean;
      /** The contracts area; by default both documents are offered with the sim's print model. */
      contracts?: TenantInput['contracts'];
      /** The provider's support settings (support_type, department...); the defaults when left out. */
      support?: TenantInput['support'];
      /**
       * true: a fresh copy of the sim's demo GenieACS (its devices answer the demo ERP's logins), signed with
       * the demo issuer and key; or settings of its own (an unreachable URL, another key).
       */
      acs?: boolean | NonNullable<TenantInput['acs']>;
      /**
       * true: the demo provider's apps (seed/demo.ts) on fresh copies of the sim's content partners and
       * Nextcloud (`cloudQuotaGb` 10); or settings of its own, without apps.
       */
      apps?: boolean | NonNullable<TenantInput['apps']>;
      /** The provider's alias ('Provedor {clientId}' by default). */
      alias?: string;
      /** Branding over the defaults (vertical logo, primary colour #0B5CAD). */
      branding?: Partial<TenantInput['branding']>;
    } = {},
  ) {
    const erp = await simInstance(o.from ?? 'demo');
    const acsInstance = o.acs === true ? await acsSimInstance() : null;
    const acs: TenantInput['acs'] = acsInstance
      ? { url: `${simUrl}${acsInstance.baseUrl}`, issuer: DEMO_ACS.issuer, privateKey: DEMO_ACS.privateKey }
      : typeof o.acs === 'object'
        ? o.acs
        : null;
    const merchant = o.cards ? await cieloMerchant() : null;
    const appInstances = o.apps === true ? await appSimInstances() : null;
    const apps: TenantInput['apps'] = appInstances
      ? {
          watch: { url: `${simUrl}${appInstances.watch.baseUrl}` },
          playhub: { url: `${simUrl}${appInstances.playhub.baseUrl}` },
          oletv: { url: `${simUrl}${appInstances.oletv.baseUrl}` },
          tocalivros: { url: `${simUrl}${appInstances.tocalivros.baseUrl}` },
          nextcloud: { url: `${simUrl}${appInstances.nextcloud.baseUrl}`, user: DEMO_NEXTCLOUD.user },
          cloudQuotaGb: 10,
          secrets: {
            watch: appInstances.watch.token,
            playhub: appInstances.playhub.token,
            oletv: appInstances.oletv.token,
            tocalivros: appInstances.tocalivros.token,
            nextcloud: appInstances.nextcloud.appPassword ?? DEMO_NEXTCLOUD.appPassword,
          },
        }
      : typeof o.apps === 'object'
        ? o.apps
        : undefined;
    const clientId = `t${randomUUID().slice(0, 8)}`;
    const row = await saveTenant(database.db, keys.encryption, {
      clientId,
      alias: o.alias ?? `Provedor ${clientId}`,
      suspendedAt: o.suspended ? new Date() : null,
      branding: {
        verticalLogoUrl: `/brand/${clientId}/vertical.svg`,
        primaryColor: '#0B5CAD',
        ...o.branding,
      },
      erp: {
        domain: `${simUrl}${erp.baseUrl}`,
        token: erp.token,
        settlement: o.settlement === false ? null : (o.from === 'outro' ? IXC_OUTRO : IXC_DEMO).settlement,
      },
      contracts: o.contracts ?? {
        contractPrintModelId: (o.from === 'outro' ? IXC_OUTRO : IXC_DEMO).contractPrintId,
        legalName: `Provedor ${clientId} Telecomunicações Ltda`,
        cnpj: '48.372.615/0001-75',
      },
      card: merchant
        ? {
            gateway: 'cielo',
            merchantId: merchant.merchantId,
            merchantKey: merchant.merchantKey,
            apiUrl: `${simUrl}/cielo/api`,
            queryUrl: `${simUrl}/cielo/query`,
          }
        : null,
      support: o.support,
      acs,
      apps,
    });
    if (appInstances) await seedApps(database.db, row.id, DEMO_APPS[o.from ?? 'demo']);
    const passwordHash = await hashPassword(TEST_PASSWORD);
    const credentials = o.credentials ?? [];
    if (credentials.length > 0) {
      await database.db
        .insert(customerCredentials)
        .values(credentials.map((document) => ({ tenantId: row.id, document, passwordHash })));
    }
    return {
      clientId,
      row,
      erp,
      merchant,
      /** The sim's GenieACS instance of this tenant (`acs: true`), for its `/__sim/acs/{instance}` routes. */
      acsInstance: acsInstance?.instance ?? null,
      /** The sim instances of the partners and Nextcloud (`apps: true`), for their `/__sim/...` routes. */
      appInstances,
      simFaults: (body: unknown) => simFaults(erp.instance, body),
    };
  }

  async function simFaults(instance: string, body: unknown) {
    const res = await fetch(`${simUrl}/__sim/ixc/${instance}/faults`, {
      method: body === null ? 'DELETE' : 'PUT',
      headers: body === null ? {} : { 'content-type': 'application/json' },
      body: body === null ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sim faults: ${res.status}`);
  }

  /** Signs a subscriber in to a tenant with TEST_PASSWORD; the session's cookies. */
  async function customerSession(clientId: string, document: string): Promise<Record<string, string>> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: clientId },
      payload: { cpfOrCnpj: document, password: TEST_PASSWORD },
    });
    if (res.statusCode !== 200)
      throw new Error(`sign-in of ${clientId} failed: ${res.statusCode} ${res.body}`);
    return cookiesFrom(res);
  }

  return {
    app,
    services,
    customerSession,
    sim,
    simUrl,
    smtp,
    database,
    keys,
    logLines,
    tenant,
    simInstance,
    async close() {
      await app.close();
      await queue.stop({ graceful: false, wait: true });
      await services.push.close();
      await sim.close();
      mailer.close();
      await smtp.close();
      await redis?.quit();
      await services.tenants.close();
      await database.close();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** The cookie header a browser would send back after `response`. */
export function cookiesFrom(
  response: { cookies: { name: string; value: string }[] },
  jar: Record<string, string> = {},
) {
  for (const c of response.cookies) {
    if (c.value === '') delete jar[c.name];
    else jar[c.name] = c.value;
  }
  return jar;
}
export const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
