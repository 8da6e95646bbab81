import { describe, expect, it } from 'vitest';
import { logUrl, maskDocuments } from './logger.ts';

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
