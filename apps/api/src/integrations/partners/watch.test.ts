import { createServer } from 'node:http';
import { DEMO_PARTNERS, PARTNERS_DEMO } from '@central/sim';
import { beforeEach, describe, expect, it } from 'vitest';
import { caught, freshInstance, type PartnerBox, setFault, setStatus, useSim } from './test-support.ts';
import type { PartnerSubscriberInput } from './types.ts';
import { WatchClient } from './watch.ts';

const sim = useSim();
let box: PartnerBox;
beforeEach(async () => {
  box = await freshInstance(sim.url, 'watch');
});

const client = (o: { token?: string; timeoutMs?: number; url?: string } = {}) =>
  new WatchClient({ url: o.url ?? box.url, token: o.token ?? box.token, timeoutMs: o.timeoutMs ?? 2000 });

const maria: PartnerSubscriberInput = {
  name: 'Maria Aparecida Souza',
  email: 'maria.souza@exemplo.com.br',
  document: PARTNERS_DEMO.maria.document,
  phone: '11999990000',
  birthdate: '1990-05-20',
  externalId: '1',
  productIds: [...DEMO_PARTNERS.watch.demo.products.slice(0, 1)],
};

describe('Watch Brasil adapter against apps/sim', () => {
  it('activates Maria (login = e-mail), reads her, and answers a second activation with the same login', async () => {
    const watch = client();
    expect(await watch.subscriber(maria.document)).toBeNull();
    expect(await watch.activate(maria)).toEqual({
      outcome: 'activated',
      login: 'maria.souza@exemplo.com.br',
    });
    expect(await watch.subscriber(maria.document)).toEqual({
      login: 'maria.souza@exemplo.com.br',
      email: 'maria.souza@exemplo.com.br',
      active: true,
    });
    expect(await watch.activate({ ...maria, email: 'outro@exemplo.com.br' })).toEqual({
      outcome: 'already_active',
      login: 'maria.souza@exemplo.com.br',
    });
  });

  it('reads a suspended subscriber as inactive', async () => {
    await client().activate(maria);
    await setStatus(sim.url, 'watch', box.instance, maria.document, 'suspended');
    expect(await client().subscriber(maria.document)).toMatchObject({ active: false });
    const demo = new WatchClient({ url: `${sim.url}/watch/demo`, token: DEMO_PARTNERS.watch.demo.token });
    expect(await demo.subscriber(PARTNERS_DEMO.joao.document)).toEqual({
      login: PARTNERS_DEMO.joao.watchLogin,
      email: PARTNERS_DEMO.joao.watchLogin,
      active: false,
    });
  });

  it('turns the business refusals into outcomes', async () => {
    const watch = client();
    expect(await watch.activate({ ...maria, birthdate: null })).toEqual({ outcome: 'birthdate_missing' });
    expect(await watch.activate({ ...maria, email: PARTNERS_DEMO.busy.email })).toEqual({
      outcome: 'email_in_use',
    });
    expect(await watch.activate({ ...maria, email: PARTNERS_DEMO.watchLinkedEmail })).toEqual({
      outcome: 'email_linked',
    });
    expect(await watch.activate({ ...maria, productIds: ['9999'] })).toEqual({
      outcome: 'refused',
      message: 'Pacote 9999 não está disponível para o provedor',
    });
    expect(await watch.activate({ ...maria, email: null })).toMatchObject({ outcome: 'refused' });
  });

  it('throws auth on a wrong token, never carrying it', async () => {
    const error = await caught(client({ token: 'segredo-errado' }).activate(maria));
    expect(error).toMatchObject({ partner: 'watch', kind: 'auth', status: 401 });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('segredo-errado');
  });

  it('throws http on a 5xx page, timeout on a silent server, network when nobody listens', async () => {
    await setFault(sim.url, 'watch', box.instance, { mode: 'error', status: 503, count: 1 });
    expect(await caught(client().subscriber(maria.document))).toMatchObject({ kind: 'http', status: 503 });
    await setFault(sim.url, 'watch', box.instance, { mode: 'timeout', count: 1 });
    const started = Date.now();
    expect(await caught(client({ timeoutMs: 200 }).activate(maria))).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await caught(client({ url: 'http://127.0.0.1:9/watch/demo' }).subscriber('1'))).toMatchObject({
      kind: 'network',
    });
    expect(await caught(client({ url: `${sim.url}/watch/nenhuma` }).subscriber('1'))).toMatchObject({
      kind: 'http',
      status: 404,
    });
  });

  it('throws protocol on an answer that is not JSON or not Watch', async () => {
    const other = createServer((req, res) => res.end(req.url?.includes('tickets') ? '{"ok":1}' : '<html>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    try {
      const watch = client({ url: `http://127.0.0.1:${address.port}` });
      expect(await caught(watch.activate(maria))).toMatchObject({ kind: 'protocol' });
      expect(await caught(watch.subscriber('1'))).toMatchObject({ kind: 'protocol' });
    } finally {
      other.close();
    }
  });
});
