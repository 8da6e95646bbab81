// What the content-partner simulators (Watch Brasil, Playhub, Olé TV, Toca Livros) share: instances with
// their own Bearer token under /{partner}/{instance}, injected faults, a route helper that answers an
// unknown instance, a fault and a bad token before the partner's own rules, and the loopback switches
// under /__sim/{partner}. Each partner brings its state, its seed, its error body and its routes.

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export type SubscriberStatus = 'active' | 'suspended';

export interface Answer {
  status: number;
  body: unknown;
}

export interface PartnerFault {
  mode: 'error' | 'timeout';
  /** the status an `error` fault answers */
  status: 500 | 503;
  /** calls left; null = every call */
  remaining: number | null;
}

export interface Call<State> {
  state: State;
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
}

export interface PartnerDefinition<State> {
  /** the path segment of the API (/{partner}/{instance}) and of the switches (/__sim/{partner}) */
  partner: string;
  /** seeded instance name → its token */
  seeded: Record<string, string>;
  /** a fresh state; fresh test instances get the `demo` seed */
  seed(instance: string): State;
  /** the partner's answers to what the kit refuses */
  refusal(kind: 'unauthorised' | 'invalid_json' | 'not_found'): Answer;
  /** what the switches list: every subscriber as stored */
  subscribers(state: State): unknown[];
  /** false when the document is unknown */
  setStatus(state: State, document: string, status: SubscriberStatus): boolean;
  routes(route: RouteFn<State>): void;
}

export type RouteFn<State> = (
  method: 'GET' | 'POST',
  path: string,
  handler: (call: Call<State>) => Answer,
) => void;

export class PartnerInstance<State> {
  fault: PartnerFault | null = null;
  state: State;

  constructor(
    readonly name: string,
    readonly token: string,
    private readonly seed: () => State,
  ) {
    this.state = seed();
  }

  reset(): void {
    this.state = this.seed();
    this.fault = null;
  }

  takeFault(): PartnerFault | null {
    const fault = this.fault;
    if (fault?.remaining != null && --fault.remaining <= 0) this.fault = null;
    return fault;
  }
}

export class PartnerStore<State> {
  private instances = new Map<string, PartnerInstance<State>>();

  constructor(private readonly def: PartnerDefinition<State>) {
    this.reset();
  }

  reset(): void {
    this.instances = new Map(
      Object.entries(this.def.seeded).map(([name, token]) => [
        name,
        new PartnerInstance(name, token, () => this.def.seed(name)),
      ]),
    );
  }

  get(name: string): PartnerInstance<State> | undefined {
    return this.instances.get(name);
  }

  all(): PartnerInstance<State>[] {
    return [...this.instances.values()];
  }

  /** A fresh copy of the demo seed under a new name, with its own token. */
  clone(): PartnerInstance<State> {
    let name: string;
    do name = `demo-${randomBytes(5).toString('hex')}`;
    while (this.instances.has(name));
    const token = randomBytes(24).toString('base64url');
    const instance = new PartnerInstance(name, token, () => this.def.seed('demo'));
    this.instances.set(name, instance);
    return instance;
  }

  drop(name: string): boolean {
    return !(name in this.def.seeded) && this.instances.delete(name);
  }
}

const HTML_FAULTS = {
  500: '<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>',
  503: '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>',
} as const;

/** A server that never answers: the connection is dropped after 60 s, or when the client gives up. */
function hold(reply: FastifyReply): void {
  reply.hijack();
  const timer = setTimeout(() => reply.raw.destroy(), 60_000);
  reply.raw.on('close', () => clearTimeout(timer));
}

function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

const send = (reply: FastifyReply, answer: Answer) =>
  reply.code(answer.status).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));

function apiRoutes<State>(def: PartnerDefinition<State>, store: PartnerStore<State>): FastifyPluginAsync {
  return async (app) => {
    // Bodies are read after the token check: a bad token is 401 whatever the body is.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.setNotFoundHandler((_request, reply) => send(reply, def.refusal('not_found')));

    const route: RouteFn<State> = (method, path, handler) => {
      (app as FastifyInstance).route<{ Params: Record<string, string> }>({
        method,
        url: `/:instance${path}`,
        handler: async (request, reply) => {
          const instance = store.get(request.params.instance ?? '');
          if (!instance) return send(reply, def.refusal('not_found'));
          const fault = instance.takeFault();
          if (fault?.mode === 'timeout') return hold(reply);
          if (fault?.mode === 'error')
            return reply.code(fault.status).type('text/html; charset=utf-8').send(HTML_FAULTS[fault.status]);
          if (bearer(request) !== instance.token) return send(reply, def.refusal('unauthorised'));
          let body: unknown;
          if (method === 'POST') {
            try {
              body = JSON.parse(String(request.body ?? ''));
            } catch {
              return send(reply, def.refusal('invalid_json'));
            }
          }
          const query = request.query as Record<string, string | undefined>;
          return send(reply, handler({ state: instance.state, body, params: request.params, query }));
        },
      });
    };
    def.routes(route);
  };
}

