import { messages } from '@central/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, type Harness, startHarness } from '../../test/harness.ts';

// Issue 15 item 5: a tenant's ERP that keeps failing is not waited for on every screen. Each tenant has
// its own circuit (IXC_BREAKER_FAILURES consecutive outages open it, IXC_BREAKER_HALF_OPEN_MS later one
// call probes the ERP), so one provider's outage costs the others nothing.

const MARIA = '52998224725';

let h: Harness;
let down: Awaited<ReturnType<Harness['tenant']>>;
let healthy: Awaited<ReturnType<Harness['tenant']>>;
let downJar: Record<string, string>;
let healthyJar: Record<string, string>;

beforeAll(async () => {
  h = await startHarness({
    ixcTimeoutMs: 300,
    env: { IXC_BREAKER_FAILURES: '2', IXC_BREAKER_HALF_OPEN_MS: '500' },
  });
  down = await h.tenant({ credentials: [MARIA] });
  healthy = await h.tenant({ credentials: [MARIA] });
  downJar = await h.customerSession(down.clientId, MARIA);
  healthyJar = await h.customerSession(healthy.clientId, MARIA);
});
afterAll(() => h.close());

const invoices = (clientId: string, jar: Record<string, string>) =>
  h.app.inject({
    method: 'GET',
    url: '/api/central/customer/list/invoices?status=to_pay',
    headers: { client_id: clientId, cookie: cookieHeader(jar) },
  });

async function erpCalls(instance: string): Promise<number> {
  const res = await fetch(`${h.simUrl}/__sim/ixc/${instance}/calls`);
  const counts = (await res.json()) as Record<string, number>;
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

describe("the ERP's circuit breaker, per tenant", () => {
  it('answers the catalogued message without calling a down ERP, spares the other tenants, and closes when the ERP is back', async () => {
    await down.simFaults({ mode: 'timeout' });
    try {
      // The first screen waits for the timeouts and opens the circuit.
      const first = await invoices(down.clientId, downJar);
      expect(first.statusCode).toBe(502);
      const failure = first.json();
      expect(failure).toEqual({ code: 'ERP_UNAVAILABLE', message: messages.erpUnavailable });

      // Now the ERP is not called at all: the same answer, at once.
      const before = await erpCalls(down.erp.instance);
      for (let i = 0; i < 3; i++) {
        const res = await invoices(down.clientId, downJar);
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual(failure);
      }
      expect(await erpCalls(down.erp.instance)).toBe(before);

      // Another provider's ERP is its own circuit.
      const other = await invoices(healthy.clientId, healthyJar);
      expect(other.statusCode).toBe(200);
    } finally {
      await down.simFaults(null);
    }

    // Still open until the pause ends, then one call probes the ERP, which answers: closed again.
    expect((await invoices(down.clientId, downJar)).statusCode).toBe(502);
    await new Promise((r) => setTimeout(r, 550));
    const healed = await invoices(down.clientId, downJar);
    expect(healed.statusCode).toBe(200);
    expect(healed.json().invoices.length).toBeGreaterThan(0);
    expect((await invoices(down.clientId, downJar)).statusCode).toBe(200);
  });
});
