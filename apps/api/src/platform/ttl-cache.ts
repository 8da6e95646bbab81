/**
 * A small per-process cache with time-to-live and single flight: concurrent callers of one key share
 * one load. Used for ERP reads that may be a few seconds old (ARCHITECTURE §4).
 */
export function createTtlCache<T>(opts: { ttlMs: number; maxEntries?: number }) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  const max = opts.maxEntries ?? 10_000;
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (entries.size >= max) entries.clear();
      const value = load();
      entries.set(key, { until: now + opts.ttlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    /** Forgets every key that starts with `prefix`. */
    forget(prefix: string) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
