// GenieACS's NBI (lib/nbi.ts, docs/api-reference.rst) under /acs/{instance}, behind the JWT check that
// providers put in front of it: `GET /devices/?query=&projection=`, `GET /tasks/`, `GET /faults/`,
// `POST /devices/{id}/tasks[?connection_request][&timeout=]`, `DELETE /tasks/{id}`.

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { type Doc, matches, project, QueryError } from './query.ts';
import { type AcsInstance, type AcsStore, faultId } from './store.ts';

export interface AcsRoutesOptions {
  store: AcsStore;
  clock: () => number;
}

/** The longest lifetime a token may claim: the portal signs short-lived ones. */
const MAX_TOKEN_LIFETIME_S = 300;
const CLOCK_SKEW_S = 30;

/** The tasks the sim takes; GenieACS's others (download, addObject...) are not simulated. */
const taskBody = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('setParameterValues'),
    parameterValues: z
      .array(
        z.tuple([z.string().min(1), z.union([z.string(), z.number(), z.boolean()]), z.string().optional()]),
      )
      .min(1),
  }),
  z.object({ name: z.literal('getParameterValues'), parameterNames: z.array(z.string()).min(1) }),
  z.object({ name: z.literal('refreshObject'), objectName: z.string() }),
  z.object({ name: z.literal('reboot') }),
]);

interface InstanceParams {
  instance: string;
}

