import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, type RunningSim, startSim } from '../ixc/test-support.ts';
import { PARTNERS_DEMO } from '../partner-kit.ts';

let sim: RunningSim;
let box: { instance: string; token: string; baseUrl: string };

beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());
beforeEach(async () => {
  box = (await adminCall<typeof box>(sim.url, 'POST', '/__sim/playhub/instances')).json;
});

async function playhub(
  method: string,
  path: string,
  o: { body?: unknown; raw?: string; token?: string } = {},
) {
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
  documento: PARTNERS_DEMO.maria.document,
  telefone: '11999990000',
  data_nascimento: null,
  id_externo: '1',
  produtos: ['PH-01'],
};
const create = (body: unknown) => playhub('POST', '/api/v1/assinantes', { body });

describe('Playhub simulator', () => {
  it('creates a subscriber with a generated user name, without a birthdate, and reads it back', async () => {
    expect((await playhub('GET', `/api/v1/assinantes/${maria.documento}`)).status).toBe(404);
    const created = await create(maria);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      status: 'sucesso',
      assinante: { usuario: 'maria.souza', email: maria.email, situacao: 'ativo' },
    });
    const read = await playhub('GET', `/api/v1/assinantes/${maria.documento}`);
    expect(read.json).toMatchObject({ assinante: { usuario: 'maria.souza', situacao: 'ativo' } });

    // a namesake gets the next free user name
    const other = await create({ ...maria, documento: '11222333000181', email: 'padaria@exemplo.com.br' });
    expect(other.json).toMatchObject({ assinante: { usuario: 'maria.souza2' } });
  });

  it('answers an existing CPF with its user name and an e-mail of another CPF as in use', async () => {
    await create(maria);
    expect((await create(maria)).json).toMatchObject({
      codigo: 'assinante_existente',
      usuario: 'maria.souza',
    });
    const busy = await create({ ...maria, documento: '12345678909', email: PARTNERS_DEMO.busy.email });
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({ status: 'erro', codigo: 'email_em_uso' });
  });

  it('validates fields, documents and products; 400 on broken JSON; 401 on a bad token', async () => {
    expect((await create({ ...maria, email: 'sem-arroba' })).json).toMatchObject({ campo: 'email' });
    expect((await create({ ...maria, documento: '11111111111' })).json).toMatchObject({
      codigo: 'documento_invalido',
    });
    expect((await create({ ...maria, produtos: ['PH-99'] })).json).toMatchObject({
      codigo: 'produto_invalido',
    });
    expect((await playhub('POST', '/api/v1/assinantes', { raw: '[' })).status).toBe(400);
    const denied = await playhub('GET', `/api/v1/assinantes/${maria.documento}`, { token: 'x' });
    expect(denied).toEqual({
      status: 401,
      json: { status: 'erro', codigo: 'nao_autorizado', mensagem: 'Token de acesso inválido' },
    });
  });

  it('shows a suspension made by the switch, and answers faults', async () => {
    await create(maria);
    await adminCall(sim.url, 'PUT', `/__sim/playhub/${box.instance}/subscribers/${maria.documento}/status`, {
      status: 'suspended',
    });
    expect((await playhub('GET', `/api/v1/assinantes/${maria.documento}`)).json).toMatchObject({
      assinante: { situacao: 'suspenso' },
    });
    await adminCall(sim.url, 'PUT', `/__sim/playhub/${box.instance}/faults`, { mode: 'error', count: 1 });
    expect((await playhub('GET', `/api/v1/assinantes/${maria.documento}`)).status).toBe(500);
    expect((await playhub('GET', `/api/v1/assinantes/${maria.documento}`)).status).toBe(200);
  });
});
