import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { addSecurityHeaders, securityHeaderOptions } from './security-headers.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The headers of one answer of a plain Node server that runs helmet on every request, as helmet means it. */
async function helmetReference(secureCookies: boolean) {
  const middleware = helmet(securityHeaderOptions(secureCookies));
  const server: Server = createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return Object.fromEntries(
    [...res.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
    ),
  );
}

describe('security headers', () => {
  for (const secureCookies of [false, true]) {
    it(`are helmet's own, on routes and on 404s (https: ${secureCookies})`, async () => {
      const expected = await helmetReference(secureCookies);
      expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
      expect('strict-transport-security' in expected).toBe(secureCookies);

      const app = Fastify();
      addSecurityHeaders(app, securityHeaderOptions(secureCookies));
      app.get('/x', async () => 'ok');
      closers.push(() => app.close());
      for (const url of ['/x', '/nao-existe']) {
        const res = await app.inject({ url });
        for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
      }
    });
  }
});
