import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerAppListResponse } from '../contracts/app-list.ts';
import {
  appDetailsParams,
  appDetailsResponse,
  cloudGroupIdSchema,
  cloudUserCreateBody,
  cloudUserEditBody,
  cloudUserListResponse,
  contentAppBody,
  oleTvCheckResponse,
  oleTvRecoveryBody,
  tocaLivrosBody,
} from '../contracts/apps.ts';
import { messages } from '../messages.ts';
import { cloudGroupId } from './cloud.ts';

const firstIssue = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.error ? [r.error.issues[0]?.path.join('.'), r.error.issues[0]?.message] : null);
const appId = '6f1c7a52-3c2e-4b8e-9a55-0d6f2b0c1e11';

describe('POST /customer/create/content-app body (spec §7.6)', () => {
  const body = { contractId: '101', customerAppId: appId, customerEmail: 'maria@example.com' };
  it('sends ole_tv as oletv', () => {
    expect(contentAppBody.parse({ ...body, platform: 'ole_tv' }).platform).toBe('oletv');
    expect(contentAppBody.parse({ ...body, platform: 'playhub' }).platform).toBe('playhub');
    expect(contentAppBody.parse(body)).toMatchObject({ platform: null, appId: null, customerName: null });
  });
  it('needs an e-mail for watch, watchbr and oletv', () => {
    for (const platform of ['watch', 'watchbr', 'oletv', 'ole_tv']) {
      expect(firstIssue(contentAppBody.safeParse({ ...body, platform, customerEmail: '' }))).toEqual([
        'customerEmail',
        'E-mail não informado.',
      ]);
    }
    expect(
      contentAppBody.safeParse({ ...body, platform: 'login_sva', customerEmail: undefined }).success,
    ).toBe(true);
  });
  it('refuses an unknown platform, an app id that is no uuid and a bad contract id', () => {
    expect(contentAppBody.safeParse({ ...body, platform: 'netflix' }).success).toBe(false);
    expect(firstIssue(contentAppBody.safeParse({ ...body, customerAppId: '1' }))).toEqual([
      'customerAppId',
      messages.appNotFound,
    ]);
    expect(firstIssue(contentAppBody.safeParse({ ...body, contractId: '1; drop' }))).toEqual([
      'contractId',
      messages.contractNotFound,
    ]);
  });
});

describe('Toca Livros body (spec §7.6)', () => {
  const body = {
    name: 'Maria Souza',
    user: 'maria',
    password: 'segredo1',
    email: 'maria@example.com',
    cpf_cnpj: '529.982.247-25',
    ddd: '48',
    telefone: '99999-0000',
    internal_id: '15',
    contract_id: '101',
  };
  it('takes the spec fields, digits only for documents and phones', () => {
    expect(tocaLivrosBody.parse(body)).toMatchObject({ cpf_cnpj: '52998224725', telefone: '999990000' });
  });
  it('refuses an invalid CPF and a bad area code', () => {
    expect(firstIssue(tocaLivrosBody.safeParse({ ...body, cpf_cnpj: '111.111.111-11' }))).toEqual([
      'cpf_cnpj',
      messages.cpfCnpjInvalid,
    ]);
    expect(firstIssue(tocaLivrosBody.safeParse({ ...body, ddd: '0' }))).toEqual([
      'ddd',
      messages.phoneInvalid,
    ]);
  });
});

describe('cloud bodies (spec §7.6)', () => {
  const user = {
    cloudServiceId: '900',
    contractId: '101',
    displayName: 'Ana',
    email: 'ana@example.com',
    password: '0123456789',
    quota: 2,
  };
  it('creates a user with a quota in GB', () => {
    expect(cloudUserCreateBody.parse(user)).toEqual({ ...user, quotaUnitType: 'GB' });
    expect(firstIssue(cloudUserCreateBody.safeParse({ ...user, quota: 0 }))).toEqual([
      'quota',
      messages.cloudQuotaMinForm,
    ]);
    expect(cloudUserCreateBody.safeParse({ ...user, quotaUnitType: 'MB' }).success).toBe(false);
  });
  it('edits one field, validated by its key', () => {
    const target = { userId: 'ana@example.com', contractId: '101', cloudServiceId: '900' };
    expect(cloudUserEditBody.parse({ ...target, key: 'quota', value: '3' })).toMatchObject({ value: 3 });
    expect(firstIssue(cloudUserEditBody.safeParse({ ...target, key: 'email', value: 'x' }))).toEqual([
      'value',
      'Por favor, informe um e-mail válido',
    ]);
    expect(firstIssue(cloudUserEditBody.safeParse({ ...target, key: 'password', value: '123' }))).toEqual([
      'value',
      messages.cloudUserPasswordLength,
    ]);
    expect(cloudUserEditBody.safeParse({ ...target, key: 'group', value: 'admin' }).success).toBe(false);
  });
  it('takes the group ids cloudGroupId builds, and nothing else', () => {
    expect(cloudGroupIdSchema.safeParse(cloudGroupId('José da Silva', '529.982.247-25', '101')).success).toBe(
      true,
    );
    expect(cloudGroupIdSchema.safeParse(cloudGroupId('***', '11.222.333/0001-81', '1')).success).toBe(true);
    for (const bad of ['admin', '../users', 'Jose-1-2', `${'a'.repeat(62)}-1-2`])
      expect(cloudGroupIdSchema.safeParse(bad).success).toBe(false);
  });
});

describe('other shapes', () => {
  it('takes the detail route with and without the cloud service', () => {
    expect(appDetailsParams.parse({ appId, contractId: '101' })).toEqual({ appId, contractId: '101' });
    expect(appDetailsParams.safeParse({ appId, contractId: '101', cloudServiceId: 'x' }).success).toBe(false);
  });
  it('takes the TV-app recovery body', () => {
    expect(oleTvRecoveryBody.parse({ email: ' maria@example.com ', contractId: '101' }).email).toBe(
      'maria@example.com',
    );
    expect(oleTvRecoveryBody.safeParse({ email: 'maria', contractId: '101' }).success).toBe(false);
  });
  it('names every response in the OpenAPI document', () => {
    for (const schema of [
      customerAppListResponse,
      appDetailsResponse,
      oleTvCheckResponse,
      cloudUserListResponse,
    ])
      expect(z.globalRegistry.get(schema)?.id).toBeTruthy();
  });
});
