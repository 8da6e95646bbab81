import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import {
  CLOUD_GROUP_ID_MAX,
  cloudAnswerMessages,
  cloudGroupId,
  cloudQuotaAvailableGb,
  cloudUserEdits,
  cloudUserFormSchema,
  cloudUserRestores,
  formatBytes,
  GB_BYTES,
} from './cloud.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('cloud group id (spec §3)', () => {
  it('is the name without accents, the CPF digits and the contract id', () => {
    expect(cloudGroupId('José da Conceição', '529.982.247-25', '101')).toBe(
      'jose-da-conceicao-52998224725-101',
    );
    expect(cloudGroupId('MARIA  Aparecida   Souza ', '52998224725', '7')).toBe(
      'maria-aparecida-souza-52998224725-7',
    );
    expect(cloudGroupId('Ângela Müller-Ñúñez', '529.982.247-25', '3')).toBe(
      'angela-muller-nunez-52998224725-3',
    );
  });
  it('takes the CNPJ digits of a company', () => {
    expect(cloudGroupId('Padaria Pão & Cia. Ltda', '11.222.333/0001-81', '202')).toBe(
      'padaria-pao-cia-ltda-11222333000181-202',
    );
  });
  it('is the same for the same customer and contract, and differs by contract', () => {
    const a = cloudGroupId('João', '529.982.247-25', '1');
    expect(cloudGroupId('joão', '52998224725', '1')).toBe(a);
    expect(cloudGroupId('João', '529.982.247-25', '2')).not.toBe(a);
  });
  it('cuts a long name to 30 characters, never the digits or the contract id, within 64', () => {
    const id = cloudGroupId(
      'Associação Beneficente dos Moradores do Bairro São João Batista',
      '11.222.333/0001-81',
      '123456789012345678',
    );
    expect(id).toBe('associacao-beneficente-dos-mor-11222333000181-123456789012345678');
    expect(id.length).toBeLessThanOrEqual(CLOUD_GROUP_ID_MAX);
    expect(cloudGroupId('Ana Maria de Souza e Silva Pereira', '529.982.247-25', '1')).toBe(
      'ana-maria-de-souza-e-silva-per-52998224725-1',
    );
  });
  it('refuses what is not a CPF or CNPJ, and a contract id that is not digits', () => {
    expect(() => cloudGroupId('Ana', '123', '1')).toThrow();
    expect(() => cloudGroupId('Ana', '529.982.247-25', '1/../2')).toThrow();
    expect(() => cloudGroupId('Ana', '529.982.247-25', '')).toThrow();
  });
  it('is the digits and the contract alone when the name has no letters', () => {
    expect(cloudGroupId(' *** ', '529.982.247-25', '101')).toBe('52998224725-101');
    expect(cloudGroupId('  -Zé- ', '529.982.247-25', '101')).toBe('ze-52998224725-101');
  });
});

