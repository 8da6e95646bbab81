import {
  providerNotificationBody,
  providerNotificationListResponse,
  providerNotificationResponse,
  providerSessionResponse,
  providerSignInBody,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/** The provider's sign-in at /admin and its sign-out (spec §2.4, §7.9): no session needed. */
export const providerSignInRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.post(
    '/auth/sign-in/provider',
    {
      schema: {
        tags: ['provider'],
        summary: "A provider's staff sign in with its client id and password",
        description:
          'The provider is the one named by the body, not the client_id header. An unknown, suspended or ' +
          "password-less provider and a wrong password all answer 401 'Credenciais inválidas'. The routes of " +
          'the provider area then need the client_id header of the provider signed in.',
        body: providerSignInBody,
        response: { 200: providerSessionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { view, issued } = await services.provider.signIn({
        clientId: request.body.client_id,
        password: request.body.password,
        ip: request.ip,
      });
      auth.setSessionCookie(reply, issued);
      return view;
    },
  );

  app.post(
    '/auth/provider/sign-out',
    {
      schema: {
        tags: ['provider'],
        summary: "Ends the provider's session on the server and clears its cookie",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await services.sessions.end(auth.sessionCookie(request, 'provider'));
      auth.clearSessionCookie(reply, 'provider');
      return reply.code(204).send(null);
    },
  );
};

/** The provider's page (/provider): its session and the general notification, for its own tenant only. */
export const providerRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireProvider);
  const { provider } = services;

  app.get(
    '/auth/provider',
    {
      schema: {
        tags: ['provider'],
        summary: "The provider's session, for the client_id header's provider",
        response: { 200: providerSessionResponse, ...errorResponses },
      },
    },
    async (request) => provider.session(request.tenant, request.provider),
  );

  app.post(
    '/provider/send/notification',
    {
      schema: {
        tags: ['provider'],
        summary: 'A general notification to all the subscribers of the provider',
        description:
          'Recorded with the number of subscribers registered in the portal at the time; Web Push delivery ' +
          'to those who opted in is not done yet. At most 10 per hour per provider (429 with Retry-After).',
        body: providerNotificationBody,
        response: { 200: providerNotificationResponse, ...errorResponses },
      },
    },
    async (request) => provider.send(request.tenant, request.body),
  );

  app.get(
    '/provider/notifications',
    {
      schema: {
        tags: ['provider'],
        summary: "The provider's last 20 notifications, newest first",
        response: { 200: providerNotificationListResponse, ...errorResponses },
      },
    },
    async (request) => provider.history(request.tenant),
  );
};
