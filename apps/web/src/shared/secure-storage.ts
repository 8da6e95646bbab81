/**
 * spec §9 'Locally stored values are encrypted': small values for this tab, kept in sessionStorage
 * encrypted with AES-GCM. The key is a non-extractable CryptoKey made once per tab and kept in
 * IndexedDB (the CryptoKey object itself, never its bytes), so what sits in sessionStorage is useless
 * without this browser profile's IndexedDB. Each value carries its expiry, sealed with it.
 *
 * Without WebCrypto (http on a LAN IP is not a secure context) or IndexedDB, values live in memory
 * only, until the page reloads: never in plain text. No session token is ever stored here (the
 * sessions are httpOnly cookies).
 */

const VALUE_PREFIX = 'central:sv:';
/** This tab's key id (not a secret: the key itself stays in IndexedDB, not extractable). */
const KEY_ID_SLOT = 'central:sk';
const DB_NAME = 'central-secure-storage';
const DB_STORE = 'keys';
/** Keys of closed tabs are dropped after a day; the values they sealed expired long before. */
const KEY_MAX_AGE_MS = 24 * 60 * 60_000;
const IV_BYTES = 12;

type Envelope = { v: unknown; exp: number };
type KeyRecord = { id: string; key: CryptoKey; createdAt: number };

const memory = new Map<string, Envelope>();

function session(): Storage | null {
  try {
    const storage = window.sessionStorage;
    storage.getItem(KEY_ID_SLOT);
    return storage;
  } catch {
    // Storage disabled by the browser's settings.
    return null;
  }
}

function cryptoAvailable(): boolean {
  return (
    window.isSecureContext &&
    typeof crypto !== 'undefined' &&
    typeof crypto.subtle !== 'undefined' &&
    typeof indexedDB !== 'undefined' &&
    session() !== null
  );
}

function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(DB_STORE, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

function keyStore(db: IDBDatabase, mode: IDBTransactionMode): IDBObjectStore {
  return db.transaction(DB_STORE, mode).objectStore(DB_STORE);
}

async function dropOldKeys(db: IDBDatabase, keep: string): Promise<void> {
  const records = (await idbRequest(keyStore(db, 'readonly').getAll())) as KeyRecord[];
  const old = records.filter((r) => r.id !== keep && !(Date.now() - r.createdAt < KEY_MAX_AGE_MS));
  if (old.length === 0) return;
  const store = keyStore(db, 'readwrite');
  await Promise.all(old.map((r) => idbRequest(store.delete(r.id))));
}

/** Values sealed with a key this tab no longer has cannot be read: forget them. */
function dropStoredValues(storage: Storage) {
  for (const name of Object.keys(storage)) {
    if (name.startsWith(VALUE_PREFIX)) storage.removeItem(name);
  }
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  const storage = session();
  if (!storage) throw new Error('sessionStorage unavailable');
  const db = await openDb();
  try {
    const id = storage.getItem(KEY_ID_SLOT);
    if (id) {
      const record = (await idbRequest(keyStore(db, 'readonly').get(id))) as KeyRecord | undefined;
      if (record?.key instanceof CryptoKey) return record.key;
    }
    dropStoredValues(storage);
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    const record: KeyRecord = { id: crypto.randomUUID(), key, createdAt: Date.now() };
    await idbRequest(keyStore(db, 'readwrite').put(record));
    storage.setItem(KEY_ID_SLOT, record.id);
    await dropOldKeys(db, record.id).catch(() => undefined);
    return key;
  } finally {
    db.close();
  }
}

let tabKey: Promise<CryptoKey | null> | undefined;

/** This tab's key, or `null` when values must stay in memory. */
function getKey(): Promise<CryptoKey | null> {
  tabKey ??= cryptoAvailable() ? loadOrCreateKey().catch(() => null) : Promise.resolve(null);
  return tabKey;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The slot's name is authenticated with the value: a sealed value cannot be moved to another slot. */
const additionalData = (name: string) => new TextEncoder().encode(name);

async function seal(key: CryptoKey, name: string, envelope: Envelope): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(envelope));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(name) }, key, plain),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

async function open(key: CryptoKey, name: string, text: string): Promise<Envelope | undefined> {
  try {
    const bytes = fromBase64(text);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: additionalData(name) },
      key,
      bytes.subarray(IV_BYTES),
    );
    const envelope: unknown = JSON.parse(new TextDecoder().decode(plain));
    if (typeof envelope === 'object' && envelope && 'exp' in envelope && typeof envelope.exp === 'number') {
      return envelope as Envelope;
    }
  } catch {
    // Tampered with, or sealed with another key.
  }
  return undefined;
}

export const secureStorage = {
  /** The value stored under `name`, or `undefined` when there is none, it expired or cannot be read. */
  async get(name: string): Promise<unknown> {
    const key = await getKey();
    const slot = VALUE_PREFIX + name;
    let envelope: Envelope | undefined;
    const text = key ? session()?.getItem(slot) : undefined;
    if (key && text) {
      envelope = await open(key, slot, text);
      if (!envelope) session()?.removeItem(slot);
    } else {
      envelope = memory.get(slot);
    }
    if (!envelope) return undefined;
    if (envelope.exp <= Date.now()) {
      await secureStorage.remove(name);
      return undefined;
    }
    return envelope.v;
  },

  /** Stores `value` (anything JSON can hold) for `ttlMs` milliseconds. */
  async set(name: string, value: unknown, ttlMs: number): Promise<void> {
    const key = await getKey();
    const slot = VALUE_PREFIX + name;
    const envelope: Envelope = { v: value, exp: Date.now() + ttlMs };
    if (key) {
      try {
        session()?.setItem(slot, await seal(key, slot, envelope));
        memory.delete(slot);
        return;
      } catch {
        // Quota exceeded or storage gone: keep it in memory rather than lose it.
        session()?.removeItem(slot);
      }
    }
    memory.set(slot, envelope);
  },

  async remove(name: string): Promise<void> {
    const slot = VALUE_PREFIX + name;
    memory.delete(slot);
    session()?.removeItem(slot);
  },
};
