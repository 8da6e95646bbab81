import { describe, expect, it } from 'vitest';
import { addressLines, contractStatusColor } from './format';

describe('contract status colour (spec §4)', () => {
  it.each([
    ['A', 'success'],
    ['CM', 'error'],
    ['CA', 'error'],
    ['FA', 'warning'],
    ['AA', 'default'],
    ['D', 'default'],
    ['', 'default'],
    ['XYZ', 'default'],
  ])('%s is %s', (status, color) => {
    expect(contractStatusColor(status)).toBe(color);
  });
});

describe('contract address', () => {
  const address = {
    cep: '88058-500',
    rua: 'Rua das Gaivotas',
    numero: '1200',
    bairro: 'Ingleses',
    cidade: 'Florianópolis',
    estado: 'SC',
    complemento: 'Casa de praia',
  };

  it('reads as street, number and complement, then district, city, state and CEP', () => {
    expect(addressLines(address)).toEqual([
      'Rua das Gaivotas, 1200 - Casa de praia',
      'Ingleses, Florianópolis - SC · CEP 88058-500',
    ]);
  });

  it('leaves out what the ERP left empty', () => {
    expect(addressLines({ ...address, complemento: '', numero: ' ', cep: '', bairro: '' })).toEqual([
      'Rua das Gaivotas',
      'Florianópolis - SC',
    ]);
  });
});