function plain(reply: FastifyReply, status: number, text: string, reason?: string) {
  if (reason) reply.raw.statusMessage = reason;
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/** GenieACS streams a listing as `[\n` + one JSON document per line + `\n]`, with a `total` header. */
function listing(reply: FastifyReply, items: unknown[]) {
  return reply
    .code(200)
    .header('total', String(items.length))
    .type('application/json')
    .send(`[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]`);
}

function parseQuery(raw: unknown): { ok: true; query: Doc } | { ok: false; error: string } {
  if (raw === undefined || raw === '') return { ok: true, query: {} };
  try {
    const query = JSON.parse(String(raw));
    if (query === null || typeof query !== 'object' || Array.isArray(query))
      return { ok: false, error: 'query must be a JSON object' };
    return { ok: true, query };
  } catch (error) {
    return { ok: false, error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

function projectionOf(raw: unknown): string[] | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  return raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

function page<T>(items: T[], q: Record<string, unknown>): T[] {
  const skip = Number.parseInt(String(q.skip ?? '0'), 10) || 0;
  const limit = Number.parseInt(String(q.limit ?? '0'), 10) || 0;
  return items.slice(skip, limit > 0 ? skip + limit : undefined);
}

export const acsRoutes: FastifyPluginAsync<AcsRoutesOptions> = async (app, { store, clock }) => {
  // GenieACS reads the raw body whatever its content type, and answers bad JSON with 400 itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  async function authorized(request: FastifyRequest, instance: AcsInstance): Promise<boolean> {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(header)?.[1];
    if (!token) return false;
    try {
      const now = Math.floor(clock() / 1000);
      const { payload } = await jwtVerify(token, instance.publicKey, {
        issuer: instance.issuer,
        algorithms: ['ES256'],
        requiredClaims: ['iat', 'exp'],
        currentDate: new Date(now * 1000),
        clockTolerance: CLOCK_SKEW_S,
      });
      const iat = payload.iat as number;
      const exp = payload.exp as number;
      return iat <= now + CLOCK_SKEW_S && exp - now <= MAX_TOKEN_LIFETIME_S && exp > iat;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return false;
      throw error;
    }
  }

  /** The instance, once the caller's token is good; otherwise the answer is sent. */
  async function guard(
    request: FastifyRequest<{ Params: InstanceParams }>,
    reply: FastifyReply,
  ): Promise<AcsInstance | undefined> {
    const instance = store.get(request.params.instance);
    if (!instance) {
      void plain(reply, 404, '404 Not Found');
      return undefined;
    }
    if (!(await authorized(request, instance))) {
      void plain(reply.header('www-authenticate', 'Bearer error="invalid_token"'), 401, 'Unauthorized');
      return undefined;
    }
    instance.catchUp();
    return instance;
  }

  type ListRequest = FastifyRequest<{ Params: InstanceParams; Querystring: Record<string, unknown> }>;

  const devices = async (request: ListRequest, reply: FastifyReply) => {
    const instance = await guard(request, reply);
    if (!instance) return reply;
    const query = parseQuery(request.query.query);
    if (!query.ok) return plain(reply, 400, query.error);
    try {
      return listing(
        reply,
        page(instance.findDevices(query.query, projectionOf(request.query.projection)), request.query),
      );
    } catch (error) {
      if (error instanceof QueryError) return plain(reply, 400, `Error: ${error.message}`);
      throw error;
    }
  };

  const collection =
    (read: (instance: AcsInstance) => Doc[]) => async (request: ListRequest, reply: FastifyReply) => {
      const instance = await guard(request, reply);
      if (!instance) return reply;
      const query = parseQuery(request.query.query);
      if (!query.ok) return plain(reply, 400, query.error);
      try {
        const found = read(instance).filter((doc) => matches(doc, query.query, false));
        const projection = projectionOf(request.query.projection);
        return listing(
          reply,
          page(
            found.map((doc) => project(doc, projection)),
            request.query,
          ),
        );
      } catch (error) {
        if (error instanceof QueryError) return plain(reply, 400, `Error: ${error.message}`);
        throw error;
      }
    };
  const tasks = collection((i) => [...i.tasks.values()] as unknown as Doc[]);
  const faults = collection((i) => [...i.faults.values()] as unknown as Doc[]);

  for (const path of ['/acs/:instance/devices', '/acs/:instance/devices/']) app.get(path, devices);
  for (const path of ['/acs/:instance/tasks', '/acs/:instance/tasks/']) app.get(path, tasks);
  for (const path of ['/acs/:instance/faults', '/acs/:instance/faults/']) app.get(path, faults);

  app.post<{ Params: InstanceParams & { id: string }; Querystring: Record<string, unknown> }>(
    '/acs/:instance/devices/:id/tasks',
    async (request, reply) => {
      const instance = await guard(request, reply);
      if (!instance) return reply;
      const raw = typeof request.body === 'string' ? request.body : '';
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch (error) {
        return plain(reply, 400, `${(error as Error).name}: ${(error as Error).message}`);
      }
      const body = taskBody.safeParse(json);
      if (!body.success) return plain(reply, 400, `Error: ${z.prettifyError(body.error)}`);
      const device = instance.devices.get(request.params.id);
      if (!device) return plain(reply, 404, 'No such device');

      const task = instance.queue(device, body.data);
      const answer = (status: number, reason?: string) => {
        if (reason) reply.raw.statusMessage = reason;
        return reply.code(status).type('application/json').send(JSON.stringify(task));
      };
      // Without connection_request the task waits for the next inform.
      if (request.query.connection_request === undefined) return answer(202);
      // An offline CPE never opens the session the connection request asks for: GenieACS waits
      // `timeout` ms (DEVICE_ONLINE_THRESHOLD) and gives up. The sim answers at once.
      if (!device.online) return answer(202, 'Task queued but not processed');
      device.lastInform = clock();
      const outcome = instance.run(device, task);
      // the session ran this task and any other queued for the device
      instance.inform(device);
      if (outcome === 'faulted' || instance.faults.has(faultId(task))) return answer(202, 'Task faulted');
      return answer(200);
    },
  );

  app.delete<{ Params: InstanceParams & { id: string } }>(
    '/acs/:instance/tasks/:id',
    async (request, reply) => {
      const instance = await guard(request, reply);
      if (!instance) return reply;
      const task = instance.tasks.get(request.params.id);
      if (!task) return plain(reply, 404, 'Task not found');
      instance.tasks.delete(task._id);
      instance.faults.delete(faultId(task));
      return reply.code(200).send();
    },
  );
};
