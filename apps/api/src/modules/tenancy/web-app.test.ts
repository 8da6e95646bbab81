import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { messages, webAppManifestSchema } from '@central/domain';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../../test/harness.ts';
import { saveTenant } from '../../platform/tenant-repository.ts';

// The built SPA's folder, where a tenant's `/brand/...` logos are read from.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'central-web-app-'));
const RED_SQUARE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
  <rect width="24" height="24" fill="#ff0000"/></svg>`;

function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([r, g, b, 255], i);
  return PNG.sync.write(png);
}

/** A provider's own web server, where an app logo may live. */
let logoServer: Server;
let logoBase: string;

let h: Harness;
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'brand', 'vermelho'), { recursive: true });
  writeFileSync(path.join(webDist, 'brand', 'vermelho', 'app.svg'), RED_SQUARE_SVG);
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><link rel="manifest" href="/manifest.webmanifest">',
  );
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const blue = solidPng(64, [0, 0, 255]);
  logoServer = createServer((request, response) => {
    if (request.url === '/logo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(blue);
    else if (request.url === '/huge.png') response.writeHead(200).end(Buffer.alloc(2 * 1024 * 1024, 1));
    else if (request.url === '/text.png') response.writeHead(200).end('não é uma imagem');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
  logoBase = `http://127.0.0.1:${(logoServer.address() as AddressInfo).port}`;
  h = await startHarness({ env: { WEB_DIST: webDist, DEFAULT_CLIENT_ID: 'padrao' } });
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => logoServer.close(resolve));
  rmSync(webDist, { recursive: true, force: true });
});

const manifestOf = (host: string) => h.app.inject({ url: '/manifest.webmanifest', headers: { host } });

/** An icon as a browser reads it: its URL in the manifest, then the PNG. */
async function icons(host: string) {
  const manifest = webAppManifestSchema.parse((await manifestOf(host)).json());
  return Promise.all(
    manifest.icons.map(async (icon) => {
      const res = await h.app.inject({ url: icon.src, headers: { host } });
      return { icon, res, png: PNG.sync.read(res.rawPayload) };
    }),
  );
}

const pixel = (png: PNG, x: number, y: number) => {
  const i = (png.width * y + x) * 4;
  return [...png.data.subarray(i, i + 4)];
};

describe('the web app manifest of the host’s tenant', () => {
  it('names each provider by its alias and colours it with its primary colour', async () => {
    const fibra = await h.tenant({ alias: 'Fibra Rápida', branding: { primaryColor: '#0B5CAD' } });
    const outra = await h.tenant({ alias: 'Outra Net', branding: { primaryColor: '6A1B9A' } });

    const res = await manifestOf(`${fibra.clientId}.example.com.br`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const manifest = webAppManifestSchema.parse(res.json());
    expect(manifest).toMatchObject({
      name: 'Fibra Rápida',
      short_name: 'Fibra Rápida',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0B5CAD',
      background_color: '#f6f7f9',
    });
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    expect(manifest.icons.every((icon) => icon.src.startsWith(`/pwa/${fibra.clientId}/icons/`))).toBe(true);

    // Another host, another provider; a port and upper case change nothing.
    const other = webAppManifestSchema.parse(
      (await manifestOf(`${outra.clientId.toUpperCase()}.Example.com.br:8443`)).json(),
    );
    expect(other).toMatchObject({ name: 'Outra Net', theme_color: '#6A1B9A' });
  });

  it('gives a bare host name or an IP address the default provider (DEFAULT_CLIENT_ID)', async () => {
    await saveTenant(h.database.db, h.keys.encryption, {
      clientId: 'padrao',
      alias: 'Provedor Padrão',
      branding: { verticalLogoUrl: '/v.svg', primaryColor: '#00897B' },
      erp: { domain: 'erp.example.com.br', token: '1:x' },
    });
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:3000']) {
      expect((await manifestOf(host)).json()).toMatchObject({
        name: 'Provedor Padrão',
        theme_color: '#00897B',
      });
    }
  });

  it('answers an unknown or suspended provider with a JSON 404', async () => {
    const suspended = await h.tenant({ suspended: true });
    for (const host of ['nao-existe.example.com.br', `${suspended.clientId}.example.com.br`]) {
      const res = await manifestOf(host);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ code: 'TENANT_NOT_FOUND', message: messages.tenantNotFound });
    }
    const icon = await h.app.inject({ url: '/pwa/nao-existe/icons/icon-192.png' });
    expect(icon.statusCode).toBe(404);
    expect(icon.json()).toEqual({ code: 'TENANT_NOT_FOUND', message: messages.tenantNotFound });
  });
});

