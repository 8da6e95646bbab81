import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  type webcrypto,
} from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * AES-256-GCM keys for secrets at rest (IXC tokens, ACS keys, gateway tokens): `current` seals, and
 * every key, previous ones included, opens what it sealed. Each ciphertext names its key's id.
 */
export interface Keyring {
  current: { id: string; key: Buffer };
  byId: Map<string, Buffer>;
}

export interface Keys {
  encryption: Keyring;
  /** HMAC key for session tokens, imported once (importing it per request costs more than the check). */
  session: webcrypto.CryptoKey;
  /** Key for short-lived encrypted step tokens (sign-in, recovery). */
  step: Uint8Array;
  /** HMAC key that fingerprints card numbers (to find a card saved twice without keeping it). */
  fingerprint: Buffer;
}

/**
 * The master secret is SECRET_KEY, or (embedded mode only) a random key generated once into the
 * data folder. Purpose keys are derived with HKDF so that one secret never serves two uses.
 */
export async function loadKeys(
  secretKey: string | undefined,
  dataDir: string,
  /** Earlier values of SECRET_KEY, still accepted for reading secrets stored under them. */
  previousKeys: string[] = [],
): Promise<Keys> {
  const master = secretKey ?? (await readOrCreateKeyFile(path.join(dataDir, 'secret.key')));
  const derive = (purpose: string, from = master) =>
    Buffer.from(hkdfSync('sha256', from, 'central', purpose, 32));
  return {
    encryption: keyring([master, ...previousKeys].map((m) => derive('encryption-at-rest', m))),
    session: await crypto.subtle.importKey(
      'raw',
      derive('session-token'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ),
    step: new Uint8Array(derive('step-token')),
    fingerprint: derive('card-fingerprint'),
  };
}

/** A keyring of encryption keys, the first one current; a key's id is a short hash of it. */
export function keyring(keys: Buffer[]): Keyring {
  const [first] = keys;
  if (!first) throw new Error('a keyring needs a key');
  const id = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return { current: { id: id(first), key: first }, byId: new Map(keys.map((key) => [id(key), key])) };
}

async function readOrCreateKeyFile(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(path.dirname(file), { recursive: true });
    const key = randomBytes(32).toString('base64url');
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(() => {});
    return (await readFile(file, 'utf8')).trim();
  }
}

/** `v2:{key id}:{iv}:{tag}:{ciphertext}`, sealed with the keyring's current key. */
export function encryptSecret(ring: Keyring, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v2',
    ring.current.id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ct.toString('base64url'),
  ].join(':');
}

/** Opens a secret sealed by any key of the ring; `v1` secrets (no key id) are tried with each key. */
export function decryptSecret(ring: Keyring, sealed: string): string {
  const parts = sealed.split(':');
  if (parts[0] === 'v2' && parts.length === 5) {
    const [, id = '', iv = '', tag = '', ct = ''] = parts;
    const key = ring.byId.get(id);
    if (!key) throw new Error(`secret sealed with an unknown key (${id}): set SECRET_KEY_PREVIOUS`);
    return open(key, iv, tag, ct);
  }
  if (parts[0] === 'v1' && parts.length === 4) {
    const [, iv = '', tag = '', ct = ''] = parts;
    for (const key of ring.byId.values()) {
      try {
        return open(key, iv, tag, ct);
      } catch {
        // another key of the ring may have sealed it
      }
    }
    throw new Error('secret sealed with a key that is not in the ring: set SECRET_KEY_PREVIOUS');
  }
  throw new Error('Unknown secret format');
}

function open(key: Buffer, iv: string, tag: string, ct: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
