import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, type RunningSim, startSim } from '../ixc/test-support.ts';
import { PARTNERS_DEMO } from '../partner-kit.ts';
import type { OleTvCustomer } from './seed.ts';

let sim: RunningSim;
let box: { instance: string; token: string; baseUrl: string };

beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());
beforeEach(async () => {
  box = (await adminCall<typeof box>(sim.url, 'POST', '/__sim/oletv/instances')).json;
});

async function ole(method: string, path: string, o: { body?: unknown; raw?: string; token?: string } = {}) {
  const res = await fetch(`${sim.url}${box.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${o.token ?? box.token}`, 'content-type': 'application/json' },
    body: o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

const maria = {
  nome: 'Maria Aparecida Souza',
  email: 'maria.souza@exemplo.com.br',
  cpf_cnpj: PARTNERS_DEMO.maria.document,
  telefone: '11999990000',
  codigo_externo: '1',
};

describe('Olé TV simulator', () => {
  it('checks, activates and checks again', async () => {
    expect((await ole('GET', `/api/v1/clientes/${maria.cpf_cnpj}`)).json).toEqual({
      status: 'ok',
      existe: false,
      email: null,
      quantidade: 0,
    });
    const activated = await ole('POST', '/api/v1/clientes/ativar', { body: maria });
    expect(activated.status).toBe(201);
    expect(activated.json).toMatchObject({ status: 'ok', mensagem: 'cliente ativado' });
    expect((await ole('GET', `/api/v1/clientes/${maria.cpf_cnpj}`)).json).toMatchObject({
      existe: true,
      email: maria.email,
      quantidade: 1,
    });
    expect((await ole('GET', `/api/v1/clientes/${PARTNERS_DEMO.busy.document}`)).json).toMatchObject({
      quantidade: 2,
    });
  });

  it("answers 'cliente ja existe' and 'e-mail ja esta em uso'", async () => {
    await ole('POST', '/api/v1/clientes/ativar', { body: maria });
    expect((await ole('POST', '/api/v1/clientes/ativar', { body: maria })).json).toEqual({
      status: 'erro',
      codigo: 102,
      mensagem: 'cliente ja existe',
    });
    const busy = await ole('POST', '/api/v1/clientes/ativar', {
      body: { ...maria, cpf_cnpj: '12345678909', email: 'Ocupado@Exemplo.com.br' },
    });
    expect(busy).toEqual({
      status: 409,
      json: { status: 'erro', codigo: 103, mensagem: 'e-mail ja esta em uso' },
    });
    expect(
      (await ole('POST', '/api/v1/clientes/ativar', { body: { ...maria, email: '' } })).json,
    ).toMatchObject({
      codigo: 101,
      mensagem: 'campo obrigatorio: email',
    });
  });

  it('sends a password recovery only to a known e-mail of that CPF/CNPJ', async () => {
    const { busy } = PARTNERS_DEMO;
    const sent = await ole('POST', '/api/v1/senha/recuperar', {
      body: { email: busy.email, cpf_cnpj: busy.document },
    });
    expect(sent).toEqual({ status: 200, json: { status: 'ok', mensagem: 'e-mail de recuperacao enviado' } });
    for (const body of [
      { email: 'outro@exemplo.com.br', cpf_cnpj: busy.document },
      { email: busy.email, cpf_cnpj: maria.cpf_cnpj },
    ])
      expect((await ole('POST', '/api/v1/senha/recuperar', { body })).json).toMatchObject({
        codigo: 104,
        mensagem: 'cliente nao encontrado',
      });
    const listed = await adminCall<OleTvCustomer[]>(
      sim.url,
      'GET',
      `/__sim/oletv/${box.instance}/subscribers`,
    );
    expect(listed.json.find((c) => c.document === busy.document)?.recoveries).toBe(1);
  });

  it('refuses a bad token (401) and broken JSON (400), and holds a request on a timeout fault', async () => {
    expect((await ole('GET', `/api/v1/clientes/${maria.cpf_cnpj}`, { token: 'x' })).json).toEqual({
      status: 'erro',
      codigo: 100,
      mensagem: 'token invalido',
    });
    expect((await ole('POST', '/api/v1/clientes/ativar', { raw: 'nome=Maria' })).status).toBe(400);
    await adminCall(sim.url, 'PUT', `/__sim/oletv/${box.instance}/faults`, { mode: 'timeout', count: 1 });
    await expect(
      fetch(`${sim.url}${box.baseUrl}/api/v1/clientes/1`, { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect((await ole('GET', `/api/v1/clientes/${maria.cpf_cnpj}`)).status).toBe(200);
  });
});
