import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, isPublicAddress, OutboundError } from './outbound.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/redirect') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    } else if (request.url === '/big') {
      // 2 MB without a content-length: the cap must count what arrives.
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 32; i++) response.write(chunk);
      response.end();
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('late'), 2_000);
    } else {
      let body = '';
      request.on('data', (c) => {
        body += c;
      });
      request.on('end', () => response.end(JSON.stringify({ method: request.method, body })));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const allowing = createOutbound({
  allowPrivate: true,
  httpsOnly: false,
  timeoutMs: 1_000,
  maxBytes: 1024 * 1024,
});

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error('expected an OutboundError');
}

describe('outbound calls of the back office', () => {
  it('answers status and body, and sends a body', async () => {
    const res = await allowing.request(`${base}/echo`, { method: 'POST', body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ method: 'POST', body: '{"a":1}' });
  });

  it('refuses a redirect instead of following it', async () => {
    expect((await failure(allowing.request(`${base}/redirect`))).kind).toBe('redirect');
  });

  it('stops reading an answer over the size cap', async () => {
    expect((await failure(allowing.request(`${base}/big`))).kind).toBe('too_large');
  });

  it('gives up after the deadline', async () => {
    const impatient = createOutbound({ allowPrivate: true, httpsOnly: false, timeoutMs: 200 });
    expect((await failure(impatient.request(`${base}/slow`))).kind).toBe('timeout');
  });

  it('refuses private, loopback and link-local addresses unless allowed, by name or literal', async () => {
    const strict = createOutbound({ allowPrivate: false, httpsOnly: false, timeoutMs: 1_000 });
    for (const url of [
      base,
      'http://localhost:9/',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
    ]) {
      expect((await failure(strict.request(url))).kind, url).toBe('private_address');
    }
  });

  it('tells public addresses from the others', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '169.254.1.1', 'fe80::1', '::', 'nope'])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses plain http when https is required, and what is not an http(s) URL', async () => {
    const production = createOutbound({ allowPrivate: true, httpsOnly: true });
    expect((await failure(production.request(`${base}/echo`))).kind).toBe('insecure');
    expect((await failure(allowing.request('ftp://example.com/'))).kind).toBe('invalid_url');
    expect((await failure(allowing.request('file:///etc/passwd'))).kind).toBe('invalid_url');
    expect((await failure(allowing.request('not a url'))).kind).toBe('invalid_url');
  });

  it('says so when nothing listens or the name does not resolve', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await failure(allowing.request(`http://127.0.0.1:${port}/`))).kind).toBe('network');
    expect((await failure(allowing.request('http://nao-existe.invalid/'))).kind).toBe('unresolved');
  });
});
