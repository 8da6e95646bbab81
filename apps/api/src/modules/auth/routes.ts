import { errorBody, sessionSchema, signInBody, signInPasswordBody, signInResponse } from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';
import { AppError } from '../../platform/errors.ts';
import { SIGN_IN_STEP_COOKIE, SIGN_IN_STEP_TTL_SECONDS, toSessionView } from './service.ts';

/** Sign-in in one or two steps (spec §2.1, §7.1). */
export const signInRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireTenant);
  const stepCookie = {
    path: '/api/central/sign-in',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: auth.secureCookies,
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
      const { cpfOrCnpj: document, password } = request.body;
      if (password === undefined) {
        await services.auth.checkDocument(request.tenant, document, request.ip);
        reply.setCookie(SIGN_IN_STEP_COOKIE, await services.auth.sealStep(request.tenant, document), {
          ...stepCookie,
          maxAge: SIGN_IN_STEP_TTL_SECONDS,
        });
        return { step: 'password' as const };
      }
      const { view, issued } = await services.auth.signIn(request.tenant, {
        document,
        password,
        ip: request.ip,
      });
      auth.setSessionCookie(reply, issued);
      return { step: 'done' as const, session: view };
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
      const document = await services.auth.openStep(request.tenant, request.cookies[SIGN_IN_STEP_COOKIE]);
      if (!document) throw new AppError(401, 'SIGN_IN_STEP_EXPIRED');
      const { view, issued } = await services.auth.signIn(request.tenant, {
        document,
        password: request.body.password,
        ip: request.ip,
      });
      auth.setSessionCookie(reply, issued);
      reply.clearCookie(SIGN_IN_STEP_COOKIE, stepCookie);
      return { step: 'done' as const, session: view };
    },
  );
};

/** The subscriber's own session (spec §2.2: checked on entering every page). */
export const sessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { auth }) => {
  app.addHook('onRequest', auth.requireCustomer);

  app.get(
    '/auth/valid-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current session, if any',
        response: { 200: sessionSchema, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => toSessionView(request.customer),
  );
};

/** SAIR: ends whatever subscriber session the cookie holds, for any tenant, and clears it. */
export const signOutRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
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
      await services.sessions.end(auth.sessionCookie(request, 'customer'));
      auth.clearSessionCookie(reply, 'customer');
      return reply.code(204).send(null);
    },
  );
};