const faultBody = z.object({
  mode: z.enum(['none', 'error', 'timeout']),
  status: z.union([z.literal(500), z.literal(503)]).default(500),
  count: z.number().int().min(1).optional(),
});
const statusBody = z.object({ status: z.enum(['active', 'suspended']) });

function adminRoutes<State>(def: PartnerDefinition<State>, store: PartnerStore<State>): FastifyPluginAsync {
  const info = (instance: PartnerInstance<State>) => ({
    instance: instance.name,
    token: instance.token,
    baseUrl: `/${def.partner}/${instance.name}`,
  });
  return async (app) => {
    function found(name: string, reply: FastifyReply) {
      const instance = store.get(name);
      if (!instance)
        void reply.code(404).send({ ok: false, error: `unknown ${def.partner} instance '${name}'` });
      return instance;
    }
    type Params = { instance: string; document: string };

    app.get('/instances', async () => store.all().map(info));
    app.post('/instances', async (_request, reply) => reply.code(201).send(info(store.clone())));
    app.delete<{ Params: Params }>('/instances/:instance', async (request, reply) => {
      if (!store.drop(request.params.instance))
        return reply.code(404).send({ ok: false, error: 'unknown or seeded instance' });
      return { ok: true };
    });

    app.post<{ Params: Params }>('/:instance/reset', async (request, reply) => {
      const instance = found(request.params.instance, reply);
      if (!instance) return reply;
      instance.reset();
      return { ok: true };
    });

    app.get<{ Params: Params }>('/:instance/subscribers', async (request, reply) => {
      const instance = found(request.params.instance, reply);
      if (!instance) return reply;
      return def.subscribers(instance.state);
    });

    /** The partner blocks (or frees) a subscriber on its side, e.g. for open invoices. */
    app.put<{ Params: Params }>('/:instance/subscribers/:document/status', async (request, reply) => {
      const instance = found(request.params.instance, reply);
      if (!instance) return reply;
      const body = statusBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ ok: false, error: z.prettifyError(body.error) });
      if (!def.setStatus(instance.state, request.params.document, body.data.status))
        return reply.code(404).send({ ok: false, error: 'unknown subscriber' });
      return { ok: true };
    });

    app.put<{ Params: Params }>('/:instance/faults', async (request, reply) => {
      const instance = found(request.params.instance, reply);
      if (!instance) return reply;
      const body = faultBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ ok: false, error: z.prettifyError(body.error) });
      const { mode, status, count } = body.data;
      instance.fault = mode === 'none' ? null : { mode, status, remaining: count ?? null };
      return { ok: true };
    });
  };
}

export interface PartnerSimulator {
  plugin: FastifyPluginAsync;
  reset(): void;
}

export function createPartnerSimulator<State>(def: PartnerDefinition<State>): PartnerSimulator {
  const store = new PartnerStore(def);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(apiRoutes(def, store), { prefix: `/${def.partner}` });
    await app.register(adminRoutes(def, store), { prefix: `/__sim/${def.partner}` });
  };
  return { plugin, reset: () => store.reset() };
}

// Rules the partners share.

/** CPF (11 digits) or CNPJ (14 digits) with valid check digits. */
export function validDocument(digits: string): boolean {
  if (!/^(\d{11}|\d{14})$/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  const n = [...digits].map(Number);
  const check = (weights: number[]) => {
    const sum = weights.reduce((acc, w, i) => acc + w * (n[i] ?? 0), 0);
    const rest = sum % 11;
    return digits.length === 11 ? ((rest * 10) % 11) % 10 : rest < 2 ? 0 : 11 - rest;
  };
  if (digits.length === 11) {
    const w1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
    const w2 = [11, ...w1];
    return check(w1) === n[9] && check(w2) === n[10];
  }
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, ...w1];
  return check(w1) === n[12] && check(w2) === n[13];
}

export const sameEmail = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The first field a zod error names (`pEmail`), for the partner's "campo inválido" answer. */
export const firstField = (error: z.ZodError) => String(error.issues[0]?.path[0] ?? '');

/** A loose e-mail check (local@domain.tld), as partner APIs usually do. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The people the partners' demo seeds share (the IXC seed's customers). */
export const PARTNERS_DEMO = {
  /** Maria Aparecida Souza: subscribed to no partner at first */
  maria: { document: '52998224725', name: 'Maria Aparecida Souza' },
  /** João Pedro Lima: a suspended Watch subscriber on `demo` (open invoices); on no other partner */
  joao: { document: '11144477735', name: 'João Pedro Lima', watchLogin: 'joao.lima@exemplo.com.br' },
  /** Carla Mendes owns `ocupado@exemplo.com.br` on every partner and instance: "e-mail in use" */
  busy: {
    document: '39053344705',
    name: 'Carla Mendes',
    email: 'ocupado@exemplo.com.br',
    tocaUser: 'ocupado',
  },
  /** On Watch, an e-mail linked to an account of another provider */
  watchLinkedEmail: 'vinculado@exemplo.com.br',
} as const;
