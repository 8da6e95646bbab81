import { describe, expect, it } from 'vitest';
import { signInBody } from './contracts/auth.ts';
import { messages } from './messages.ts';
import { firstName, greetingName } from './names.ts';
import { cpfOrCnpjSchema, newPasswordSchema } from './validators.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('cpfOrCnpjSchema', () => {
  it('parses a masked CPF or CNPJ to its digits', () => {
    expect(cpfOrCnpjSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(cpfOrCnpjSchema.parse('11.222.333/0001-81')).toBe('11222333000181');
  });
  it('answers the spec messages', () => {
    expect(firstMessage(cpfOrCnpjSchema.safeParse(''))).toBe(messages.cpfCnpjRequired);
    expect(firstMessage(cpfOrCnpjSchema.safeParse(undefined))).toBe(messages.cpfCnpjRequired);
    expect(firstMessage(cpfOrCnpjSchema.safeParse('529.982.247-26'))).toBe('Por favor informe um CPF válido');
    expect(firstMessage(cpfOrCnpjSchema.safeParse('11.222.333/0001-80'))).toBe(
      'Por favor informe um CNPJ válido',
    );
    expect(firstMessage(cpfOrCnpjSchema.safeParse('529x982x247x25'))).toBe('Por favor informe um CPF válido');
    expect(firstMessage(cpfOrCnpjSchema.safeParse('abc'))).toBe(messages.cpfCnpjInvalid);
  });
});

describe('sign-in body', () => {
  it('requires a password when one is sent empty', () => {
    expect(firstMessage(signInBody.safeParse({ cpfOrCnpj: '52998224725', password: '' }))).toBe(
      'Por favor informe uma senha',
    );
    expect(signInBody.safeParse({ cpfOrCnpj: '52998224725' }).success).toBe(true);
  });
});

describe('newPasswordSchema', () => {
  it('takes 6 to 30 characters', () => {
    expect(firstMessage(newPasswordSchema.safeParse('12345'))).toBe(messages.passwordMin);
    expect(newPasswordSchema.safeParse('123456').success).toBe(true);
    expect(newPasswordSchema.safeParse('x'.repeat(30)).success).toBe(true);
    expect(firstMessage(newPasswordSchema.safeParse('x'.repeat(31)))).toBe(messages.passwordMax);
  });
});

describe('firstName', () => {
  it('greets by the capitalised first name', () => {
    expect(firstName('MARIA APARECIDA SOUZA')).toBe('Maria');
    expect(firstName('  joão pedro')).toBe('João');
    expect(firstName('')).toBe('');
  });
  it('greets a company by its whole name', () => {
    expect(greetingName('Pão Quente', '11222333000181')).toBe('Pão Quente');
    expect(greetingName('Maria Aparecida Souza', '52998224725')).toBe('Maria');
  });
});
