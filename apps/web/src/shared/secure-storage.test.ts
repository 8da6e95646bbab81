import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const HOUR = 60 * 60_000;
const secret = { maskedEmail: 'ma***@gm***.com', firstAccess: true };

/** A page load: a fresh module over this tab's sessionStorage and this profile's IndexedDB. */
async function loadPage() {
  vi.resetModules();
  return (await import('./secure-storage')).secureStorage;
}
type SecureStorage = Awaited<ReturnType<typeof loadPage>>;

const sessionEntries = () =>
  Array.from({ length: sessionStorage.length }, (_, i) => {
    const name = sessionStorage.key(i)!;
    return [name, sessionStorage.getItem(name)!] as const;
  });

/** Stores `value` and returns the sessionStorage entry it went to. */
async function store(storage: SecureStorage, name: string, value: unknown): Promise<string> {
  await storage.get(name); // the tab's key is made on first use
  const before = new Set(sessionEntries().map(([entry]) => entry));
  await storage.set(name, value, HOUR);
  const added = sessionEntries().filter(([entry]) => !before.has(entry));
  expect(added).toHaveLength(1);
  return added[0]![0];
}

function deleteAllDatabases() {
  return indexedDB.databases().then((databases) =>
    Promise.all(
      databases.map(
        ({ name }) =>
          new Promise((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name!);
            request.onsuccess = resolve;
            request.onerror = () => reject(request.error);
          }),
      ),
    ),
  );
}

async function storedKeys(): Promise<CryptoKey[]> {
  const keys: CryptoKey[] = [];
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const storeName of db.objectStoreNames) {
      const all = db.transaction(storeName).objectStore(storeName).getAll();
      const records = await new Promise<unknown[]>((resolve) => {
        all.onsuccess = () => resolve(all.result);
      });
      for (const record of records) {
        for (const field of Object.values(record as object)) if (field instanceof CryptoKey) keys.push(field);
      }
    }
    db.close();
  }
  return keys;
}

beforeEach(async () => {
  sessionStorage.clear();
  await deleteAllDatabases();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('secureStorage', () => {
  it('keeps only ciphertext in sessionStorage and reads the value back', async () => {
    const storage = await loadPage();
    const entry = await store(storage, 'recovery', secret);

    const sealed = sessionStorage.getItem(entry)!;
    expect(sealed).not.toContain('ma***');
    expect(sealed).not.toContain('maskedEmail');
    expect(() => JSON.parse(atob(sealed))).toThrow();
    for (const [, text] of sessionEntries()) expect(text).not.toContain('gm***');

    expect(await storage.get('recovery')).toEqual(secret);
  });

  it('seals each write anew: the same value twice is two different ciphertexts', async () => {
    const storage = await loadPage();
    const entry = await store(storage, 'recovery', secret);
    const first = sessionStorage.getItem(entry);
    await storage.set('recovery', secret, HOUR);
    expect(sessionStorage.getItem(entry)).not.toBe(first);
    expect(await storage.get('recovery')).toEqual(secret);
  });

  it('reads a tampered value as nothing and forgets it', async () => {
    const storage = await loadPage();
    const entry = await store(storage, 'recovery', secret);
    const sealed = sessionStorage.getItem(entry)!;
    const at = Math.floor(sealed.length / 2);
    sessionStorage.setItem(
      entry,
      `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`,
    );

    expect(await storage.get('recovery')).toBeUndefined();
    expect(sessionStorage.getItem(entry)).toBeNull();
  });

  it('does not read a value copied under another name', async () => {
    const storage = await loadPage();
    const recoveryEntry = await store(storage, 'recovery', secret);
    const markerEntry = await store(storage, 'card-deleted', true);
    sessionStorage.setItem(markerEntry, sessionStorage.getItem(recoveryEntry)!);

    expect(await storage.get('card-deleted')).toBeUndefined();
    expect(await storage.get('recovery')).toEqual(secret);
  });

  it('keeps a value for its time to live only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = await loadPage();
    const entry = await store(storage, 'card-deleted', true);

    vi.setSystemTime(Date.now() + HOUR - 1);
    expect(await storage.get('card-deleted')).toBe(true);
    vi.setSystemTime(Date.now() + 1);
    expect(await storage.get('card-deleted')).toBeUndefined();
    expect(sessionStorage.getItem(entry)).toBeNull();
  });

  it('removes a value', async () => {
    const storage = await loadPage();
    const entry = await store(storage, 'recovery', secret);
    await storage.remove('recovery');
    expect(await storage.get('recovery')).toBeUndefined();
    expect(sessionStorage.getItem(entry)).toBeNull();
  });

  it('reads its values again after the page reloads', async () => {
    await store(await loadPage(), 'recovery', secret);
    expect(await (await loadPage()).get('recovery')).toEqual(secret);
  });

  it('keeps its key in IndexedDB, not extractable', async () => {
    await store(await loadPage(), 'recovery', secret);
    const keys = await storedKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.extractable).toBe(false);
    expect(keys[0]!.algorithm.name).toBe('AES-GCM');
  });

  it('cannot read sessionStorage without the key in IndexedDB, and drops what it cannot read', async () => {
    const entry = await store(await loadPage(), 'recovery', secret);
    await deleteAllDatabases();

    const storage = await loadPage();
    expect(await storage.get('recovery')).toBeUndefined();
    expect(sessionStorage.getItem(entry)).toBeNull();
  });

  it('outside a secure context keeps values in memory only, never in sessionStorage', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    try {
      const storage = await loadPage();
      await storage.set('recovery', secret, HOUR);
      expect(sessionEntries()).toEqual([]);
      expect(await storage.get('recovery')).toEqual(secret);
      expect(await (await loadPage()).get('recovery')).toBeUndefined();
    } finally {
      Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    }
  });
});
