import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, type RunningSim, startSim } from '../ixc/test-support.ts';
import { PARTNERS_DEMO } from '../partner-kit.ts';
import type { TocaLivrosUser } from './seed.ts';

let sim: RunningSim;
let box: { instance: string; token: string; baseUrl: string };

beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());
beforeEach(async () => {
  box = (await adminCall<typeof box>(sim.url, 'POST', '/__sim/tocalivros/instances')).json;
});

async function toca(method: string, path: string, o: { body?: unknown; raw?: string; token?: string } = {}) {
  const res = await fetch(`${sim.url}${box.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${o.token ?? box.token}`, 'content-type': 'application/json' },
    body: o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    json: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

const maria = {
  nome: 'Maria Aparecida Souza',
  usuario: 'maria.leitora',
  senha: 'Livros-2025',
  email: 'maria.souza@exemplo.com.br',
  cpf_cnpj: PARTNERS_DEMO.maria.document,
  ddd: '11',
  telefone: '999990000',
  id_externo: '1',
};
const activate = (body: unknown) => toca('POST', '/api/parceiros/usuarios', { body });
const read = (document: string) => toca('GET', `/api/parceiros/usuarios/${document}`);

describe('Tocalivros simulator', () => {
  it('activates a user, never answering the password, and reads it by CPF', async () => {
    expect((await read(maria.cpf_cnpj)).json).toMatchObject({ erro: { codigo: 'USUARIO_NAO_ENCONTRADO' } });
    const created = await activate(maria);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ sucesso: true, usuario: { usuario: 'maria.leitora', ativo: true } });
    expect(created.text).not.toContain(maria.senha);
    const found = await read(maria.cpf_cnpj);
    expect(found.json).toEqual({
      sucesso: true,
      usuario: { usuario: 'maria.leitora', email: maria.email, ativo: true },
    });
    expect(found.text).not.toContain(maria.senha);
    const stored = await adminCall<TocaLivrosUser[]>(
      sim.url,
      'GET',
      `/__sim/tocalivros/${box.instance}/subscribers`,
    );
    expect(stored.json.find((u) => u.document === maria.cpf_cnpj)?.password).toBe(maria.senha);
  });

  it('answers already active, blocked, user taken and e-mail in use', async () => {
    await activate(maria);
    expect((await activate(maria)).json).toMatchObject({ erro: { codigo: 'USUARIO_JA_ATIVO' } });
    await adminCall(
      sim.url,
      'PUT',
      `/__sim/tocalivros/${box.instance}/subscribers/${maria.cpf_cnpj}/status`,
      {
        status: 'suspended',
      },
    );
    expect((await read(maria.cpf_cnpj)).json).toMatchObject({ usuario: { ativo: false } });
    expect((await activate(maria)).status).toBe(403);

    const other = { ...maria, cpf_cnpj: '12345678909' };
    expect((await activate({ ...other, usuario: 'OCUPADO' })).json).toMatchObject({
      erro: { codigo: 'USUARIO_INDISPONIVEL' },
    });
    expect(
      (await activate({ ...other, usuario: 'nova', email: PARTNERS_DEMO.busy.email })).json,
    ).toMatchObject({
      erro: { codigo: 'EMAIL_EM_USO' },
    });
  });

  it('validates the fields and the password; 400 on broken JSON; 401 on a bad token', async () => {
    expect((await activate({ ...maria, senha: '123' })).json).toMatchObject({
      erro: { codigo: 'SENHA_INVALIDA' },
    });
    expect((await activate({ ...maria, ddd: '011' })).json).toMatchObject({ erro: { campo: 'ddd' } });
    expect((await toca('POST', '/api/parceiros/usuarios', { raw: '' })).status).toBe(400);
    const denied = await toca('GET', '/api/parceiros/usuarios/1', { token: 'x' });
    expect(denied.json).toEqual({
      sucesso: false,
      erro: { codigo: 'NAO_AUTORIZADO', mensagem: 'Token inválido' },
    });
  });
});
