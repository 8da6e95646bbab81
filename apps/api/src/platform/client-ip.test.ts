import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TEST_PASSWORD } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { clientBucket } from './rate-limit.ts';

const MARIA = '52998224725';

describe('TRUST_PROXY', () => {
  const base = { NODE_ENV: 'test' as const };

  it('refuses a blanket true or false, naming the variable', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'false' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'balancer.local' })).toThrow(/TRUST_PROXY/);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs; empty or unset trusts none', () => {
    // A hop count is a trust function (Fastify 5 ignores a number): hop 0 is the socket's peer.
    const oneHop = loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy;
    const twoHops = loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy;
    if (typeof oneHop !== 'function' || typeof twoHops !== 'function') throw new Error('not a hop count');
    expect([oneHop('10.0.0.2', 0), oneHop('203.0.113.7', 1)]).toEqual([true, false]);
    expect([twoHops('10.0.0.2', 1), twoHops('203.0.113.7', 2)]).toEqual([true, false]);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig(base).trustProxy).toBe(false);
  });
});

describe('clientBucket', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and cuts IPv6 to its /64', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientBucket('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
    expect(clientBucket('2001:db8:1:3::a')).not.toBe(clientBucket('2001:db8:1:2::a'));
  });
});

describe('client IP behind one proxy (TRUST_PROXY=1)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ trustProxy: '1' });
  });
  afterAll(() => h.close());

  const signIn = (clientId: string, forwardedFor: string, password: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: clientId, 'x-forwarded-for': forwardedFor },
      remoteAddress: '10.0.0.2',
      payload: { cpfOrCnpj: MARIA, password },
    });

  it('counts the address the proxy saw, so a forged first X-Forwarded-For entry resets nothing', async () => {
    const t = await h.tenant({ credentials: [MARIA] });
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t.clientId, '1.2.3.4, 203.0.113.7', `errada${i}`)).statusCode).toBe(401);
    }
    const forged = await signIn(t.clientId, '9.9.9.9, 203.0.113.7', TEST_PASSWORD);
    expect(forged.statusCode).toBe(429);
    // The same forged first entry from another real client is another client.
    const other = await signIn(t.clientId, '1.2.3.4, 198.51.100.8', TEST_PASSWORD);
    expect(other.statusCode).toBe(200);
  });
});
