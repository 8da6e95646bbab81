import { annualSettlement } from '@central/domain';
import { describe, expect, it } from 'vitest';
import { type AnnualStatementInput, annualStatementPdf, annualStatementText } from './annual-statement.ts';
import { pdfText } from './test-support.ts';

const base: Omit<AnnualStatementInput, 'settlement'> = {
  provider: {
    legalName: 'Fibra Demo Telecomunicações Ltda',
    cnpj: '48.372.615/0001-75',
    address: 'Rua das Fibras, 100 - Centro, Florianópolis - SC, 88010-000',
  },
  customer: { name: 'Maria da Silva Souza', document: '529.982.247-25' },
  contract: { id: '101', planName: 'FIBRA 500 MEGA' },
  issuedOn: '2026-03-05',
};
const title = (id: string, status: string, dueDate: string, openCents = 0) => ({
  id,
  status,
  dueDate,
  valueCents: 9990,
  openCents,
});
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('annual debt-settlement statement text (Lei 12.007/2009)', () => {
  it('declares a settled year, naming provider, customer, contract and period, with the art. 4 notice', () => {
    const text = annualStatementText({
      ...base,
      settlement: annualSettlement(
        [title('1', 'R', '2025-01-10'), title('2', 'R', '2025-12-10')],
        2025,
        '2026-03-05',
      ),
    });
    expect(text.title).toBe('DECLARAÇÃO ANUAL DE QUITAÇÃO DE DÉBITOS');
    expect(text.subtitle).toContain('Lei nº 12.007');
    expect(text.paragraphs[0]).toBe(
      'Fibra Demo Telecomunicações Ltda, inscrita no CNPJ sob o nº 48.372.615/0001-75, com sede em Rua das Fibras, 100 - Centro, Florianópolis - SC, 88010-000, declara, nos termos da Lei nº 12.007/2009, que Maria da Silva Souza, inscrito(a) no CPF/CNPJ sob o nº 529.982.247-25, titular do contrato nº 101 (FIBRA 500 MEGA), QUITOU todos os débitos com vencimento entre 01/01/2025 e 31/12/2025, referentes ao ano de 2025.',
    );
    expect(text.paragraphs[1]).toMatch(/^Esta declaração substitui.*dos anos anteriores\.$/);
    expect(text.table).toBeNull();
    expect(text.closing).toEqual(['Emitida em 05/03/2026.', 'Fibra Demo Telecomunicações Ltda']);
  });

  it('lists the open titles and says the year is not settled', () => {
    const text = annualStatementText({
      ...base,
      settlement: annualSettlement(
        [
          title('1', 'R', '2025-01-10'),
          title('2', 'A', '2025-05-10', 9990),
          title('3', 'P', '2025-02-10', 4990),
        ],
        2025,
        '2026-03-05',
      ),
    });
    expect(text.paragraphs[0]).toContain(
      'NÃO QUITOU todos os débitos com vencimento entre 01/01/2025 e 31/12/2025',
    );
    expect(text.paragraphs[0]).toContain(
      'as 2 faturas abaixo estão em aberto. O ano de 2025 não está quitado.',
    );
    expect(text.paragraphs.join(' ')).not.toContain('substitui');
    expect(text.table?.header).toEqual(['Vencimento', 'Valor', 'Em aberto']);
    expect(text.table?.rows.map((r) => r.map(flat))).toEqual([
      ['10/02/2025', 'R$ 99,90', 'R$ 49,90'],
      ['10/05/2025', 'R$ 99,90', 'R$ 99,90'],
    ]);
  });

  it('covers the current year up to today, and says so', () => {
    const text = annualStatementText({
      ...base,
      settlement: annualSettlement(
        [title('1', 'R', '2026-02-10'), title('2', 'A', '2026-04-10', 9990)],
        2026,
        '2026-03-05',
      ),
    });
    expect(text.paragraphs[0]).toContain(
      'QUITOU todos os débitos com vencimento entre 01/01/2026 e 05/03/2026',
    );
    expect(text.paragraphs[1]).toBe(
      'O ano de 2026 ainda não terminou: esta declaração abrange apenas os débitos vencidos até 05/03/2026.',
    );
  });

  it('says there were no debts when nothing fell due, and leaves out what the provider has not set', () => {
    const text = annualStatementText({
      ...base,
      provider: { legalName: 'Provedor X', cnpj: null, address: null },
      contract: { id: '9', planName: '' },
      settlement: annualSettlement([], 2024, '2026-03-05'),
    });
    expect(text.paragraphs[0]).toMatch(
      /^Provedor X, declara, .* titular do contrato nº 9, não possui débitos com vencimento entre 01\/01\/2024 e 31\/12\/2024/,
    );
  });
});

describe('annual debt-settlement statement PDF', () => {
  it('is a PDF whose text is the statement, accents and all', async () => {
    const settlement = annualSettlement([title('2', 'A', '2025-05-10', 9990)], 2025, '2026-03-05');
    const base64 = await annualStatementPdf({ ...base, settlement });
    expect(Buffer.from(base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = flat(await pdfText(base64));
    expect(text).toContain('DECLARAÇÃO ANUAL DE QUITAÇÃO DE DÉBITOS');
    expect(text).toContain('Fibra Demo Telecomunicações Ltda, inscrita no CNPJ sob o nº 48.372.615/0001-75');
    expect(text).toContain('NÃO QUITOU');
    expect(text).toContain('10/05/2025');
    expect(text).toContain('R$ 99,90');
  });

  it('draws what the standard font lacks as ?, and pages on when the list is long', async () => {
    const titles = Array.from({ length: 80 }, (_, i) =>
      title(String(i), 'A', `2025-${String((i % 12) + 1).padStart(2, '0')}-10`, 9990),
    );
    const base64 = await annualStatementPdf({
      ...base,
      customer: { name: 'Cliente 😀 Ω', document: '529.982.247-25' },
      settlement: annualSettlement(titles, 2025, '2026-03-05'),
    });
    const text = await pdfText(base64);
    expect(text).toContain('Cliente ? ?');
    expect(text.match(/10\/\d\d\/2025/g)).toHaveLength(80);
  });
});
