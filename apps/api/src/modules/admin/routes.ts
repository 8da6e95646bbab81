import {
  adminMessageResponse,
  adminSessionResponse,
  adminSignInBody,
  clientIdParams,
  connectionCheckBody,
  connectionCheckResponse,
  errorBody,
  lookupParams,
  lookupQuery,
  lookupResponse,
  providerPasswordBody,
  tenantAuditResponse,
  tenantCreateBody,
  tenantDetailsResponse,
  tenantEditBody,
  tenantListQuery,
  tenantListResponse,
  tenantSuspendBody,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

// The back office of the staff (spec §2.4, §7.9), under /api/admin. Paths keep the spec's.

/** Staff sign-in and sign-out (spec §7.9: /adm/auth/sign-in); the session answer needs the admin cookie. */
export const adminAuthRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.post(
    '/adm/auth/sign-in',
    {
      schema: {
        tags: ['admin'],
        summary: 'Staff sign-in with e-mail and password; sets the admin cookie (1 hour)',
        body: adminSignInBody,
        response: { 200: adminSessionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { view, issued } = await services.admin.signIn({ ...request.body, ip: request.ip });
      auth.setSessionCookie(reply, issued);
      return view;
    },
  );

  app.get(
    '/adm/auth',
    {
      onRequest: auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The admin's session: name, e-mail and when it ends",
        response: { 200: adminSessionResponse, 401: errorBody },
      },
    },
    async (request) => services.admin.sessionView(request.admin),
  );

  app.post(
    '/adm/auth/sign-out',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ends the admin session on the server and clears its cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await services.sessions.end(auth.sessionCookie(request, 'admin'));
      auth.clearSessionCookie(reply, 'admin');
      return reply.code(204).send(null);
    },
  );
};

/** Providers (tenants): list, form, suspension, the provider's password, audit, checks and IXC lookups. */
export const adminTenantRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireAdmin);
  const { admin } = services;

  app.get(
    '/customers',
    {
      schema: {
        tags: ['admin'],
        summary: 'The providers; `search` finds client ids or aliases containing it, in any case',
        querystring: tenantListQuery,
        response: { 200: tenantListResponse, ...errorResponses },
      },
    },
    async (request) => admin.list(request.query.search || undefined),
  );

  app.get(
    '/customer/:clientId',
    {
      schema: {
        tags: ['admin'],
        summary: "A provider's form values; secrets only say whether one is stored",
        params: clientIdParams,
        response: { 200: tenantDetailsResponse, ...errorResponses },
      },
    },
    async (request) => admin.details(request.params.clientId),
  );

  app.post(
    '/customer/create',
    {
      schema: {
        tags: ['admin'],
        summary: 'Creates a provider (409 when the client id is taken)',
        body: tenantCreateBody,
        response: { 200: adminMessageResponse, ...errorResponses },
      },
    },
    async (request) => admin.create(request.admin, request.body),
  );

  app.put(
    '/customer/:clientId/edit',
    {
      schema: {
        tags: ['admin'],
        summary: "Saves a provider's whole form",
        description:
          'A secret left empty keeps the stored one. ACS (spec §4): issuer, URL and key filled create or update ' +
          "it (the key may be left empty to keep it), all three '-' delete it, all three empty leave it.",
        params: clientIdParams,
        body: tenantEditBody,
        response: { 200: adminMessageResponse, ...errorResponses },
      },
    },
    async (request) => admin.edit(request.admin, request.params.clientId, request.body),
  );

  app.patch(
    '/customer/:clientId/suspend',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Suspends a provider (spec §4's delete): its portal answers 404; `suspended: false` reactivates",
        params: clientIdParams,
        body: tenantSuspendBody,
        response: { 200: adminMessageResponse, ...errorResponses },
      },
    },
    async (request) =>
      admin.setSuspended(request.admin, request.params.clientId, request.body?.suspended ?? true),
  );

  app.put(
    '/customer/:clientId/provider-password',
    {
      schema: {
        tags: ['admin'],
        summary: "Sets the provider's own password (/admin sign-in); its open sessions end",
        params: clientIdParams,
        body: providerPasswordBody,
        response: { 200: adminMessageResponse, ...errorResponses },
      },
    },
    async (request) =>
      admin.setProviderPassword(request.admin, request.params.clientId, request.body.password),
  );

  app.get(
    '/customer/:clientId/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Who changed the provider, when and which fields (secrets by name only), newest first',
        params: clientIdParams,
        response: { 200: tenantAuditResponse, ...errorResponses },
      },
    },
    async (request) => admin.audit(request.params.clientId),
  );

  app.post(
    '/customer/connection-check',
    {
      schema: {
        tags: ['admin'],
        summary: "Tests the form's IXC, ACS or Cielo settings with one harmless call",
        description:
          'A secret left empty is the stored one of `client_id`. Addresses on private networks are refused ' +
          'unless OUTBOUND_ALLOW_PRIVATE is set; redirects are not followed.',
        body: connectionCheckBody,
        response: { 200: connectionCheckResponse, ...errorResponses },
      },
    },
    async (request) => admin.checkConnection(request.admin, request.body),
  );

  const lookupSchema = (summary: string) => ({
    tags: ['admin'],
    summary,
    params: lookupParams,
    querystring: lookupQuery,
    response: { 200: lookupResponse, ...errorResponses },
  });

  app.get(
    '/provider/support/external-subject/:id',
    { schema: lookupSchema("A support subject of the provider's IXC (su_oss_assunto), for the tenant form") },
    async (request) => admin.lookup('subject', request.query.client_id, request.params.id),
  );

  app.get(
    '/product/:id',
    { schema: lookupSchema("A product of the provider's IXC (produtos), for the app form") },
    async (request) => admin.lookup('product', request.query.client_id, request.params.id),
  );

  app.get(
    '/plan/:id',
    { schema: lookupSchema("A sale plan of the provider's IXC (vd_contratos), for the app form") },
    async (request) => admin.lookup('plan', request.query.client_id, request.params.id),
  );
};
