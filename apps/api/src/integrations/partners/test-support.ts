// The partner adapters' tests: the simulators of apps/sim on an ephemeral port, a fresh partner instance
// per test, its switches, and a helper that expects a PartnerError.

import { buildSim } from '@central/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { PartnerError } from './types.ts';

export type SimPartner = 'watch' | 'playhub' | 'oletv' | 'tocalivros';

export interface PartnerBox {
  instance: string;
  token: string;
  /** absolute: the connection's `url` */
  url: string;
}

/** Starts the simulators for the file; `sim.url` is set once `beforeAll` ran. */
export function useSim() {
  const sim = { url: '' };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSim();
    sim.url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());
  return sim;
}

async function admin(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status}`);
  return res.json() as Promise<unknown>;
}

export async function freshInstance(simUrl: string, partner: SimPartner): Promise<PartnerBox> {
  const created = (await admin(simUrl, 'POST', `/__sim/${partner}/instances`)) as {
    instance: string;
    token: string;
    baseUrl: string;
  };
  return { instance: created.instance, token: created.token, url: `${simUrl}${created.baseUrl}` };
}

export const setFault = (
  simUrl: string,
  partner: SimPartner,
  instance: string,
  fault: { mode: 'none' | 'error' | 'timeout'; status?: 500 | 503; count?: number },
) => admin(simUrl, 'PUT', `/__sim/${partner}/${instance}/faults`, fault);

export const setStatus = (
  simUrl: string,
  partner: SimPartner,
  instance: string,
  document: string,
  status: 'active' | 'suspended',
) => admin(simUrl, 'PUT', `/__sim/${partner}/${instance}/subscribers/${document}/status`, { status });

export const listSubscribers = (simUrl: string, partner: SimPartner, instance: string) =>
  admin(simUrl, 'GET', `/__sim/${partner}/${instance}/subscribers`) as Promise<Record<string, unknown>[]>;

export async function caught(promise: Promise<unknown>): Promise<PartnerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PartnerError)) throw new Error(`expected a PartnerError, got ${String(error)}`);
  return error;
}
