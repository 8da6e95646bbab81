import { describe, expect, it } from 'vitest';
import { maskDocuments } from './logger.ts';

describe('maskDocuments', () => {
  it('hides the middle of every CPF and CNPJ in a text', () => {
    expect(maskDocuments('cpf 529.982.247-25 ok')).toBe('cpf 529.***.***-25 ok');
    expect(maskDocuments('52998224725')).toBe('529.***.***-25');
    expect(maskDocuments('cnpj 11.222.333/0001-81')).toBe('cnpj 11.***.***/0001-81');
    expect(maskDocuments('11222333000181')).toBe('11.***.***/0001-81');
    expect(maskDocuments('order 12345 at 10:30')).toBe('order 12345 at 10:30');
  });
});
