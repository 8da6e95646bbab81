import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesFrom, type Harness, startHarness, TEST_PASSWORD } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from './logger.ts';

const MARIA = '52998224725';
const SECRET_KEY = 'test-secret-key-that-is-long-enough-0123456789';

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;
let maria: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  t = await h.tenant({ credentials: [MARIA] });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/central/sign-in',
    headers: { client_id: t.clientId },
    payload: { cpfOrCnpj: MARIA, password: TEST_PASSWORD },
  });
  maria = cookiesFrom(res);
});
afterAll(() => h.close());

const validToken = () =>
  h.app.inject({
    url: '/api/central/auth/valid-token',
    headers: { client_id: t.clientId, cookie: cookieHeader(maria) },
  });

describe('CSRF on the matched route (issue 8 item 8)', () => {
  it('refuses a foreign Origin on a percent-encoded API path, and the session lives on', async () => {
    for (const url of ['/%61pi/central/sign-out', '/api/central/sign-out']) {
      const res = await h.app.inject({
        method: 'POST',
        url,
        headers: { client_id: t.clientId, origin: 'https://evil.example', cookie: cookieHeader(maria) },
      });
      expect(res.statusCode).toBe(403);
    }
    const noHeader = await h.app.inject({
      method: 'POST',
      url: '/%61pi/central/sign-out',
      headers: { cookie: cookieHeader(maria) },
    });
    expect(noHeader.statusCode).toBe(400);
    expect((await validToken()).statusCode).toBe(200);
  });
});

describe('errors in the catalogue shape (issue 8 item 9)', () => {
  it('answers a bad URL escape or an over-long parameter without echoing the URL', async () => {
    for (const url of [
      '/api/central/customer/read/pix-payment/%E0%A4%A',
      // Parameters may be long (a whole push subscription), not endless.
      `/api/central/customer/read/pix-payment/${'1'.repeat(3100)}`,
    ]) {
      const res = await h.app.inject({ url, headers: { client_id: t.clientId } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', message: 'Dados inválidos' });
    }
  });

  it("sends zod's default texts in Portuguese, never in English", async () => {
    const res = await h.app.inject({
      url: '/api/central/customer/list/invoices?status=qualquer',
      headers: { client_id: t.clientId, cookie: cookieHeader(maria) },
    });
    expect(res.statusCode).toBe(400);
    const body = JSON.stringify(res.json());
    expect(body).not.toMatch(/Invalid|expected/);
    expect(res.json().message).toMatch(/inválid/i);
  });
});

describe('caching and documentation (issue 8 item 10)', () => {
  it('lets no browser or proxy keep personal answers', async () => {
    const details = await h.app.inject({
      url: '/api/central/customer/list',
      headers: { client_id: t.clientId, cookie: cookieHeader(maria) },
    });
    expect(details.statusCode).toBe(200);
    expect(details.headers['cache-control']).toBe('no-store');
    expect((await validToken()).headers['cache-control']).toBe('no-store');
    const theme = await h.app.inject({ url: '/api/central/theme', headers: { client_id: t.clientId } });
    expect(theme.headers['cache-control']).toBe('no-cache');
  });

  it('serves the OpenAPI document only with API_DOCS=true', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SECRET_KEY, WEB_DIST: '/nonexistent-web-dist' });
    expect(config.apiDocs).toBe(false);
    const app = await buildApp({
      config,
      database: h.database,
      services: h.services,
      logger: createLogger('silent'),
    });
    try {
      expect((await app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await h.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('production refuses unsafe settings (issue 8 item 11)', () => {
  const production = { NODE_ENV: 'production', SECRET_KEY, SMTP_URL: 'smtp://mail.example:587' };

  it('starts with a secret key and SMTP', () => {
    expect(loadConfig(production).env).toBe('production');
  });

  it('refuses to write codes to disk: SMTP_URL is required', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: '' })).toThrow(/SMTP_URL/);
  });

  it('refuses the demo seed and its known admin password unless explicitly allowed', () => {
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(loadConfig({ ...production, SEED_DEMO: 'true', ALLOW_DEMO_IN_PRODUCTION: 'true' }).seedDemo).toBe(
      true,
    );
  });
});
