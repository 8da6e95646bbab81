/**
 * Issue 15 item 4: while a subscriber looks at an open invoice (its page or its PIX code), the portal
 * asks the ERP every `intervalMs` whether it was paid. One poll per invoice however many pages follow it
 * (two tabs, two phones of the same household): the pages subscribe, the last one to leave stops it.
 * Per API process; each process that holds a viewer polls on its own, which keeps the ERP's load at one
 * read per invoice per interval per process.
 */
export interface PaymentWatch {
  /**
   * Calls `onPaid` once when `isPaid` first answers true, then forgets the listener; the returned
   * function unsubscribes earlier (the page closed).
   */
  subscribe(key: string, isPaid: () => Promise<boolean>, onPaid: () => void): () => void;
  /** Invoices being polled now. */
  size(): number;
  /** Stops every poll (the process is closing). */
  close(): void;
}

interface Watch {
  listeners: Set<() => void>;
  timer: NodeJS.Timeout | undefined;
  isPaid: () => Promise<boolean>;
}

export function createPaymentWatch(opts: {
  intervalMs: number;
  /** A poll that failed (ERP down, circuit open): the next one tries again. */
  onError?: (error: unknown) => void;
}): PaymentWatch {
  const watches = new Map<string, Watch>();

  function schedule(key: string, watch: Watch) {
    watch.timer = setTimeout(() => void poll(key, watch), opts.intervalMs);
    watch.timer.unref();
  }

  async function poll(key: string, watch: Watch) {
    let paid = false;
    try {
      paid = await watch.isPaid();
    } catch (error) {
      opts.onError?.(error);
    }
    // Everyone left while the ERP was answering.
    if (watches.get(key) !== watch) return;
    if (!paid) return schedule(key, watch);
    watches.delete(key);
    for (const listener of watch.listeners) listener();
  }

  return {
    subscribe(key, isPaid, onPaid) {
      let watch = watches.get(key);
      if (!watch) {
        watch = { listeners: new Set(), timer: undefined, isPaid };
        watches.set(key, watch);
        schedule(key, watch);
      }
      const listener = () => onPaid();
      watch.listeners.add(listener);
      const current = watch;
      return () => {
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && watches.get(key) === current) {
          clearTimeout(current.timer);
          watches.delete(key);
        }
      };
    },
    size: () => watches.size,
    close() {
      for (const watch of watches.values()) clearTimeout(watch.timer);
      watches.clear();
    },
  };
}
