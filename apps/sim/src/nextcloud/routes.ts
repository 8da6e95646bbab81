// Nextcloud's OCS provisioning API (apps/provisioning_api, documented in the admin manual's "User
// provisioning API") under /nextcloud/{instance}/ocs/v1.php/cloud and /ocs/v2.php/cloud.

import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formatOf, type OcsVersion, sendOcs } from './ocs.ts';
import { type NextcloudInstance, type NextcloudStore, OcsError, RESPOND_UNAUTHORISED } from './store.ts';

export interface NextcloudRoutesOptions {
  store: NextcloudStore;
}

type Params = Record<string, unknown>;

interface Call {
  instance: NextcloudInstance;
  user: string;
  params: Params;
}

/** `groups[]=a&groups[]=b` (or `groups[0]=a`) as PHP reads a form: a list under `groups`. */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const list = /^(.+)\[\d*\]$/.exec(rawKey);
    if (list?.[1]) {
      const key = list[1];
      const current = out[key];
      out[key] = Array.isArray(current) ? [...current, value] : [value];
    } else out[rawKey] = value;
  }
  return out;
}

function text(params: Params, key: string): string {
  const value = params[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function list(params: Params, key: string): string[] {
  const value = params[key];
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? [value] : [];
}

function intOrNull(params: Params, key: string): number | null {
  const value = Number.parseInt(text(params, key), 10);
  return Number.isFinite(value) ? value : null;
}

function basicAuth(request: FastifyRequest): { user: string; password: string } | null {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const internalError = `<!DOCTYPE html>
<html><head><title>Nextcloud</title></head><body><h2>Internal Server Error</h2>
<p>The server was unable to complete your request.</p></body></html>`;

export const nextcloudRoutes: FastifyPluginAsync<NextcloudRoutesOptions> = async (app, { store }) => {
  // Nextcloud reads form bodies (what its manual asks for) and JSON bodies alike.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseForm(String(body))),
  );
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

  function route(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    handler: (call: Call, params: Record<string, string>) => { code?: number; data?: unknown },
  ) {
    (app as FastifyInstance).route<{ Params: Record<string, string> }>({
      method,
      url: `/:instance/ocs/:api/cloud${path}`,
      handler: async (request, reply) => {
        const api = request.params.api;
        const instance = store.get(request.params.instance ?? '');
        if ((api !== 'v1.php' && api !== 'v2.php') || !instance)
          return reply.code(404).type('text/plain').send('Not Found');
        const version: OcsVersion = api === 'v1.php' ? 1 : 2;
        const format = formatOf(request);

        if (instance.fault) {
          const fault = instance.fault;
          if (fault.count !== undefined && --fault.count <= 0) instance.fault = null;
          if (fault.mode === 'timeout') return hold(reply);
          return reply.code(500).type('text/html; charset=UTF-8').send(internalError);
        }

        // SecurityMiddleware: the login check comes before the CSRF check
        const credentials = basicAuth(request);
        if (!credentials || !instance.authenticates(credentials.user, credentials.password))
          return sendOcs(reply, {
            version,
            format,
            code: RESPOND_UNAUTHORISED,
            message: 'Current user is not logged in',
          });
        // Without OCS-APIRequest a Basic-auth call fails the CSRF check: a plain JSON 412, not OCS
        if (String(request.headers['ocs-apirequest'] ?? '').toLowerCase() !== 'true')
          return reply
            .code(412)
            .type('application/json; charset=utf-8')
            .send(JSON.stringify({ message: 'CSRF check failed' }));
        if (!instance.isAdmin(credentials.user))
          return sendOcs(reply, {
            version,
            format,
            code: 403,
            message: 'Logged in account must be an admin',
          });

        const body = request.body && typeof request.body === 'object' ? (request.body as Params) : {};
        const params = { ...(request.query as Params), ...body };
        try {
          const answer = handler({ instance, user: credentials.user, params }, request.params);
          return sendOcs(reply, { version, format, code: answer.code ?? 200, data: answer.data });
        } catch (error) {
          if (!(error instanceof OcsError)) throw error;
          return sendOcs(reply, { version, format, code: error.statuscode, message: error.message });
        }
      },
    });
  }

  route('GET', '/groups', ({ instance, params }) => ({
    data: {
      groups: instance.searchGroups(
        text(params, 'search'),
        intOrNull(params, 'limit'),
        intOrNull(params, 'offset') ?? 0,
      ),
    },
  }));

  route('POST', '/groups', ({ instance, params }) => {
    instance.addGroup(text(params, 'groupid'), text(params, 'displayname'));
    return {};
  });

  route('DELETE', '/groups/:groupId', ({ instance }, { groupId }) => {
    instance.deleteGroup(groupId ?? '');
    return {};
  });

  // getGroup (deprecated since 14) and getGroupUsers answer the same
  for (const path of ['/groups/:groupId', '/groups/:groupId/users']) {
    route('GET', path, ({ instance }, { groupId }) => ({
      data: { users: instance.groupUsers(groupId ?? '') },
    }));
  }

  route('GET', '/users', ({ instance, params }) => ({
    data: {
      users: instance.searchUsers(
        text(params, 'search'),
        intOrNull(params, 'limit'),
        intOrNull(params, 'offset') ?? 0,
      ),
    },
  }));

  route('POST', '/users', ({ instance, params }) => ({
    data: {
      id: instance.addUser({
        userid: text(params, 'userid'),
        password: text(params, 'password'),
        displayName: text(params, 'displayName'),
        email: text(params, 'email'),
        groups: list(params, 'groups'),
        quota: text(params, 'quota'),
      }),
    },
  }));

  route('GET', '/users/:userId', ({ instance }, { userId }) => {
    const data = instance.userData(userId ?? '');
    if (!data) throw new OcsError(998);
    return { data };
  });

  route('PUT', '/users/:userId', ({ instance, params }, { userId }) => {
    instance.editUser(userId ?? '', text(params, 'key'), text(params, 'value'));
    return {};
  });

  route('DELETE', '/users/:userId', ({ instance, user }, { userId }) => {
    instance.deleteUser(user, userId ?? '');
    return {};
  });
};

/** A server that never answers: the connection is dropped after 60 s, or when the client gives up. */
function hold(reply: FastifyReply) {
  reply.hijack();
  const timer = setTimeout(() => reply.raw.destroy(), 60_000);
  reply.raw.on('close', () => clearTimeout(timer));
}
