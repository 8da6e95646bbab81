import { CLIENT_ID_HEADER, paymentEvent } from '@central/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useEffect, useState } from 'react';
import { clientId } from './client-id';
import { invoiceKeys } from './invoice';

/** After a stream ends unpaid (the server closes each after a while) the page opens another. */
const REOPEN_MS = 1_000;
/** After a failure (offline, the API restarting) it waits longer each time, up to a minute. */
const RETRY_MS = [5_000, 15_000, 30_000, 60_000];

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows GET /customer/invoice/{id}/payment-events (Server-Sent Events, issue 15) until the invoice is
 * paid: resolves true then, or false when the page left (`signal`) or the API refused (not found,
 * signed out). Read with fetch rather than EventSource, which cannot send the `client_id` header.
 */
export async function followPayment(invoiceId: string, signal: AbortSignal): Promise<boolean> {
  let failures = 0;
  while (!signal.aborted) {
    let paid = false;
    try {
      const response = await fetch(`/api/central/customer/invoice/${invoiceId}/payment-events`, {
        headers: { Accept: 'text/event-stream', [CLIENT_ID_HEADER]: clientId },
        credentials: 'same-origin',
        signal,
      });
      if (response.status >= 400 && response.status < 500 && response.status !== 429) return false;
      if (!response.ok || !response.body) throw new Error(`payment events: HTTP ${response.status}`);
      failures = 0;
      const parser = createParser({
        onEvent(event) {
          if (event.event !== 'payment') return;
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            return;
          }
          const parsed = paymentEvent.safeParse(data);
          if (parsed.success && parsed.data.invoiceId === invoiceId && parsed.data.paid) paid = true;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
        if (paid) {
          await reader.cancel();
          return true;
        }
      }
      await wait(REOPEN_MS, signal);
    } catch {
      if (signal.aborted) return false;
      await wait(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)] ?? 60_000, signal);
    }
  }
  return false;
}

/**
 * True once an open invoice shown by the page has been paid (the invoice queries are refetched then, so
 * that every screen shows it received). `enabled` false (a paid invoice, another page) follows nothing.
 */
export function usePaymentReceived(invoiceId: string, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [received, setReceived] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void followPayment(invoiceId, controller.signal).then((paid) => {
      if (!paid || controller.signal.aborted) return;
      setReceived(true);
      // A paid invoice has no PIX charge to show: its code is dropped rather than asked for again.
      queryClient.removeQueries({ queryKey: invoiceKeys.pix(invoiceId) });
      void queryClient.invalidateQueries({
        queryKey: invoiceKeys.all,
        predicate: (query) => query.queryKey[1] !== 'pix',
      });
    });
    return () => controller.abort();
  }, [invoiceId, enabled, queryClient]);
  return received;
}
