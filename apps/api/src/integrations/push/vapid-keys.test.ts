import { createECDH } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type Database, openDatabase } from '../../db/client.ts';
import { type Keyring, loadKeys } from '../../platform/secrets.ts';
import { loadVapidKeys } from './vapid-keys.ts';

let database: Database;
let keyring: Keyring;

beforeAll(async () => {
  // test:pg shares one database between files: the harness's SECRET_KEY, so that a pair stored by
  // another file opens here too
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  keyring = (await loadKeys('test-secret-key-that-is-long-enough-0123456789', '/nonexistent')).encryption;
});
afterAll(() => database.close());

async function storedRows() {
  const result = (await database.db.execute(
    sql`SELECT public_key, private_key_enc FROM vapid_keys`,
  )) as unknown as { rows: { public_key: string; private_key_enc: string }[] };
  return result.rows;
}

describe('VAPID keys', () => {
  it('are made once, even by two processes starting together, and stay the same', async () => {
    const [first, second] = await Promise.all([
      loadVapidKeys({ db: database.db, keyring }),
      loadVapidKeys({ db: database.db, keyring }),
    ]);
    expect(second).toEqual(first);
    expect(await loadVapidKeys({ db: database.db, keyring })).toEqual(first);

    // a real pair: the private key's public half is the public key
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(first?.privateKey ?? '', 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(first?.publicKey);

    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.public_key).toBe(first?.publicKey);
    expect(rows[0]?.private_key_enc).not.toContain(first?.privateKey);
  });

  it('come from the environment when it sets them, without touching the database', async () => {
    const before = await storedRows();
    const env = webpush.generateVAPIDKeys();
    expect(await loadVapidKeys({ db: database.db, keyring, env })).toEqual(env);
    expect(await storedRows()).toEqual(before);
  });
});
