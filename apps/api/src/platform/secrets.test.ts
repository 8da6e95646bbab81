import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, loadKeys } from './secrets.ts';

const OLD = 'the-secret-key-of-last-year-0123456789abcdef';
const NEW = 'the-secret-key-of-this-year-0123456789abcdef';

/** A secret as the portal stored it before ciphertexts carried a key id. */
function sealV1(master: string, plain: string) {
  const key = Buffer.from(hkdfSync('sha256', master, 'central', 'encryption-at-rest', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ct.toString('base64url'),
  ].join(':');
}

describe('secrets at rest and SECRET_KEY rotation (issue 8 item 11)', () => {
  it('names the key that sealed a secret', async () => {
    const keys = await loadKeys(NEW, '/nonexistent');
    const sealed = encryptSecret(keys.encryption, '1:ixc-token');
    expect(sealed.split(':').slice(0, 2)).toEqual(['v2', keys.encryption.current.id]);
    expect(sealed).not.toContain('ixc-token');
    expect(decryptSecret(keys.encryption, sealed)).toBe('1:ixc-token');
  });

  it('reads secrets sealed under the previous key after a rotation, and seals new ones under the new key', async () => {
    const before = await loadKeys(OLD, '/nonexistent');
    const stored = encryptSecret(before.encryption, 'merchant-key');
    const legacy = sealV1(OLD, 'acs-private-key');

    const rotated = await loadKeys(NEW, '/nonexistent', [OLD]);
    expect(decryptSecret(rotated.encryption, stored)).toBe('merchant-key');
    expect(decryptSecret(rotated.encryption, legacy)).toBe('acs-private-key');
    expect(encryptSecret(rotated.encryption, 'x').split(':')[1]).not.toBe(before.encryption.current.id);

    const forgotten = await loadKeys(NEW, '/nonexistent');
    expect(() => decryptSecret(forgotten.encryption, stored)).toThrow(/SECRET_KEY_PREVIOUS/);
    expect(() => decryptSecret(forgotten.encryption, legacy)).toThrow(/SECRET_KEY_PREVIOUS/);
  });
});
