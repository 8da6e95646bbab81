import { describe, expect, it } from 'vitest';
import { createSupportBody, createSupportMessageBody, listSupportsQuery } from '../contracts/support.ts';
import { messages } from '../messages.ts';
import { isValidBrazilianPhone, phoneSchema } from '../validators.ts';
import {
  canAddSupportMessage,
  formatBrazilianPhone,
  SUPPORT_PAGE_SIZE,
  supportRequestText,
  supportStatus,
  supportStatusLabels,
} from './tickets.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('support ticket status (spec §4)', () => {
  it('is closed when there is no su_status and status is F', () => {
    expect(supportStatus({ su_status: '', status: 'F' })).toBe('closed');
    expect(supportStatus({ status: 'F' })).toBe('closed');
    expect(supportStatus({ su_status: null, status: 'F' })).toBe('closed');
  });
  it('is closed when su_status is S (solved) or C (canceled), whatever status says', () => {
    expect(supportStatus({ su_status: 'S', status: 'T' })).toBe('closed');
    expect(supportStatus({ su_status: 'C', status: '' })).toBe('closed');
  });
  it('is in progress otherwise', () => {
    for (const su_status of ['N', 'P', 'EP'])
      expect(supportStatus({ su_status, status: 'F' })).toBe('in_progress');
    expect(supportStatus({ su_status: '', status: 'T' })).toBe('in_progress');
    expect(supportStatus({ status: 'A' })).toBe('in_progress');
    expect(supportStatus({})).toBe('in_progress');
  });
  it('has the spec labels', () => {
    expect(supportStatusLabels).toEqual({ in_progress: 'Em andamento', closed: 'Fechado' });
  });
  it('takes new messages only while in progress', () => {
    expect(canAddSupportMessage('in_progress')).toBe(true);
    expect(canAddSupportMessage('closed')).toBe(false);
  });
  it("pages closed tickets by 3 or more, so that 'Ver mais' (count >= 3) works", () => {
    expect(SUPPORT_PAGE_SIZE).toBeGreaterThanOrEqual(3);
  });
});

describe('Brazilian phone (spec §5)', () => {
  it('takes 10 or 11 digits with a real area code, masked or not', () => {
    expect(isValidBrazilianPhone('(47) 99999-8888')).toBe(true);
    expect(isValidBrazilianPhone('4833334444')).toBe(true);
    expect(isValidBrazilianPhone('(11) 3456-7890')).toBe(true);
  });
  it('needs 9 as the third digit of an 11-digit number', () => {
    expect(isValidBrazilianPhone('47899998888')).toBe(false);
  });
  it('refuses unknown area codes, wrong lengths and one digit repeated', () => {
    expect(isValidBrazilianPhone('(20) 99999-8888')).toBe(false);
    expect(isValidBrazilianPhone('(10) 3333-4444')).toBe(false);
    expect(isValidBrazilianPhone('479999988')).toBe(false);
    expect(isValidBrazilianPhone('479999988881')).toBe(false);
    expect(isValidBrazilianPhone('11111111111')).toBe(false);
    expect(isValidBrazilianPhone('')).toBe(false);
  });
  it('parses to digits and answers the spec message', () => {
    expect(phoneSchema.parse(' (47) 99999-8888 ')).toBe('47999998888');
    expect(firstMessage(phoneSchema.safeParse('123'))).toBe(messages.phoneInvalid);
    expect(firstMessage(phoneSchema.safeParse('47a999998888'))).toBe(messages.phoneInvalid);
    expect(firstMessage(phoneSchema.safeParse(undefined))).toBe(
      'Por favor, informe um telefone para contato valido',
    );
  });
  it('is formatted back with its mask', () => {
    expect(formatBrazilianPhone('47999998888')).toBe('(47) 99999-8888');
    expect(formatBrazilianPhone('4833334444')).toBe('(48) 3333-4444');
  });
});

describe('support request (spec §5, §7.5)', () => {
  const valid = {
    subject: '2',
    message: 'Internet lenta',
    contractId: '101',
    phone_number: '(47) 99999-8888',
  };

  it('parses a valid request, ids as strings, phone as digits', () => {
    expect(createSupportBody.parse({ ...valid, subject: 2, contractId: 101 })).toEqual({
      subject: '2',
      message: 'Internet lenta',
      contractId: '101',
      phone_number: '47999998888',
    });
  });
  it('requires a subject', () => {
    expect(firstMessage(createSupportBody.safeParse({ ...valid, subject: undefined }))).toBe(
      'Por favor informe um assunto',
    );
    expect(firstMessage(createSupportBody.safeParse({ ...valid, subject: '' }))).toBe(
      'Por favor informe um assunto',
    );
  });
  it('requires a message of at most 1000 characters', () => {
    expect(firstMessage(createSupportBody.safeParse({ ...valid, message: '   ' }))).toBe(
      'Por favor informe uma mensagem',
    );
    expect(firstMessage(createSupportBody.safeParse({ ...valid, message: undefined }))).toBe(
      'Por favor informe uma mensagem',
    );
    expect(createSupportBody.safeParse({ ...valid, message: 'a'.repeat(1000) }).success).toBe(true);
    expect(firstMessage(createSupportBody.safeParse({ ...valid, message: 'a'.repeat(1001) }))).toBe(
      'Por favor informe uma mensagem menor que 1.000 caracteres',
    );
  });
  it('requires a valid contact phone', () => {
    expect(firstMessage(createSupportBody.safeParse({ ...valid, phone_number: '' }))).toBe(
      'Por favor, informe um telefone para contato valido',
    );
    expect(firstMessage(createSupportBody.safeParse({ ...valid, phone_number: '(00) 0000-0000' }))).toBe(
      'Por favor, informe um telefone para contato valido',
    );
  });
  it('refuses a contract id that is not an id', () => {
    expect(createSupportBody.safeParse({ ...valid, contractId: '1 OR 1=1' }).success).toBe(false);
    expect(createSupportBody.safeParse({ ...valid, contractId: '0' }).success).toBe(false);
  });
  it('gives the staff the text and the phone to call back', () => {
    expect(supportRequestText(' Sem internet ', '47999998888')).toBe(
      'Sem internet\n\nTelefone para contato: (47) 99999-8888',
    );
  });
});

describe('support message (spec §5, §9)', () => {
  it('is required and at most 1000 characters', () => {
    expect(createSupportMessageBody.parse({ supportId: 3004, message: ' Olá ' })).toEqual({
      supportId: '3004',
      message: 'Olá',
    });
    expect(firstMessage(createSupportMessageBody.safeParse({ supportId: '3004', message: '' }))).toBe(
      'Por favor informe uma mensagem',
    );
    expect(
      firstMessage(createSupportMessageBody.safeParse({ supportId: '3004', message: 'x'.repeat(1001) })),
    ).toBe('Por favor informe uma mensagem menor que 1.000 caracteres');
  });
});

describe('support list query', () => {
  it('defaults to the first page of the tickets in progress', () => {
    expect(listSupportsQuery.parse({})).toEqual({ status: 'in_progress', page: 1 });
    expect(listSupportsQuery.parse({ status: 'closed', page: '2' })).toEqual({ status: 'closed', page: 2 });
    expect(listSupportsQuery.safeParse({ status: 'open' }).success).toBe(false);
    expect(listSupportsQuery.safeParse({ page: '0' }).success).toBe(false);
  });
});
