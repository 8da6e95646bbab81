import { PARTNERS_DEMO } from '@central/sim';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  caught,
  freshInstance,
  listSubscribers,
  type PartnerBox,
  setFault,
  setStatus,
  useSim,
} from './test-support.ts';
import { TocaLivrosClient } from './tocalivros.ts';
import type { TocaLivrosActivationInput } from './types.ts';

const sim = useSim();
let box: PartnerBox;
beforeEach(async () => {
  box = await freshInstance(sim.url, 'tocalivros');
});

const client = (o: { token?: string; timeoutMs?: number } = {}) =>
  new TocaLivrosClient({ url: box.url, token: o.token ?? box.token, timeoutMs: o.timeoutMs ?? 2000 });

const maria: TocaLivrosActivationInput = {
  name: 'Maria Aparecida Souza',
  user: 'maria.leitora',
  password: 'Livros-2025',
  email: 'maria.souza@exemplo.com.br',
  document: PARTNERS_DEMO.maria.document,
  ddd: '11',
  phone: '999990000',
  externalId: '1',
};

describe('Tocalivros adapter against apps/sim', () => {
  it('activates Maria with her user and password, then reads her as active', async () => {
    const toca = client();
    expect(await toca.isActive(maria.document)).toBe(false);
    expect(await toca.activate(maria)).toEqual({ outcome: 'activated' });
    expect(await toca.isActive(maria.document)).toBe(true);
    const stored = await listSubscribers(sim.url, 'tocalivros', box.instance);
    expect(stored.find((u) => u.document === maria.document)).toMatchObject({
      username: 'maria.leitora',
      password: 'Livros-2025',
    });
    expect(await toca.activate(maria)).toEqual({ outcome: 'already_active' });
    await setStatus(sim.url, 'tocalivros', box.instance, maria.document, 'suspended');
    expect(await toca.isActive(maria.document)).toBe(false);
    expect(await toca.activate(maria)).toMatchObject({ outcome: 'refused', message: expect.any(String) });
  });

  it('turns a taken user, an e-mail in use and a short password into outcomes', async () => {
    const toca = client();
    expect(await toca.activate({ ...maria, user: PARTNERS_DEMO.busy.tocaUser })).toEqual({
      outcome: 'user_taken',
    });
    expect(await toca.activate({ ...maria, email: PARTNERS_DEMO.busy.email })).toEqual({
      outcome: 'email_in_use',
    });
    expect(await toca.activate({ ...maria, password: '123' })).toEqual({
      outcome: 'refused',
      message: 'A senha deve ter entre 6 e 64 caracteres',
    });
  });

  it('throws auth, http and timeout errors that never carry the password or the token', async () => {
    const denied = await caught(client({ token: 'token-secreto' }).activate(maria));
    expect(denied).toMatchObject({ partner: 'tocalivros', kind: 'auth', status: 401 });
    await setFault(sim.url, 'tocalivros', box.instance, { mode: 'error', count: 1 });
    const failed = await caught(client().activate(maria));
    expect(failed).toMatchObject({ kind: 'http', status: 500 });
    await setFault(sim.url, 'tocalivros', box.instance, { mode: 'timeout', count: 1 });
    const silent = await caught(client({ timeoutMs: 200 }).activate(maria));
    expect(silent.kind).toBe('timeout');
    for (const error of [denied, failed, silent])
      expect(`${error.message} ${JSON.stringify(error)}`).not.toMatch(/Livros-2025|token-secreto/);
  });
});
