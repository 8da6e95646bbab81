import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, type webcrypto } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Keys {
  /** AES-256-GCM key for secrets at rest (IXC tokens, ACS keys, gateway tokens). */
  encryption: Buffer;
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
export async function loadKeys(secretKey: string | undefined, dataDir: string): Promise<Keys> {
  const master = secretKey ?? (await readOrCreateKeyFile(path.join(dataDir, 'secret.key')));
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', master, 'central', purpose, 32));
  return {
    encryption: derive('encryption-at-rest'),
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

export function encryptSecret(key: Buffer, plain: string): string {
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

export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ct] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
