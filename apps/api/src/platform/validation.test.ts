import { messages } from '@central/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../test/harness.ts';
import { adminSession, setProviderPassword } from '../../test/staff.ts';
import { SESSION_COOKIES } from './auth.ts';
import { nulPointer } from './validation.ts';

const MARIA = '52998224725';

let h: Harness;
let t: Awaited<ReturnType<Harness['tenant']>>;
let subscriber: Record<string, string>;
let provider: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  t = await h.tenant({ credentials: [MARIA], cards: true });
  subscriber = { client_id: t.clientId, cookie: cookieHeader(await h.customerSession(t.clientId, MARIA)) };
  await setProviderPassword(h, t.row.id, 'provedor-123');
  const signIn = await h.app.inject({
    method: 'POST',
    url: '/api/admin/auth/sign-in/provider',
    headers: { client_id: t.clientId },
    payload: { client_id: t.clientId, password: 'provedor-123' },
  });
  const token = signIn.cookies.find((c) => c.name === SESSION_COOKIES.provider)?.value ?? '';
  provider = { client_id: t.clientId, cookie: cookieHeader({ [SESSION_COOKIES.provider]: token }) };
  admin = { cookie: cookieHeader((await adminSession(h)).jar) };
});
afterAll(() => h.close());

const refused = (path: string) => ({
  code: 'VALIDATION',
  message: messages.invalidCharacters,
  issues: [{ path, message: messages.invalidCharacters }],
});

// Found by the fuzz test (test/fuzz): PostgreSQL's text cannot hold U+0000, so these answered 500.
describe('text with a U+0000 is refused as bad input, never a 500', () => {
  it("in a saved card's name", async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/payment/card',
      headers: subscriber,
      payload: {
        CardAlias: 'meu\u0000cartão',
        CardNumber: '5555555555554444',
        Holder: 'MARIA A SOUZA',
        ExpirationDate: '12/2030',
        SecurityCode: '123',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('CardAlias'));
  });

  it("in a provider's general notification", async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/provider/send/notification',
      headers: provider,
      payload: { title: 'Aviso', message: 'manutenção\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('message'));
    const history = await h.app.inject({ url: '/api/admin/provider/notifications', headers: provider });
    expect(history.json().notifications).toEqual([]);
  });

  it("in a new provider's alias and in the back office's search", async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/customer/create',
      headers: admin,
      payload: {
        client_id: 'novo-provedor',
        alias: 'Novo\u0000',
        ixc_access_token: '1:token',
        ixc_domain: 'https://ixc.example.com',
        vertical_logo_url: '/logo.svg',
        primary_color: '#000000',
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(refused('alias'));
    const search = await h.app.inject({ url: '/api/admin/customers?search=a%00b', headers: admin });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual(refused('search'));
  });

  it("in a provider's sign-in (the client id reaches the sign-in limiter's key)", async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-in/provider',
      headers: { client_id: t.clientId },
      payload: { client_id: `${t.clientId}\u0000`, password: 'provedor-123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('client_id'));
  });

  it('keeps every other character: accents, emoji and right-to-left text are saved as typed', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/provider/send/notification',
      headers: provider,
      payload: { title: 'Atenção 📶', message: 'مرحبا \u202Etexto' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('nulPointer', () => {
  it('points at the first text holding a U+0000, without repeating a key the client sent', () => {
    expect(nulPointer({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('/b/1/c');
    expect(nulPointer({ a: { 'k\u0000': 1 } })).toBe('/a');
    expect(nulPointer({ a: 'ok', n: 1, z: null })).toBeNull();
  });

  it('walks a body nested deeper than the call stack would allow', () => {
    let deep: unknown = 'fim\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPointer(deep)).toBe(`${'/0'.repeat(100_000)}`);
  });
});