describe('bytes (spec §9: base 1024, up to 2 decimals)', () => {
  it('formats in pt-BR', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1000)).toBe('1.000 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(1.5 * GB_BYTES)).toBe('1,5 GB');
    expect(formatBytes(1234567890)).toBe('1,15 GB');
    expect(formatBytes(2 * 1024 * GB_BYTES)).toBe('2 TB');
  });
  it('does not show 1.024 of a unit', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });
  it('shows nothing negative (Nextcloud answers -3 for no quota)', () => {
    expect(formatBytes(-3)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});

describe('cloud user form (spec §5)', () => {
  const create = cloudUserFormSchema({ mode: 'create', availableGb: 5 });
  const valid = { name: 'Ana', email: 'ana@example.com', password: '0123456789', quota: '2' };
  it('takes a name, an e-mail, a password of 10 to 30 and a quota in whole GB', () => {
    expect(create.parse(valid)).toEqual({ ...valid, quota: 2 });
    expect(create.safeParse({ ...valid, password: 'x'.repeat(30) }).success).toBe(true);
  });
  it('says what is wrong', () => {
    expect(
      issues(create.safeParse({ name: ' ', email: 'ana@', password: '123456789', quota: '1.5' })),
    ).toEqual({
      name: messages.cloudUserNameRequired,
      email: 'Por favor, informe um e-mail válido',
      password: 'Por favor, informe uma senha que entre 10 e 30 caracteres',
      quota: messages.cloudQuotaInteger,
    });
    expect(issues(create.safeParse({ ...valid, password: 'x'.repeat(31), quota: '0' }))).toEqual({
      password: messages.cloudUserPasswordLength,
      quota: 'Por favor informe um valor de quota minima maior ou igual a 1 GB',
    });
    expect(issues(create.safeParse({ ...valid, password: '', quota: 'abc' }))).toEqual({
      password: 'Por favor, informe uma senha',
      quota: messages.cloudQuotaInteger,
    });
  });
  it("enforces the group's total quota limit", () => {
    expect(create.safeParse({ ...valid, quota: 5 }).success).toBe(true);
    expect(issues(create.safeParse({ ...valid, quota: 6 }))).toEqual({ quota: 'Quota excede o limite' });
    expect(
      cloudUserFormSchema({ mode: 'create', availableGb: null }).safeParse({ ...valid, quota: 500 }).success,
    ).toBe(true);
  });
  it('keeps the password on edit when left empty', () => {
    const edit = cloudUserFormSchema({ mode: 'edit', availableGb: 5 });
    expect(edit.parse({ ...valid, password: '' }).password).toBe('');
    expect(edit.parse({ name: 'Ana', email: 'ana@example.com', quota: 1 }).password).toBe('');
    expect(issues(edit.safeParse({ ...valid, password: 'short' }))).toEqual({
      password: messages.cloudUserPasswordLength,
    });
  });
  it('counts the quotas of the other users against the limit', () => {
    const group = {
      limitBytes: 10 * GB_BYTES,
      users: [
        { id: 'ana', quotaBytes: 2 * GB_BYTES },
        { id: 'bia', quotaBytes: 3 * GB_BYTES },
      ],
    };
    expect(cloudQuotaAvailableGb(group)).toBe(5);
    expect(cloudQuotaAvailableGb(group, 'ana')).toBe(7);
    expect(
      cloudQuotaAvailableGb({ limitBytes: 10 * GB_BYTES, users: [{ id: 'x', quotaBytes: 9.5 * GB_BYTES }] }),
    ).toBe(0);
    expect(
      cloudQuotaAvailableGb({ limitBytes: 1 * GB_BYTES, users: [{ id: 'x', quotaBytes: 2 * GB_BYTES }] }),
    ).toBe(0);
    expect(cloudQuotaAvailableGb({ limitBytes: null, users: [] })).toBeNull();
  });
});

describe('editing one field at a time (spec §4 Cloud app)', () => {
  const previous = { name: 'Ana', email: 'ana@example.com', quota: 2 };
  it('sends the changed fields, and the password only when typed', () => {
    expect(cloudUserEdits(previous, { ...previous, password: '' })).toEqual([]);
    expect(
      cloudUserEdits(previous, {
        name: 'Ana Paula',
        email: 'ana@example.com',
        quota: 3,
        password: '0123456789',
      }),
    ).toEqual([
      { key: 'name', value: 'Ana Paula' },
      { key: 'quota', value: 3 },
      { key: 'password', value: '0123456789' },
    ]);
  });
  it('restores the previous values of what was applied, last first', () => {
    expect(
      cloudUserRestores(
        [
          { key: 'name', value: 'Ana Paula' },
          { key: 'email', value: 'x@example.com' },
          { key: 'password', value: '0123456789' },
          { key: 'quota', value: 9 },
        ],
        previous,
      ),
    ).toEqual([
      { key: 'quota', value: 2 },
      { key: 'email', value: 'ana@example.com' },
      { key: 'name', value: 'Ana' },
    ]);
  });
});

describe("the server's cloud answers (spec §8)", () => {
  it('maps each comma-separated part', () => {
    expect(cloudAnswerMessages('invalid email')).toEqual(['Por favor, informe um e-mail válido']);
    expect(cloudAnswerMessages('password not provided, quota must be >= 1')).toEqual([
      'Por favor, informe uma senha',
      'Por favor, informe uma quota maior ou igual a 1 GB',
    ]);
    expect(
      cloudAnswerMessages(' Password must be >= 10 and <= 30 ,quota limit exceeded,quota limit exceeded'),
    ).toEqual(['Por favor, informe uma senha que entre 10 e 30 caracteres', 'Quota excede o limite']);
  });
  it('falls back to the failure text', () => {
    expect(cloudAnswerMessages('something else')).toEqual(['Falha ao atualizar usuário']);
    expect(cloudAnswerMessages('')).toEqual(['Falha ao atualizar usuário']);
    expect(cloudAnswerMessages(undefined, messages.cloudUserCreateFailed)).toEqual([
      'Falha ao cadastrar usuário',
    ]);
    expect(cloudAnswerMessages('invalid email, boom')).toEqual(['Por favor, informe um e-mail válido']);
  });
});
