import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cardBrand,
  cardExpired,
  cardExpirySchema,
  cardHolderSchema,
  cardNumberSchema,
  installmentsSchema,
  luhnValid,
} from './cards.ts';
import { addDays, formatDateBR, ixcDate, todayInSaoPaulo } from './dates.ts';
import { nfType } from './fiscal-notes.ts';
import { installmentOption, installmentOptions } from './installments.ts';
import { invoiceType, openInvoicesEndDate, paymentTypeOf, receivedWindow, toPayWindow } from './invoices.ts';
import { formatCents, moneyToCents, reais } from './money.ts';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe("the provider's day", () => {
  it('is the day in São Paulo, not the server day', () => {
    // 02:30 UTC on the 23rd is still 23:30 on the 22nd in São Paulo (UTC-3).
    expect(todayInSaoPaulo(new Date('2026-11-23T02:30:00Z'))).toBe('2026-11-22');
    expect(todayInSaoPaulo(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
    expect(todayInSaoPaulo(new Date('2026-11-22T23:59:59-03:00'))).toBe('2026-11-22');
  });
  it('adds days across months and years', () => {
    expect(addDays('2026-12-25', 15)).toBe('2027-01-09');
    expect(addDays('2028-02-20', 10)).toBe('2028-03-01');
  });
  it('reads IXC dates and shows them in Brazilian format', () => {
    expect(ixcDate('0000-00-00')).toBeNull();
    expect(ixcDate('2026-11-30 10:00:00')).toBe('2026-11-30');
    expect(formatDateBR('2026-11-30')).toBe('30/11/2026');
  });
});

describe('invoice status (spec §4)', () => {
  const today = '2026-11-22';
  it('maps server statuses to displayed types', () => {
    expect(invoiceType('A', '2026-11-21', today)).toBe('overdue');
    expect(invoiceType('A', '2026-11-22', today)).toBe('to_receive');
    expect(invoiceType('A', '2026-12-01', today)).toBe('to_receive');
    expect(invoiceType('P', '2026-11-21', today)).toBe('overdue');
    expect(invoiceType('P', '2026-11-22', today)).toBe('partial');
    expect(invoiceType('R', '2026-11-01', today)).toBe('received');
    expect(invoiceType('C', '2026-11-01', today)).toBeNull();
  });
  it('turns an invoice due today overdue only after midnight in São Paulo', () => {
    const due = '2026-11-22';
    expect(invoiceType('A', due, todayInSaoPaulo(new Date('2026-11-23T02:59:00Z')))).toBe('to_receive');
    expect(invoiceType('A', due, todayInSaoPaulo(new Date('2026-11-23T03:01:00Z')))).toBe('overdue');
  });
  it('keeps every partial and overdue invoice and the to-receive ones within the window', () => {
    const inv = (
      id: string,
      type: 'overdue' | 'partial' | 'to_receive' | 'received',
      dueDate: string,
      paymentDate: string | null = null,
    ) => ({
      id,
      type,
      dueDate,
      paymentDate,
    });
    const list = [
      inv('far', 'to_receive', '2026-12-08'),
      inv('edge', 'to_receive', '2026-12-07'),
      inv('old', 'overdue', '2025-01-10'),
      inv('part', 'partial', '2026-11-30'),
      inv('paid', 'received', '2026-10-10', '2026-10-09'),
    ];
    expect(toPayWindow(list, openInvoicesEndDate(today, 15)).map((i) => i.id)).toEqual([
      'old',
      'part',
      'edge',
    ]);
    expect(toPayWindow(list, openInvoicesEndDate(today, 30)).map((i) => i.id)).toEqual([
      'old',
      'part',
      'edge',
      'far',
    ]);
    expect(openInvoicesEndDate(today, 15)).toBe('2026-12-07');
    expect(openInvoicesEndDate(today, 90)).toBe('2027-02-20');
  });
  it('keeps the latest 12 received invoices, newest first', () => {
    const paid = Array.from({ length: 14 }, (_, i) => ({
      id: String(i),
      type: 'received' as const,
      dueDate: addDays('2025-01-10', i * 30),
      paymentDate: addDays('2025-01-09', i * 30),
    }));
    const shown = receivedWindow(paid);
    expect(shown).toHaveLength(12);
    expect(shown[0]?.id).toBe('13');
    expect(shown[11]?.id).toBe('2');
  });
  it('names the payment type', () => {
    expect(paymentTypeOf('Pix')).toBe('pix');
    expect(paymentTypeOf('Cartão')).toBe('credit_card');
    expect(paymentTypeOf('Boleto')).toBe('boleto');
    expect(paymentTypeOf('')).toBeNull();
  });
});

describe('money and installments (spec §9)', () => {
  it('formats R$ with comma decimals', () => {
    expect(formatCents(123450).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatCents(10).replace(/\s/g, ' ')).toBe('R$ 0,10');
  });
  it('writes every amount exactly as Intl does for pt-BR and BRL', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const amounts = [0, 1, 5, 99, 100, 999, 1000, 99999, 100000, 123456789, 100000000000, -1, -150, -123450];
    for (let cents = 0; cents < 3_000_000; cents += 997) amounts.push(cents);
    for (const cents of amounts) expect(formatCents(cents)).toBe(intl.format(cents / 100));
  });
  it('reads IXC money exactly', () => {
    expect(moneyToCents('99.90')).toBe(9990);
    expect(moneyToCents('0.1')).toBe(10);
    expect(moneyToCents('')).toBe(0);
  });
  it('carries cents inside and reais only in the JSON', () => {
    expect(z.encode(reais, 8990)).toBe(89.9);
    expect(reais.parse(89.9)).toBe(8990);
    expect(reais.parse(0.29)).toBe(29);
    expect(() => z.encode(reais, 89.9)).toThrow();
  });
  it('charges no surcharge for 1 installment and 2.35% a month compounded for 2 and 3', () => {
    expect(installmentOption(10000, 1)).toEqual({
      installments: 1,
      totalCents: 10000,
      installmentCents: 10000,
    });
    expect(installmentOption(10000, 2)).toEqual({
      installments: 2,
      totalCents: 10476,
      installmentCents: 5238,
    });
    expect(installmentOption(10000, 3)).toEqual({
      installments: 3,
      totalCents: 10722,
      installmentCents: 3574,
    });
    expect(installmentOptions(9990).map((o) => o.installments)).toEqual([1, 2, 3]);
    expect(() => installmentOption(10000, 4)).toThrow();
    expect(() => installmentOption(10000, 0)).toThrow();
    expect(msg(installmentsSchema.safeParse(4))).toBe(
      'Número de parcelas inválido. Deve ser um número inteiro entre 1 e 3.',
    );
    expect(msg(installmentsSchema.safeParse(1.5))).toBe(
      'Número de parcelas inválido. Deve ser um número inteiro entre 1 e 3.',
    );
  });
});

describe('cards (spec §5)', () => {
  it('accepts only 16-digit Visa and Mastercard numbers', () => {
    expect(cardNumberSchema.parse('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(cardNumberSchema.parse('5555-5555-5555-4444')).toBe('5555555555554444');
    expect(cardBrand('2221000000000009')).toBe('Master');
    expect(msg(cardNumberSchema.safeParse('4111 1111 1111 111'))).toBe('Número do cartão inválido');
    expect(msg(cardNumberSchema.safeParse('4111 1111 1111 1112'))).toBe('Número do cartão inválido');
    expect(msg(cardNumberSchema.safeParse('6011 1111 1111 1117'))).toBe(
      'Aceitamos apenas cartões de crédito Visa ou Mastercard',
    );
    expect(luhnValid('4000000000000002')).toBe(true);
  });
  it('checks the holder name', () => {
    expect(cardHolderSchema.parse('  Maria  A. Souza ')).toBe('Maria A. Souza');
    expect(cardHolderSchema.parse("D'Ávila-Neto")).toBe("D'Ávila-Neto");
    expect(msg(cardHolderSchema.safeParse('   '))).toBe('O nome do titular é obrigatório.');
    expect(msg(cardHolderSchema.safeParse('M'))).toBe('O nome do titular deve ter pelo menos 2 caracteres');
    expect(msg(cardHolderSchema.safeParse('M'.repeat(27)))).toBe(
      'O nome do titular deve ter no máximo 26 caracteres',
    );
    expect(msg(cardHolderSchema.safeParse('Maria 2'))).toBe(
      'O nome do titular deve conter apenas letras, acentos, espaços, ponto, hífen ou apóstrofo',
    );
    expect(msg(cardHolderSchema.safeParse('.-'))).toBe(
      'O nome do titular deve conter apenas letras, acentos, espaços, ponto, hífen ou apóstrofo',
    );
  });
  it('reads the expiry as MM/YY or MM/YYYY', () => {
    expect(cardExpirySchema.parse('12/30')).toBe('12/2030');
    expect(cardExpirySchema.parse('01/2031')).toBe('01/2031');
    expect(msg(cardExpirySchema.safeParse(''))).toBe('Por favor, informe uma data');
    expect(msg(cardExpirySchema.safeParse('13/30'))).toBe('Por favor, informe uma data válida');
    expect(msg(cardExpirySchema.safeParse('12/1999'))).toBe('Por favor, informe uma data válida');
    expect(cardExpired('11/2026', '2026-11-30')).toBe(false);
    expect(cardExpired('10/2026', '2026-11-01')).toBe(true);
  });
});

describe('fiscal note types (spec §9)', () => {
  it('maps codes and drops canceled, denied and unknown ones', () => {
    expect(nfType('900', 'F')).toBe('SVA');
    for (const code of ['632', '604', '605', '634', '603', '633']) expect(nfType(code, 'F')).toBe('SCM');
    expect(nfType('13', 'F')).toBe('NFS-e');
    expect(nfType('55', 'F')).toBeNull();
    expect(nfType('900', 'C')).toBeNull();
    expect(nfType('632', 'D')).toBeNull();
  });
});
