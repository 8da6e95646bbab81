import { errorBody, sessionSchema, signInBody, signInPasswordBody, signInResponse } from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/route-helpers.ts';
import type { Sessions } from '../../platform/sessions.ts';
import type { TenantResolver } from '../../platform/tenancy.ts';
import { type AuthService, SIGN_IN_STEP_COOKIE, SIGN_IN_STEP_TTL_SECONDS, toSessionView } from './service.ts';

interface Deps {
  tenants: TenantResolver;
  sessions: Sessions;
  auth: AuthService;
  secureCookies: boolean;
}

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { tenants, sessions, auth, secureCookies },
) => {
  const stepCookie = {
    path: '/api/central/sign-in',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookies,
  };

  app.post(
    '/sign-in',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: the CPF/CNPJ step, or CPF/CNPJ and password at once',
        body: signInBody,
        response: { 200: signInResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.fromRequest(request);
      const { cpfOrCnpj: document, password } = request.body;
      if (password === undefined) {
        await auth.checkDocument(tenant, document, request.ip, request.log);
        reply.setCookie(SIGN_IN_STEP_COOKIE, await auth.sealStep(tenant, document), {
          ...stepCookie,
          maxAge: SIGN_IN_STEP_TTL_SECONDS,
        });
        return { step: 'password' as const };
      }
      const session = await auth.signIn(tenant, { document, password, ip: request.ip }, reply, request.log);
      return { step: 'done' as const, session };
    },
  );

  app.post(
    '/sign-in/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: the password step, after POST /sign-in with the CPF/CNPJ',
        body: signInPasswordBody,
        response: { 200: signInResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.fromRequest(request);
      const document = await auth.openStep(tenant, request.cookies[SIGN_IN_STEP_COOKIE]);
      if (!document) throw new AppError(401, 'SIGN_IN_STEP_EXPIRED');
      const session = await auth.signIn(
        tenant,
        { document, password: request.body.password, ip: request.ip },
        reply,
        request.log,
      );
      reply.clearCookie(SIGN_IN_STEP_COOKIE, stepCookie);
      return { step: 'done' as const, session };
    },
  );

  app.get(
    '/auth/valid-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current session, if any',
        response: { 200: sessionSchema, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const tenant = await tenants.fromRequest(request);
      return toSessionView(await sessions.customer(request, tenant));
    },
  );

  app.post(
    '/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session on the server and clears its cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await sessions.end(request, reply);
      return reply.code(204).send(null);
    },
  );
};
