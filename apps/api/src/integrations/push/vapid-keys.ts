import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { vapidKeys } from '../../db/schema.ts';
import { decryptSecret, encryptSecret, type Keyring } from '../../platform/secrets.ts';

/** The application server's VAPID key pair (RFC 8292), base64url as `web-push` writes them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The portal has one key pair: browsers subscribed with its public key accept no other. */
const ROW_ID = 1;

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise the pair stored in `vapid_keys`, made on the
 * first start. Two processes starting together both insert with ON CONFLICT DO NOTHING and then read
 * the row, so they end up with the same keys (changing them would orphan every subscription).
 */
export async function loadVapidKeys(opts: {
  db: Db;
  keyring: Keyring;
  env?: VapidKeys | undefined;
}): Promise<VapidKeys> {
  if (opts.env) return opts.env;
  const stored = await readKeys(opts.db, opts.keyring);
  if (stored) return stored;
  const fresh = webpush.generateVAPIDKeys();
  await opts.db
    .insert(vapidKeys)
    .values({
      id: ROW_ID,
      publicKey: fresh.publicKey,
      privateKeyEnc: encryptSecret(opts.keyring, fresh.privateKey),
    })
    .onConflictDoNothing();
  const keys = await readKeys(opts.db, opts.keyring);
  if (!keys) throw new Error('vapid_keys: the key pair was inserted but cannot be read back');
  return keys;
}

async function readKeys(db: Db, keyring: Keyring): Promise<VapidKeys | undefined> {
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, ROW_ID));
  return row && { publicKey: row.publicKey, privateKey: decryptSecret(keyring, row.privateKeyEnc) };
}
