import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesFrom, type Harness, startHarness, TEST_PASSWORD } from '../../test/harness.ts';

const MARIA = '52998224725';

// A built SPA as `vite build` leaves it: a hashed asset with the .br and .gz the build writes next to it.
const dist = mkdtempSync(path.join(os.tmpdir(), 'central-dist-'));
const script = `export const answer = ${JSON.stringify('Central '.repeat(400))};\n`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Central</title></head><body><div id="root"></div></body></html>',
);
// The panel's chunks to preload, as the web build lists them (apps/web/build/first-screens.ts).
mkdirSync(path.join(dist, '.vite'));
writeFileSync(
  path.join(dist, '.vite', 'first-screens.json'),
  JSON.stringify({
    '/panel': {
      modules: [],
      preload: Array.from({ length: 30 }, (_, i) => `assets/chunk-${i}-AbC123.js`),
      data: ['/api/central/customer/list/invoices'],
    },
  }),
);
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(script, { level: 9 }));

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;
let maria: Record<string, string>;

beforeAll(async () => {
  h = await startHarness({ env: { WEB_DIST: dist } });
  t = await h.tenant({ credentials: [MARIA] });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/central/sign-in',
    headers: { client_id: t.clientId },
    payload: { cpfOrCnpj: MARIA, password: TEST_PASSWORD },
  });
  maria = cookiesFrom(res);
});
afterAll(async () => {
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});

const varies = (header: unknown) =>
  String(header ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
    .includes('accept-encoding');

describe('the built SPA is sent precompressed (issue 14 item 1)', () => {
  const asset = (acceptEncoding?: string) =>
    h.app.inject({
      url: '/assets/index-AbC123.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli file to a browser that takes brotli, and gzip to one that takes only gzip', async () => {
    const br = await asset('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(varies(br.headers.vary)).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    // The build's file itself, not a compression made for this request.
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-AbC123.js.br')))).toBe(true);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varies(gz.headers.vary)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz')))).toBe(true);
  });

  it('sends the file as it is to a client without Accept-Encoding', async () => {
    for (const res of [await asset(), await asset('identity')]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varies(res.headers.vary)).toBe(true);
      expect(res.payload).toBe(script);
    }
  });
});

describe('API answers over 1 KB are compressed (issue 14 item 1)', () => {
  const invoices = (acceptEncoding?: string) =>
    h.app.inject({
      url: '/api/central/customer/list/invoices?status=received',
      headers: {
        client_id: t.clientId,
        cookie: cookieHeader(maria),
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('compresses a large JSON answer in the encoding the client prefers, and not for one without', async () => {
    const plain = await invoices();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();

    const br = await invoices('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(varies(br.headers.vary)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);

    const gz = await invoices('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varies(gz.headers.vary)).toBe(true);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(expected);
  });

  it('leaves a small answer alone', async () => {
    const res = await h.app.inject({
      url: '/api/central/auth/valid-token',
      headers: { client_id: t.clientId, cookie: cookieHeader(maria), 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ validToken: true });
  });
});

describe("a client route's HTML is compressed too (issue 14 item 1)", () => {
  const navigate = (acceptEncoding?: string) =>
    h.app.inject({
      url: '/panel',
      headers: {
        host: `${t.clientId}.central.test`,
        cookie: cookieHeader(maria),
        'sec-fetch-dest': 'document',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('sends the first load in the encoding the browser prefers, one copy per cookie and encoding', async () => {
    const plain = await navigate();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.payload).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/chunk-0-AbC123.js">',
    );

    const br = await navigate('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(String(br.headers.vary).toLowerCase()).toContain('cookie');
    expect(varies(br.headers.vary)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);

    const gz = await navigate('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.payload);

    const identity = await navigate('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.payload).toBe(plain.payload);
  });

  it('leaves a small page alone', async () => {
    // Not a navigation (the service worker's copy of the shell): index.html without anyone's data.
    const res = await h.app.inject({ url: '/panel', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.payload).toContain('<div id="root">');
  });
});

describe('client routes and missing files', () => {
  it('answers the SPA for a panel page whose id has a dot, and a 404 for a missing asset', async () => {
    const page = await h.app.inject({ url: '/panel/app/atp-box/101/user/edit/maria.fotos?app=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.payload).toContain('<div id="root">');

    const missing = await h.app.inject({ url: '/assets/index-Old999.js' });
    expect(missing.statusCode).toBe(404);
  });
});
