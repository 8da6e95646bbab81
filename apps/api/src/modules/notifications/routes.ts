import {
  encodedSubscriptionParam,
  notificationConfigResponse,
  pushKeyResponse,
  pushNotificationConfigBody,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/** The subscriber's push settings (spec §7.7), under /api/central. */
export const notificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { notifications } = services;

  app.get(
    '/config/push-key',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "The portal's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe",
        response: { 200: pushKeyResponse, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return { publicKey: await notifications.publicKey() };
    },
  );

  app.post(
    '/config/push-notification',
    {
      schema: {
        tags: ['notifications'],
        summary: "Saves this browser's push subscription and the reminder period (15, 10, 5 or 1 days)",
        body: pushNotificationConfigBody,
        response: { 200: notificationConfigResponse, ...errorResponses },
      },
    },
    async (request) => notifications.save(request.tenant, request.customer, request.body),
  );

  app.get(
    '/config/push-notification/:subscription',
    {
      schema: {
        tags: ['notifications'],
        summary: "This browser's saved period; the parameter is the subscription's JSON, URL-encoded",
        params: z.object({ subscription: encodedSubscriptionParam }),
        response: { 200: notificationConfigResponse, ...errorResponses },
      },
    },
    async (request) => notifications.find(request.tenant, request.customer, request.params.subscription),
  );
};