describe('the icons, drawn from the app logo', () => {
  it('rasterizes an SVG logo of the web app into 192 and 512 px PNGs, and a maskable one on the colour', async () => {
    const t = await h.tenant({
      branding: { appLogoUrl: '/brand/vermelho/app.svg', primaryColor: '#0B5CAD' },
    });
    const [any192, any512, maskable] = await icons(`${t.clientId}.example.com.br`);
    for (const [{ res, png }, size] of [
      [any192!, 192],
      [any512!, 512],
      [maskable!, 512],
    ] as const) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect([png.width, png.height]).toEqual([size, size]);
      expect(pixel(png, size / 2, size / 2)).toEqual([255, 0, 0, 255]);
    }
    // The logo fills the plain icons; the maskable one keeps it inside the safe zone, on the tenant's colour.
    expect(pixel(any512!.png, 2, 2)).toEqual([255, 0, 0, 255]);
    expect(pixel(maskable!.png, 2, 2)).toEqual([0x0b, 0x5c, 0xad, 255]);
  });

  it('fetches a remote logo (PNG) and draws it', async () => {
    const t = await h.tenant({ branding: { appLogoUrl: `${logoBase}/logo.png` } });
    const [any192] = await icons(`${t.clientId}.example.com.br`);
    expect([any192!.png.width, any192!.png.height]).toEqual([192, 192]);
    expect(pixel(any192!.png, 96, 96)).toEqual([0, 0, 255, 255]);
    expect(any192!.res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('stands a generated icon in the tenant’s colour for a logo that is missing, too large or no image, briefly cached', async () => {
    for (const logo of [
      `${logoBase}/missing.png`,
      `${logoBase}/huge.png`,
      `${logoBase}/text.png`,
      '/brand/x/nada.svg',
    ]) {
      const t = await h.tenant({ branding: { appLogoUrl: logo, primaryColor: '#6A1B9A' } });
      const [any192, any512] = await icons(`${t.clientId}.example.com.br`);
      expect(any192!.res.statusCode).toBe(200);
      expect([any512!.png.width, any512!.png.height]).toEqual([512, 512]);
      expect(pixel(any192!.png, 2, 2)).toEqual([0x6a, 0x1b, 0x9a, 255]);
      expect(any192!.res.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('draws a provider without an app logo an icon in its colour', async () => {
    const t = await h.tenant({ branding: { primaryColor: '#00897B' } });
    const [any192] = await icons(`${t.clientId}.example.com.br`);
    expect(pixel(any192!.png, 2, 2)).toEqual([0x00, 0x89, 0x7b, 255]);
    expect(any192!.res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('never reads a file outside the web app', async () => {
    const t = await h.tenant({
      branding: { appLogoUrl: '/..%2f..%2f..%2f..%2fetc%2fpasswd', primaryColor: '#0B5CAD' },
    });
    const [any192] = await icons(`${t.clientId}.example.com.br`);
    expect(pixel(any192!.png, 2, 2)).toEqual([0x0b, 0x5c, 0xad, 255]);
  });
});

describe('the app shell worker', () => {
  it('is served from the root, never from a stale cache', async () => {
    const res = await h.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The brand files beside it keep their short cache.
    const logo = await h.app.inject({ url: '/brand/vermelho/app.svg' });
    expect(logo.headers['cache-control']).toBe('public, max-age=300');
  });
});
