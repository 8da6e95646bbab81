import { PARTNERS_DEMO } from '@central/sim';
import { beforeEach, describe, expect, it } from 'vitest';
import { OleTvClient } from './oletv.ts';
import { caught, freshInstance, listSubscribers, type PartnerBox, setFault, useSim } from './test-support.ts';
import type { PartnerSubscriberInput } from './types.ts';

const sim = useSim();
let box: PartnerBox;
beforeEach(async () => {
  box = await freshInstance(sim.url, 'oletv');
});

const client = (o: { token?: string; timeoutMs?: number } = {}) =>
  new OleTvClient({ url: box.url, token: o.token ?? box.token, timeoutMs: o.timeoutMs ?? 2000 });

const maria: PartnerSubscriberInput = {
  name: 'Maria Aparecida Souza',
  email: 'maria.souza@exemplo.com.br',
  document: PARTNERS_DEMO.maria.document,
  phone: '11999990000',
  birthdate: null,
  externalId: '1',
  productIds: [],
};

describe('Olé TV adapter against apps/sim', () => {
  it('checks, activates, and answers a second activation as already existing', async () => {
    const ole = client();
    expect(await ole.check(maria.document)).toEqual({ exists: false, email: null, amount: 0 });
    expect(await ole.activate(maria)).toEqual({ outcome: 'activated' });
    expect(await ole.check(maria.document)).toEqual({ exists: true, email: maria.email, amount: 1 });
    expect(await ole.activate(maria)).toEqual({ outcome: 'already_exists' });
    expect(await ole.check(PARTNERS_DEMO.busy.document)).toEqual({
      exists: true,
      email: PARTNERS_DEMO.busy.email,
      amount: 2,
    });
  });

  it('turns an e-mail in use and missing data into outcomes', async () => {
    const ole = client();
    expect(await ole.activate({ ...maria, email: PARTNERS_DEMO.busy.email })).toEqual({
      outcome: 'email_in_use',
    });
    expect(await ole.activate({ ...maria, email: null })).toEqual({
      outcome: 'refused',
      message: 'campo obrigatorio: email',
    });
  });

  it('sends a password recovery to a known customer only', async () => {
    const { busy } = PARTNERS_DEMO;
    expect(await client().recoverPassword(busy.email, busy.document)).toBe('sent');
    expect(await client().recoverPassword('outro@exemplo.com.br', busy.document)).toBe('not_found');
    expect(await client().recoverPassword(busy.email, maria.document)).toBe('not_found');
    const customers = await listSubscribers(sim.url, 'oletv', box.instance);
    expect(customers.find((c) => c.document === busy.document)?.recoveries).toBe(1);
  });

  it('throws auth on a wrong token, http on a 503 page and timeout on a silent server', async () => {
    expect(await caught(client({ token: 'x' }).check(maria.document))).toMatchObject({
      partner: 'oletv',
      kind: 'auth',
    });
    await setFault(sim.url, 'oletv', box.instance, { mode: 'error', status: 503, count: 1 });
    expect(await caught(client().recoverPassword(maria.email ?? '', maria.document))).toMatchObject({
      kind: 'http',
      status: 503,
    });
    await setFault(sim.url, 'oletv', box.instance, { mode: 'timeout', count: 1 });
    expect(await caught(client({ timeoutMs: 200 }).activate(maria))).toMatchObject({ kind: 'timeout' });
  });
});
