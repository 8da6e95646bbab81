import {
  annualDebtSettlementQuery,
  annualDebtSettlementResponse,
  contractDownloadResponse,
  contractIdParams,
  contractListResponse,
  contractShortListResponse,
  contractUnlockResponse,
  serviceListResponse,
} from '@central/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../app.ts';
import { errorResponses } from '../../platform/error-handler.ts';

/** Contracts, their services, the trust unlock and the contract documents (spec §7.2, §4, §6). */
export const contractRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, auth }) => {
  app.addHook('onRequest', auth.requireCustomer);
  const { contracts } = services;

  app.get(
    '/customer/list/contracts',
    {
      config: { erpError: 'CONTRACTS_FAILED' },
      schema: {
        tags: ['contracts'],
        summary: "The customer's contracts: plan, activation, address, internet status and services",
        response: { 200: contractListResponse, ...errorResponses },
      },
    },
    async (request) => ({ contracts: await contracts.listContracts(request.tenant, request.customer) }),
  );

  app.get(
    '/customer/list/contracts/short',
    {
      config: { erpError: 'CONTRACTS_FAILED' },
      schema: {
        tags: ['contracts'],
        summary: "The customer's contracts as id and label, for pickers",
        response: { 200: contractShortListResponse, ...errorResponses },
      },
    },
    async (request) => ({ contracts: await contracts.listContractsShort(request.tenant, request.customer) }),
  );

  app.get(
    '/customer/list/services',
    {
      config: { erpError: 'CONTRACTS_FAILED' },
      schema: {
        tags: ['contracts'],
        summary: "Every item of the customer's contracts, each with its contract id",
        description:
          "IXC answers these as the grid of a contract's products tab (cells, contract id at index 12); " +
          'the portal answers named fields.',
        response: { 200: serviceListResponse, ...errorResponses },
      },
    },
    async (request) => ({ services: await contracts.listServices(request.tenant, request.customer) }),
  );

  app.get(
    '/customer/contracts/unlock/:id',
    {
      config: { erpError: 'CONTRACT_UNLOCK_FAILED' },
      schema: {
        tags: ['contracts'],
        summary: 'Trust unlock of a blocked contract (CM, CA, FA); the ERP answers success or why not',
        description:
          'A GET that changes the contract, as the spec has it: safe from cross-site requests because, like every ' +
          'subscriber route, it needs the client_id header, which a link or a form cannot send. A contract that is ' +
          'not blocked is refused (409).',
        params: contractIdParams,
        response: { 200: contractUnlockResponse, ...errorResponses },
      },
    },
    async (request) => contracts.unlock(request.tenant, request.customer, request.params.id),
  );

  app.get(
    '/customer/download/contract/:id',
    {
      config: { erpError: 'CONTRACT_DOWNLOAD_FAILED' },
      schema: {
        tags: ['contracts'],
        summary: "The contract's PDF (base64), printed by the ERP with the provider's print model",
        params: contractIdParams,
        response: { 200: contractDownloadResponse, ...errorResponses },
      },
    },
    async (request) => contracts.downloadContract(request.tenant, request.customer, request.params.id),
  );

  app.get(
    '/customer/contract/:id/annual-debt-settlement',
    {
      config: { erpError: 'ANNUAL_STATEMENT_FAILED' },
      schema: {
        tags: ['contracts'],
        summary:
          'The annual debt-settlement statement (Lei 12.007/2009) of a contract and year, as a PDF (base64)',
        description: 'Years: the current one (São Paulo) and the two before; others are a 400.',
        params: contractIdParams,
        querystring: annualDebtSettlementQuery,
        response: { 200: annualDebtSettlementResponse, ...errorResponses },
      },
    },
    async (request) =>
      contracts.annualStatement(request.tenant, request.customer, request.params.id, request.query.year),
  );
};
