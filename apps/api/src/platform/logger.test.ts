import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, lazyChildLogger, logUrl, maskDocuments } from './logger.ts';

describe('maskDocuments', () => {
  it('hides the middle of every CPF and CNPJ in a text', () => {
    expect(maskDocuments('cpf 529.982.247-25 ok')).toBe('cpf 529.***.***-25 ok');
    expect(maskDocuments('52998224725')).toBe('529.***.***-25');
    expect(maskDocuments('cnpj 11.222.333/0001-81')).toBe('cnpj 11.***.***/0001-81');
    expect(maskDocuments('11222333000181')).toBe('11.***.***/0001-81');
    expect(maskDocuments('order 12345 at 10:30')).toBe('order 12345 at 10:30');
  });
});

describe('logUrl', () => {
  it('hides download tokens and documents in request paths', () => {
    expect(logUrl('/api/central/customer/download/invoice/abc123XYZ')).toBe(
      '/api/central/customer/download/invoice/[token]',
    );
    expect(logUrl('/api/central/customer/download/sale-invoice/t0k3n?x=1')).toBe(
      '/api/central/customer/download/sale-invoice/[token]?x=1',
    );
    expect(logUrl('/api/central/customer/list/invoices?status=to_pay')).toBe(
      '/api/central/customer/list/invoices?status=to_pay',
    );
  });
});

describe('lazyChildLogger', () => {
  async function appLoggingAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({
      loggerInstance: createLogger(level, destination),
      childLoggerFactory: lazyChildLogger,
    });
    app.get('/x', async (request) => {
      request.log.warn({ body: { password: 'segredo' }, cpf: '52998224725' }, 'a warning');
      request.log.child({ step: 'inner' }).error('an error');
      return 'ok';
    });
    await app.inject({ url: '/x' });
    await app.close();
    return lines;
  }

  it('logs with the request id, redacted and masked, when the level allows', async () => {
    const lines = await appLoggingAt('info');
    const warning = lines.find((l) => l.msg === 'a warning');
    expect(warning).toMatchObject({
      reqId: expect.any(String),
      body: { password: '[redacted]' },
      cpf: '529.***.***-25',
    });
    expect(lines.find((l) => l.msg === 'an error')).toMatchObject({ reqId: warning?.reqId, step: 'inner' });
    expect(lines.some((l) => l.msg === 'incoming request' && l.reqId === warning?.reqId)).toBe(true);
  });

  it('writes nothing below the level', async () => {
    const lines = await appLoggingAt('error');
    expect(lines.map((l) => l.msg)).toEqual(['an error']);
    expect(lines[0]?.reqId).toEqual(expect.any(String));
  });
});
