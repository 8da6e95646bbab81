import { describe, expect, it } from 'vitest';
import {
  documentKind,
  hideCpfOrCnpj,
  isValidCnpj,
  isValidCpf,
  isValidCpfOrCnpj,
  maskCpfOrCnpj,
  onlyDigits,
} from './cpf-cnpj.ts';

describe('CPF', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '390.533.447-05', '714.602.380-01'])(
    'accepts %s',
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  );
  it.each([
    ['wrong first check digit', '529.982.247-35'],
    ['wrong second check digit', '529.982.247-26'],
    ['too short', '5299822472'],
    ['too long', '529982247250'],
    ['repeated digits', '111.111.111-11'],
    ['zeros', '000.000.000-00'],
    ['empty', ''],
  ])('refuses %s', (_, cpf) => expect(isValidCpf(cpf)).toBe(false));
});

describe('CNPJ', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '45.723.174/0001-10'])('accepts %s', (cnpj) =>
    expect(isValidCnpj(cnpj)).toBe(true),
  );
  it.each([
    ['wrong first check digit', '11.222.333/0001-91'],
    ['wrong second check digit', '11.222.333/0001-82'],
    ['repeated digits', '22.222.222/2222-22'],
    ['too short', '1122233300018'],
  ])('refuses %s', (_, cnpj) => expect(isValidCnpj(cnpj)).toBe(false));
});

describe('CPF or CNPJ', () => {
  it('picks the rule by length: up to 11 digits is a CPF', () => {
    expect(documentKind('529.982.247-25')).toBe('cpf');
    expect(documentKind('5299822472')).toBe('cpf');
    expect(documentKind('529982247251')).toBe('cnpj');
    expect(isValidCpfOrCnpj('11222333000181')).toBe(true);
    expect(isValidCpfOrCnpj('52998224725')).toBe(true);
  });

  it('masks progressively as the user types', () => {
    expect(maskCpfOrCnpj('529')).toBe('529');
    expect(maskCpfOrCnpj('5299')).toBe('529.9');
    expect(maskCpfOrCnpj('52998224725')).toBe('529.982.247-25');
    expect(maskCpfOrCnpj('529982247251')).toBe('529.982.247-251');
    expect(maskCpfOrCnpj('1122233300018')).toBe('11.222.333/0001-8');
    expect(maskCpfOrCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCpfOrCnpj('11.222.333/0001-8199')).toBe('11.222.333/0001-81');
    expect(maskCpfOrCnpj('abc')).toBe('');
  });

  it('hides the middle of a document for logs', () => {
    expect(hideCpfOrCnpj('52998224725')).toBe('529.***.***-25');
    expect(hideCpfOrCnpj('11222333000181')).toBe('11.***.***/0001-81');
    expect(hideCpfOrCnpj('123')).toBe('***');
  });

  it('keeps only digits', () => expect(onlyDigits(' 529.982.247-25 ')).toBe('52998224725'));
});
