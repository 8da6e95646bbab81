import { DEMO_PARTNERS, PARTNERS_DEMO } from '@central/sim';
import { beforeEach, describe, expect, it } from 'vitest';
import { PlayhubClient } from './playhub.ts';
import { caught, freshInstance, type PartnerBox, setFault, setStatus, useSim } from './test-support.ts';
import type { PartnerSubscriberInput } from './types.ts';

const sim = useSim();
let box: PartnerBox;
beforeEach(async () => {
  box = await freshInstance(sim.url, 'playhub');
});

const client = (o: { token?: string; timeoutMs?: number } = {}) =>
  new PlayhubClient({ url: box.url, token: o.token ?? box.token, timeoutMs: o.timeoutMs ?? 2000 });

const maria: PartnerSubscriberInput = {
  name: 'Maria Aparecida Souza',
  email: 'maria.souza@exemplo.com.br',
  document: PARTNERS_DEMO.maria.document,
  phone: '11999990000',
  birthdate: null,
  externalId: '1',
  productIds: [...DEMO_PARTNERS.playhub.demo.products],
};

describe('Playhub adapter against apps/sim', () => {
  it('activates Maria with the user name Playhub makes up, and reads her back', async () => {
    const playhub = client();
    expect(await playhub.subscriber(maria.document)).toBeNull();
    expect(await playhub.activate(maria)).toEqual({ outcome: 'activated', login: 'maria.souza' });
    expect(await playhub.subscriber(maria.document)).toEqual({
      login: 'maria.souza',
      email: 'maria.souza@exemplo.com.br',
      active: true,
    });
    expect(await playhub.activate(maria)).toEqual({ outcome: 'already_active', login: 'maria.souza' });
    await setStatus(sim.url, 'playhub', box.instance, maria.document, 'suspended');
    expect(await playhub.subscriber(maria.document)).toMatchObject({ active: false });
  });

  it('turns an e-mail of another CPF and invalid data into outcomes', async () => {
    const playhub = client();
    expect(await playhub.activate({ ...maria, email: PARTNERS_DEMO.busy.email })).toEqual({
      outcome: 'email_in_use',
    });
    expect(await playhub.activate({ ...maria, document: '52998224700' })).toEqual({
      outcome: 'refused',
      message: 'CPF/CNPJ inválido',
    });
  });

  it('throws auth on a wrong token, http on a 500 page and timeout on a silent server', async () => {
    expect(await caught(client({ token: 'x' }).subscriber(maria.document))).toMatchObject({
      partner: 'playhub',
      kind: 'auth',
      status: 401,
    });
    await setFault(sim.url, 'playhub', box.instance, { mode: 'error', count: 1 });
    expect(await caught(client().activate(maria))).toMatchObject({ kind: 'http', status: 500 });
    await setFault(sim.url, 'playhub', box.instance, { mode: 'timeout', count: 1 });
    expect(await caught(client({ timeoutMs: 200 }).subscriber(maria.document))).toMatchObject({
      kind: 'timeout',
    });
  });
});
