import { describe, expect, it } from 'vitest';
import { annualDebtSettlementQuery, contractIdSchema } from '../contracts/subscription.ts';
import { messages } from '../messages.ts';
import {
  annualSettlement,
  annualStatementYears,
  blockedContractStatuses,
  contractAddress,
  contractLabel,
  contractStatusLabel,
  isAnnualStatementYear,
  isContractBlocked,
  type StatementTitle,
} from './contracts.ts';

describe('contract internet status (spec §4)', () => {
  it('labels A, CM, CA, FA and AA, and anything else as disabled', () => {
    expect(contractStatusLabel('A')).toBe('Ativo');
    expect(contractStatusLabel('CM')).toBe('Bloqueado');
    expect(contractStatusLabel('CA')).toBe('Bloqueado');
    expect(contractStatusLabel('FA')).toBe('Financeiro Pendente');
    expect(contractStatusLabel('AA')).toBe('Aguardando Assinatura');
    for (const other of ['D', 'I', '', 'a', 'X', 'toString', '__proto__'])
      expect(contractStatusLabel(other)).toBe('Contrato desativado');
  });

  it('offers the trust unlock for the blocked set only: CM, CA, FA', () => {
    expect([...blockedContractStatuses]).toEqual(['CM', 'CA', 'FA']);
    expect(['A', 'CM', 'CA', 'FA', 'AA', 'D', ''].filter(isContractBlocked)).toEqual(['CM', 'CA', 'FA']);
  });
});

describe('contract address (spec §3, §9)', () => {
  const customer = {
    cep: '88010-000',
    endereco: 'Rua do Cliente',
    numero: '10',
    bairro: 'Centro',
    cidade: '4205407',
    complemento: 'Apto 1',
  };
  const own = {
    cep: '88058-500',
    endereco: 'Rua das Gaivotas',
    numero: '1200',
    bairro: 'Ingleses',
    cidade: '4216602',
    complemento: 'Casa de praia',
  };

  it("uses the customer's own address when endereco_padrao_cliente is S", () => {
    expect(contractAddress({ ...own, endereco_padrao_cliente: 'S' }, customer)).toEqual({
      cep: '88010-000',
      rua: 'Rua do Cliente',
      numero: '10',
      bairro: 'Centro',
      cidade: '4205407',
      estado: 'SC',
      complemento: 'Apto 1',
    });
  });

  it("uses the contract's address otherwise, the state always SC", () => {
    expect(contractAddress({ ...own, endereco_padrao_cliente: 'N' }, customer)).toEqual({
      cep: '88058-500',
      rua: 'Rua das Gaivotas',
      numero: '1200',
      bairro: 'Ingleses',
      cidade: '4216602',
      estado: 'SC',
      complemento: 'Casa de praia',
    });
    expect(contractAddress({ ...own, endereco_padrao_cliente: '' }, customer).rua).toBe('Rua das Gaivotas');
  });

  it('labels a contract for pickers', () => {
    expect(contractLabel({ id: '101', planName: 'FIBRA 500 MEGA' })).toBe('#101 - FIBRA 500 MEGA');
    expect(contractLabel({ id: '101', planName: '' })).toBe('#101');
  });
});

describe('annual statement years (spec §9)', () => {
  it('are the current year in São Paulo and the two before', () => {
    expect(annualStatementYears(new Date('2026-06-15T12:00:00Z'))).toEqual([2026, 2025, 2024]);
    // 01:00 UTC on 1 January is still 31 December in São Paulo.
    expect(annualStatementYears(new Date('2027-01-01T01:00:00Z'))).toEqual([2026, 2025, 2024]);
    expect(annualStatementYears(new Date('2027-01-01T03:00:00Z'))).toEqual([2027, 2026, 2025]);
  });

  it('refuses other years', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect([2023, 2024, 2025, 2026, 2027].filter((y) => isAnnualStatementYear(y, now))).toEqual([
      2024, 2025, 2026,
    ]);
  });

  it('parses the year query, with a Portuguese message for what is not a year', () => {
    expect(annualDebtSettlementQuery.parse({ year: '2025' })).toEqual({ year: 2025 });
    for (const bad of ['abc', '20.5', '', '99999']) {
      const result = annualDebtSettlementQuery.safeParse({ year: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.annualStatementYearInvalid);
    }
  });

  it('accepts digits only as a contract id', () => {
    expect(contractIdSchema.parse(' 101 ')).toBe('101');
    for (const bad of ['', 'abc', '1;2', '1'.repeat(13), '-1'])
      expect(contractIdSchema.safeParse(bad).error?.issues[0]?.message).toBe(messages.contractNotFound);
  });
});

describe('annual debt settlement (Lei 12.007/2009)', () => {
  const title = (id: string, status: string, dueDate: string, openCents = 0): StatementTitle => ({
    id,
    status,
    dueDate,
    valueCents: 8990,
    openCents,
  });

  it('is settled when every title due in the year was received; canceled titles are no debt', () => {
    const s = annualSettlement(
      [
        title('1', 'R', '2025-01-10'),
        title('2', 'R', '2025-12-31'),
        title('3', 'C', '2025-06-10', 8990),
        title('4', 'A', '2024-12-31', 8990),
        title('5', 'A', '2026-01-01', 8990),
      ],
      2025,
      '2026-03-01',
    );
    expect(s).toEqual({
      year: 2025,
      from: '2025-01-01',
      to: '2025-12-31',
      settled: true,
      openTitles: [],
      titlesDue: 2,
    });
  });

  it('lists open and partial titles of the year, earliest first, when it is not settled', () => {
    const s = annualSettlement(
      [
        title('9', 'P', '2025-08-10', 4000),
        title('8', 'A', '2025-03-10', 8990),
        title('7', 'R', '2025-02-10'),
      ],
      2025,
      '2026-03-01',
    );
    expect(s.settled).toBe(false);
    expect(s.openTitles.map((t) => [t.id, t.dueDate, t.openCents])).toEqual([
      ['8', '2025-03-10', 8990],
      ['9', '2025-08-10', 4000],
    ]);
  });

  it('covers the current year up to today: a title not yet due is no debt', () => {
    const s = annualSettlement(
      [
        title('1', 'R', '2026-02-10'),
        title('2', 'A', '2026-03-10', 8990),
        title('3', 'A', '2026-03-01', 8990),
      ],
      2026,
      '2026-03-05',
    );
    expect(s).toMatchObject({ from: '2026-01-01', to: '2026-03-05', settled: false, titlesDue: 2 });
    expect(s.openTitles.map((t) => t.id)).toEqual(['3']);
  });

  it('is settled with no titles at all', () => {
    expect(annualSettlement([], 2024, '2026-03-05')).toMatchObject({ settled: true, titlesDue: 0 });
  });
});
