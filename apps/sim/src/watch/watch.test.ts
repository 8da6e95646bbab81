import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, type RunningSim, startSim } from '../ixc/test-support.ts';
import { PARTNERS_DEMO } from '../partner-kit.ts';
import { DEMO_WATCH } from './seed.ts';

let sim: RunningSim;
let box: { instance: string; token: string; baseUrl: string };

beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());
beforeEach(async () => {
  const created = await adminCall<typeof box>(sim.url, 'POST', '/__sim/watch/instances');
  expect(created.status).toBe(201);
  box = created.json;
});

async function watch(
  method: string,
  path: string,
  o: { body?: unknown; raw?: string; token?: string | null } = {},
) {
  const token = o.token === undefined ? box.token : o.token;
  const res = await fetch(`${sim.url}${box.baseUrl}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(o.body !== undefined || o.raw !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {}
  return { status: res.status, type: res.headers.get('content-type') ?? '', json, text };
}

const maria = {
  pNome: 'Maria Aparecida Souza',
  pEmail: 'Maria.Souza@exemplo.com.br',
  pCPFCNPJ: PARTNERS_DEMO.maria.document,
  pTelefone: '11999990000',
  pDataNascimento: '1990-05-20',
  pAssinanteIDIntegracao: '1',
  pPacotes: ['1001', '1002'],
};
const insert = (body: unknown) => watch('POST', '/v2/assinantes/insert', { body });
const get = (document: string) => watch('GET', `/v2/tickets/get?pCPFCNPJ=${document}`);

describe('Watch Brasil simulator', () => {
  it('creates Maria with the e-mail as login and a ticket per package, then reads her by CPF', async () => {
    expect((await get(PARTNERS_DEMO.maria.document)).json).toMatchObject({
      success: false,
      code: 'ASSINANTE_NAO_ENCONTRADO',
    });
    const created = await insert(maria);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      success: true,
      Login: 'maria.souza@exemplo.com.br',
      Tickets: [{ Pacote: '1001' }, { Pacote: '1002' }],
    });
    const read = await get(PARTNERS_DEMO.maria.document);
    expect(read.status).toBe(200);
    expect(read.json.Assinante).toMatchObject({
      Login: 'maria.souza@exemplo.com.br',
      Status: 'ATIVO',
      AssinanteIDIntegracao: '1',
    });
  });

  it('answers the same CPF again with its login and changes nothing', async () => {
    await insert(maria);
    const again = await insert({ ...maria, pEmail: 'outro@exemplo.com.br', pPacotes: ['1003'] });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'ASSINANTE_EXISTENTE', Login: 'maria.souza@exemplo.com.br' });
    const listed = await adminCall<{ document: string; tickets: unknown[] }[]>(
      sim.url,
      'GET',
      `/__sim/watch/${box.instance}/subscribers`,
    );
    expect(listed.json.find((s) => s.document === maria.pCPFCNPJ)?.tickets).toHaveLength(2);
  });

  it('refuses a missing birthdate, an e-mail of another CPF and one linked to another provider', async () => {
    const { pDataNascimento: _, ...noBirthdate } = maria;
    expect((await insert(noBirthdate)).json).toMatchObject({ code: 'DATA_NASCIMENTO_OBRIGATORIA' });
    expect((await insert({ ...maria, pDataNascimento: '' })).status).toBe(422);
    const busy = await insert({ ...maria, pEmail: 'OCUPADO@exemplo.com.br' });
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({
      code: 'EMAIL_JA_CADASTRADO',
      message: expect.stringContaining('E-mail'),
    });
    expect((await insert({ ...maria, pEmail: PARTNERS_DEMO.watchLinkedEmail })).json).toMatchObject({
      code: 'EMAIL_VINCULADO_OUTRO_PROVEDOR',
    });
    expect((await get(PARTNERS_DEMO.maria.document)).status).toBe(404);
  });

  it('validates fields, the CPF check digits and the packages', async () => {
    expect((await insert({ ...maria, pNome: '' })).json).toMatchObject({
      code: 'CAMPO_INVALIDO',
      field: 'pNome',
    });
    expect((await insert({ ...maria, pPacotes: [] })).json).toMatchObject({ field: 'pPacotes' });
    expect((await insert({ ...maria, pCPFCNPJ: '52998224700' })).json).toMatchObject({
      code: 'CPF_CNPJ_INVALIDO',
    });
    expect((await insert({ ...maria, pPacotes: ['9999'] })).json).toMatchObject({ code: 'PACOTE_INVALIDO' });
    const bad = await watch('POST', '/v2/assinantes/insert', { raw: '{"pNome":' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, code: 'JSON_INVALIDO' });
  });

  it('answers 401 to a wrong or missing token before reading the body', async () => {
    for (const token of ['errado', null]) {
      const res = await watch('POST', '/v2/assinantes/insert', { raw: 'not json', token });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ success: false, code: 'TOKEN_INVALIDO' });
    }
    // another instance's token does not open this one
    expect((await get(PARTNERS_DEMO.maria.document)).status).toBe(404);
    expect((await watch('GET', '/v2/tickets/get?pCPFCNPJ=1', { token: DEMO_WATCH.demo.token })).status).toBe(
      401,
    );
  });

  it('seeds João suspended on demo only, and lets a switch suspend or free a subscriber', async () => {
    const demo = await fetch(`${sim.url}/watch/demo/v2/tickets/get?pCPFCNPJ=${PARTNERS_DEMO.joao.document}`, {
      headers: { authorization: `Bearer ${DEMO_WATCH.demo.token}` },
    });
    expect(((await demo.json()) as { Assinante: unknown }).Assinante).toMatchObject({
      Login: PARTNERS_DEMO.joao.watchLogin,
      Status: 'SUSPENSO',
    });
    const outro = await fetch(
      `${sim.url}/watch/outro/v2/tickets/get?pCPFCNPJ=${PARTNERS_DEMO.joao.document}`,
      {
        headers: { authorization: `Bearer ${DEMO_WATCH.outro.token}` },
      },
    );
    expect(outro.status).toBe(404);

    await insert(maria);
    const path = `/__sim/watch/${box.instance}/subscribers/${maria.pCPFCNPJ}/status`;
    expect((await adminCall(sim.url, 'PUT', path, { status: 'suspended' })).status).toBe(200);
    expect((await get(maria.pCPFCNPJ)).json.Assinante).toMatchObject({ Status: 'SUSPENSO' });
    expect((await adminCall(sim.url, 'PUT', path, { status: 'active' })).status).toBe(200);
    expect((await get(maria.pCPFCNPJ)).json.Assinante).toMatchObject({ Status: 'ATIVO' });
    const unknown = `/__sim/watch/${box.instance}/subscribers/00000000000/status`;
    expect((await adminCall(sim.url, 'PUT', unknown, { status: 'active' })).status).toBe(404);
  });

  it('injects 500/503 pages and a silent server, counted down, and resets an instance', async () => {
    const fault = (body: object) => adminCall(sim.url, 'PUT', `/__sim/watch/${box.instance}/faults`, body);
    await fault({ mode: 'error', status: 503, count: 1 });
    const unavailable = await get(maria.pCPFCNPJ);
    expect(unavailable.status).toBe(503);
    expect(unavailable.type).toContain('text/html');
    expect((await get(maria.pCPFCNPJ)).status).toBe(404);

    await fault({ mode: 'error' });
    expect((await get(maria.pCPFCNPJ)).status).toBe(500);
    expect((await get(maria.pCPFCNPJ)).status).toBe(500);
    await fault({ mode: 'none' });

    await fault({ mode: 'timeout', count: 1 });
    const started = Date.now();
    await expect(
      fetch(`${sim.url}${box.baseUrl}/v2/tickets/get?pCPFCNPJ=1`, { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await fault({ mode: 'sometimes' })).status).toBe(400);

    await insert(maria);
    await adminCall(sim.url, 'POST', `/__sim/watch/${box.instance}/reset`);
    expect((await get(maria.pCPFCNPJ)).status).toBe(404);
    expect((await adminCall(sim.url, 'DELETE', `/__sim/watch/instances/${box.instance}`)).status).toBe(200);
    expect((await get(maria.pCPFCNPJ)).json).toMatchObject({ code: 'RECURSO_NAO_ENCONTRADO' });
    expect((await adminCall(sim.url, 'DELETE', '/__sim/watch/instances/demo')).status).toBe(404);
  });
});
