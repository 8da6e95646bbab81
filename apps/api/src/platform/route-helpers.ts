import { errorBody } from '@central/domain';
import type { FastifyRequest } from 'fastify';
import type { CustomerSession, Sessions } from './sessions.ts';
import type { Tenant, TenantResolver } from './tenancy.ts';

/** The error answers every API route may give, for the OpenAPI document (all `{code, message}`). */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
  502: errorBody,
};

/** Resolves a request's tenant, then its customer session for that tenant (tenant first, always). */
export function customerOf(tenants: TenantResolver, sessions: Sessions) {
  return async (request: FastifyRequest): Promise<{ tenant: Tenant; session: CustomerSession }> => {
    const tenant = await tenants.fromRequest(request);
    return { tenant, session: await sessions.customer(request, tenant) };
  };
}
