import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_LOAD_ELEMENT_ID, firstLoadSchema, sessionSchema, themeSchema } from '@central/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../../test/harness.ts';

const MARIA = '52998224725';

// A build as `npm run build` writes it: index.html from apps/web/index.html, and the landing pages'
// preloads from apps/web/build/first-screens.ts.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'central-first-load-'));
const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="central:default-client-id" content="%DEFAULT_CLIENT_ID%" />
    <meta name="theme-color" content="#ffffff" />
    <link rel="icon" href="data:," />
    <title>Central</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
const SCREENS = {
  '/sign-in': { modules: ['src/sign-in.tsx'], preload: ['assets/sign-in-1.js'], data: [] },
  '/panel': {
    modules: ['src/panel.tsx'],
    preload: ['assets/panel-1.js', 'assets/home-2.js'],
    data: ['/api/central/customer/list/invoices?status=to_pay', '/api/central/customer/apps'],
  },
};

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;
let host: string;
let maria: Record<string, string>;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite/first-screens.json'), JSON.stringify(SCREENS));
  h = await startHarness({ env: { WEB_DIST: webDist } });
  t = await h.tenant({
    credentials: [MARIA],
    // Whatever a provider's staff type as the alias must not end the script element early.
    alias: 'Fibra </script><script>alert(1)</script>',
    branding: { primaryColor: '6A1B9A', faviconUrl: '/brand/x/favicon.svg' },
  });
  host = `${t.clientId}.example.com.br`;
  maria = await h.customerSession(t.clientId, MARIA);
});
afterAll(async () => {
  await h.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A browser's navigation to `url` on `host`. */
const navigate = (url: string, o: { host?: string; cookie?: string; dest?: string } = {}) =>
  h.app.inject({
    url,
    headers: {
      host: o.host ?? host,
      'sec-fetch-dest': o.dest ?? 'document',
      ...(o.cookie ? { cookie: o.cookie } : {}),
    },
  });

/** The first-load data the page carries, read as the SPA reads it. */
function firstLoadOf(html: string) {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${FIRST_LOAD_ELEMENT_ID}">(.*?)</script>`, 's'),
  );
  return match?.[1] === undefined ? undefined : firstLoadSchema.parse(JSON.parse(match[1]));
}
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

describe("a navigation's HTML carries the first load (issue 14 item 3)", () => {
  it('gives a signed-in subscriber the theme, the session, the panel’s chunks and its data to fetch at once', async () => {
    const res = await navigate('/panel', { cookie: cookieHeader(maria) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // It holds someone's session: no shared cache keeps it, and it differs per cookie.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/Cookie/);

    const theme = await h.app.inject({ url: '/api/central/theme', headers: { client_id: t.clientId } });
    const session = await h.app.inject({
      url: '/api/central/auth/valid-token',
      headers: { client_id: t.clientId, cookie: cookieHeader(maria) },
    });
    expect(firstLoadOf(res.body)).toEqual({
      theme: themeSchema.parse(theme.json()),
      session: sessionSchema.parse(session.json()),
    });
    expect(preloads(res.body)).toEqual([
      'modulepreload /assets/panel-1.js',
      'modulepreload /assets/home-2.js',
      'preload /api/central/customer/list/invoices?status=to_pay',
      'preload /api/central/customer/apps',
    ]);
    // The data links are fetched as the SPA's fetch() asks (same-origin credentials), so it reuses them.
    expect(res.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/central/customer/list/invoices?status=to_pay">',
    );
    expect(res.body).toContain('<meta name="theme-color" content="#6A1B9A" />');
    expect(res.body).toContain('<link rel="icon" href="/brand/x/favicon.svg" />');
    // The alias went out whole, inside the JSON, and closed nothing.
    expect(res.body).not.toContain('<script>alert(1)');
    expect(firstLoadOf(res.body)?.theme.alias).toBe('Fibra </script><script>alert(1)</script>');
  });

  it('tells a visitor without a session (or with an ended one) that there is none, and preloads no data', async () => {
    for (const cookie of [undefined, 'central_session=not-a-token']) {
      const res = await navigate('/sign-in', { cookie });
      expect(firstLoadOf(res.body)).toMatchObject({ session: null, theme: { client_id: t.clientId } });
      expect(preloads(res.body)).toEqual(['modulepreload /assets/sign-in-1.js']);
    }
    // A page without preloads of its own still gets the data; a trailing slash is the same page.
    expect(preloads((await navigate('/panel/', { cookie: cookieHeader(maria) })).body)).toHaveLength(4);
    expect(firstLoadOf((await navigate('/panel/financial/invoices')).body)?.session).toBeNull();
  });

  it("puts no one's data in the app shell the service worker copies, nor on an unknown host", async () => {
    // The app shell's precache is a fetch, not a navigation (Sec-Fetch-Dest: empty), or has no header.
    for (const dest of ['empty', '']) {
      const res = await navigate('/', { cookie: cookieHeader(maria), dest });
      expect(res.statusCode).toBe(200);
      expect(firstLoadOf(res.body)).toBeUndefined();
      expect(preloads(res.body)).toEqual([]);
      expect(res.body).toContain('<meta name="theme-color" content="#ffffff" />');
    }
    const unknown = await navigate('/sign-in', { host: 'nao-existe.example.com.br' });
    expect(unknown.statusCode).toBe(200);
    expect(firstLoadOf(unknown.body)).toBeUndefined();
  });

  it("gives another provider's host its own theme and not the subscriber's session", async () => {
    const other = await h.tenant({ alias: 'Outra Net' });
    const res = await navigate('/panel', {
      host: `${other.clientId}.example.com.br`,
      cookie: cookieHeader(maria),
    });
    expect(firstLoadOf(res.body)).toMatchObject({ theme: { alias: 'Outra Net' }, session: null });
    expect(res.body).not.toContain('/api/central/customer/list/invoices');
  });
});

describe("a GET of the portal's own pages without client_id names its tenant by the host (the preloads)", () => {
  /** A GET as the browser sends it: from the portal's own page (a fetch or a preload), or a navigation from another site. */
  const get = (url: string, o: { host: string; cookie?: string; from: 'own page' | 'another site' }) =>
    h.app.inject({
      url,
      headers: {
        host: o.host,
        ...(o.cookie ? { cookie: o.cookie } : {}),
        ...(o.from === 'own page'
          ? { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }
          : { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }),
      },
    });

  it("answers the subscriber's own data on their provider's host, and nothing on another's", async () => {
    const url = '/api/central/customer/list/invoices?status=to_pay';
    const withHeader = await h.app.inject({
      url,
      headers: { client_id: t.clientId, cookie: cookieHeader(maria) },
    });
    const byHost = await get(url, { host, cookie: cookieHeader(maria), from: 'own page' });
    expect(byHost.statusCode).toBe(200);
    expect(byHost.json()).toEqual(withHeader.json());

    const other = await h.tenant({});
    const elsewhere = await get(url, {
      host: `${other.clientId}.example.com.br`,
      cookie: cookieHeader(maria),
      from: 'own page',
    });
    expect(elsewhere.statusCode).toBe(401);
    expect((await get(url, { host: 'nao-existe.example.com.br', from: 'own page' })).statusCode).toBe(404);
  });

  it('gives a link from another site no tenant: a GET that changes something cannot be triggered from there', async () => {
    // The trust unlock is a GET (spec §7.2): followed from another site's link, it finds no provider.
    const res = await get('/api/central/customer/contracts/unlock/102', {
      host,
      cookie: cookieHeader(maria),
      from: 'another site',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TENANT_NOT_FOUND');
    // Nor does a request without Fetch Metadata (an older browser, another client) lose its header rule.
    const bare = await h.app.inject({
      url: '/api/central/customer/list/invoices?status=to_pay',
      headers: { host, cookie: cookieHeader(maria) },
    });
    expect(bare.statusCode).toBe(404);
  });

  it('still refuses a state change without the header', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-out',
      headers: {
        host,
        cookie: cookieHeader(maria),
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});
