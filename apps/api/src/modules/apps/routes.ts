import {
  appDetailsParams,
  appDetailsResponse,
  appMessageResponse,
  cloudGroupCreateBody,
  cloudGroupParams,
  cloudGroupResponse,
  cloudUserCreateBody,
  cloudUserDeleteQuery,
  cloudUserEditBody,
  cloudUserListResponse,
  cloudUserParams,
  cloudUserSavedResponse,
  contentAppBody,
  contentAppResponse,
  customerAppListResponse,
  oleTvActivateBody,
  oleTvCheckQuery,
  oleTvCheckResponse,
  oleTvRecoveryBody,
  tocaLivrosBody,
  tocaLivrosPrefillResponse,
  tocaLivrosQuery,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/**
 * The subscriber's value-added apps (spec §2.3, §7.2 GET /customer/apps, §7.6) under /api/central: the
 * apps a contract gives, their details and activation, the cloud box's users, the book app and the TV
 * app. Every app and contract is checked against the session's customer in the ERP.
 */
export const appRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { apps, cloud } = services;

  app.get(
    '/customer/apps',
    {
      config: { erpError: 'APPS_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "The apps the customer's active contracts give, and the provider's other apps",
        description:
          'An app applies to a contract by its criterion: any, product_in_contract (one of its IXC products is ' +
          "among the contract's items or its plan's) or plan_in_contract. `apps_disabled` is the partner's " +
          'suspension for open invoices (the home banner).',
        response: { 200: customerAppListResponse, ...errorResponses },
      },
    },
    async (request) => apps.list(request.tenant, request.customer),
  );

  const details = async (request: {
    tenant: Parameters<typeof apps.details>[0];
    customer: Parameters<typeof apps.details>[1];
    params: z.output<typeof appDetailsParams>;
  }) => apps.details(request.tenant, request.customer, request.params.appId, request.params.contractId);
  const detailsSchema = {
    config: { erpError: 'APP_DETAILS_FAILED' as const },
    schema: {
      tags: ['apps'],
      summary: "One app on one of the customer's contracts, for the detail page (spec §2.3)",
      description:
        "Another tenant's app, another customer's contract or a contract the app does not apply to: 404.",
      params: appDetailsParams,
      response: { 200: appDetailsResponse, ...errorResponses },
    },
  };
  app.get('/customer/app/:appId/:contractId/details', detailsSchema, details);
  app.get('/customer/app/:appId/:contractId/:cloudServiceId/details', detailsSchema, details);

  app.post(
    '/customer/create/content-app',
    {
      config: { erpError: 'APP_ACTIVATION_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Activates an app on one of the customer's contracts",
        description:
          "By the tenant app's integration method (never the body's platform): watchbr and playhub create the " +
          "subscriber at the partner, ole_tv at Olé TV, add_product_in_contract adds the app's product to the " +
          'contract in IXC (unless it holds it), login_sva makes a login shown once, display_only calls nothing. ' +
          'Activating again is harmless. 10 activations an hour per customer.',
        body: contentAppBody,
        response: { 200: contentAppResponse, ...errorResponses },
      },
    },
    async (request) => apps.activate(request.tenant, request.customer, request.body),
  );

  // Book app

  app.get(
    '/customer/app/tocalivros',
    {
      config: { erpError: 'APP_DETAILS_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Toca Livros: 204 when already active, else the activation form's values",
        querystring: tocaLivrosQuery,
        response: { 200: tocaLivrosPrefillResponse, 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const prefill = await apps.tocaLivrosPrefill(
        request.tenant,
        request.customer,
        request.query.contract_id,
      );
      return prefill ? prefill : reply.code(204).send(null);
    },
  );

  app.post(
    '/customer/app/tocalivros',
    {
      config: { erpError: 'APP_ACTIVATION_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Activates Toca Livros with the form (the CPF/CNPJ and customer id must be the session's)",
        body: tocaLivrosBody,
        response: { 200: appMessageResponse, ...errorResponses },
      },
    },
    async (request) => apps.tocaLivrosActivate(request.tenant, request.customer, request.body),
  );

  // TV app

  app.get(
    '/atplus/oletv/check',
    {
      config: { erpError: 'OLETV_ACTIVATION_FAILED' },
      schema: {
        tags: ['apps'],
        summary: 'Olé TV: whether the customer has it, the e-mail and the contract it comes with',
        querystring: oleTvCheckQuery,
        response: { 200: oleTvCheckResponse, ...errorResponses },
      },
    },
    async (request) => apps.oleTvCheck(request.tenant, request.customer),
  );

  app.post(
    '/atplus/oletv/active',
    {
      config: { erpError: 'OLETV_ACTIVATION_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Activates Olé TV with the ERP's e-mail; release may take up to 2 hours",
        body: oleTvActivateBody,
        response: { 200: contentAppResponse, ...errorResponses },
      },
    },
    async (request) => apps.oleTvActivate(request.tenant, request.customer, request.body.contractId),
  );

  app.post(
    '/atplus/oletv/recovery-password',
    {
      config: { erpError: 'OLETV_RECOVERY_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Sends Olé TV's password recovery, only to the e-mail Olé TV has for the customer",
        body: oleTvRecoveryBody,
        response: { 200: appMessageResponse, ...errorResponses },
      },
    },
    async (request) =>
      apps.oleTvRecovery(request.tenant, request.customer, request.body.email, request.body.contractId),
  );

  // Cloud box

  app.get(
    '/customer/find/cloud-group/:groupId',
    {
      config: { erpError: 'CLOUD_LOAD_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "The cloud box's group of a contract; 404 until it is created",
        description: "The id must be the one the server derives for one of the customer's contracts.",
        params: cloudGroupParams,
        response: { 200: cloudGroupResponse, ...errorResponses },
      },
    },
    async (request) => cloud.findGroup(request.tenant, request.customer, request.params.groupId),
  );

  app.post(
    '/customer/create/cloud-group',
    {
      config: { erpError: 'CLOUD_ACTIVATE_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Creates the contract's cloud-box group (its id derived on the server)",
        body: cloudGroupCreateBody,
        response: { 201: cloudGroupResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await cloud.createGroup(request.tenant, request.customer, request.body.contractId)),
  );

  app.get(
    '/customer/list/cloud-group-users/:groupId',
    {
      config: { erpError: 'CLOUD_USERS_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "The group's users with quota used and total, in bytes",
        params: cloudGroupParams,
        response: { 200: cloudUserListResponse, ...errorResponses },
      },
    },
    async (request) => cloud.listUsers(request.tenant, request.customer, request.params.groupId),
  );

  app.post(
    '/customer/create/cloud-user',
    {
      config: { erpError: 'CLOUD_USER_CREATE_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Adds a user to the contract's group, within the group's total quota",
        body: cloudUserCreateBody,
        response: { 201: cloudUserSavedResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await cloud.createUser(request.tenant, request.customer, request.body)),
  );

  app.put(
    '/customer/edit/cloud-user',
    {
      config: { erpError: 'CLOUD_USER_UPDATE_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Changes one field of a user of the contract's group (name, email, quota or password)",
        body: cloudUserEditBody,
        response: { 200: cloudUserSavedResponse, ...errorResponses },
      },
    },
    async (request) => cloud.editUser(request.tenant, request.customer, request.body),
  );

  app.delete(
    '/customer/delete/cloud-user/:id',
    {
      config: { erpError: 'CLOUD_USER_REMOVE_FAILED' },
      schema: {
        tags: ['apps'],
        summary: "Removes a user of the contract's group",
        params: cloudUserParams,
        querystring: cloudUserDeleteQuery,
        response: { 200: appMessageResponse, ...errorResponses },
      },
    },
    async (request) =>
      cloud.removeUser(request.tenant, request.customer, request.params.id, request.query.contractId),
  );
};
