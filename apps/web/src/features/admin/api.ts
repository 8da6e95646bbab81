import type { tenantAppBody, tenantCreateBody, tenantEditBody } from '@central/domain';
import {
  type AdminSignInBody,
  adminMessageResponse,
  adminSessionResponse,
  type ConnectionCheckBody,
  connectionCheckResponse,
  type IdLabel,
  lookupResponse,
  messages,
  type providerPasswordBody,
  type TenantAppBody,
  type TenantCreateBody,
  type TenantEditBody,
  tenantAppListResponse,
  tenantAppSavedResponse,
  tenantAppSchema,
  tenantAuditResponse,
  tenantDetailsResponse,
  tenantListResponse,
} from '@central/domain';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { isSessionLost } from '@/shared/back-office';
import { adminApi, isApiError } from '@/shared/http';

const path = (clientId: string) => `/customer/${encodeURIComponent(clientId)}`;

export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  tenantLists: ['admin', 'tenant-list'] as const,
  tenantList: (search: string) => ['admin', 'tenant-list', search] as const,
  tenant: (clientId: string) => ['admin', 'tenant', clientId] as const,
  audit: (clientId: string) => ['admin', 'tenant', clientId, 'audit'] as const,
  apps: (clientId: string) => ['admin', 'tenant', clientId, 'apps'] as const,
  app: (clientId: string, appId: string) => ['admin', 'tenant', clientId, 'apps', appId] as const,
};

// Session (spec §2.4, §6: the admin token lasts 1 hour)

/** GET /adm/auth: the admin signed in, or `null` when there is none (401/403). */
export async function fetchAdminSession(signal?: AbortSignal) {
  try {
    return await adminApi('/adm/auth', { schema: adminSessionResponse, signal });
  } catch (error) {
    if (isSessionLost(error)) return null;
    throw error;
  }
}

export const adminSessionQuery = () =>
  queryOptions({
    queryKey: adminKeys.session,
    queryFn: ({ signal }) => fetchAdminSession(signal),
    staleTime: 30_000,
  });

/** Forgets what the previous admin saw: a new sign-in starts from the server's answers. */
function clearAdminData(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: adminKeys.all });
}

/** spec §8: 401 'Credenciais inválidas', 403 'Dados inválidos', anything else 'Falha ao acessar'. */
export function adminSignInError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return messages.adminInvalidCredentials;
    if (error.status === 403 || error.status === 400) return messages.adminInvalidData;
    if (error.code === 'RATE_LIMITED') return error.message;
  }
  return messages.adminSignInFailed;
}

/** POST /adm/auth/sign-in. */
export function useAdminSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSignInBody) =>
      adminApi('/adm/auth/sign-in', { method: 'POST', body, schema: adminSessionResponse }),
    onSuccess: (session) => {
      clearAdminData(queryClient);
      queryClient.setQueryData(adminKeys.session, session);
    },
  });
}

/** POST /adm/auth/sign-out; a session already gone counts as signed out. */
export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await adminApi('/adm/auth/sign-out', { method: 'POST' });
      } catch (error) {
        if (!isSessionLost(error)) throw error;
      }
    },
    onSuccess: () => {
      clearAdminData(queryClient);
      queryClient.setQueryData(adminKeys.session, null);
    },
  });
}

// Providers (tenants)

/** GET /customers?search=: the providers, suspended ones marked. */
export const tenantListQuery = (search: string) =>
  queryOptions({
    queryKey: adminKeys.tenantList(search),
    queryFn: async ({ signal }) => {
      const query = search ? `?search=${encodeURIComponent(search)}` : '';
      return (await adminApi(`/customers${query}`, { schema: tenantListResponse, signal })).customers;
    },
    staleTime: 30_000,
  });

/** GET /customer/{clientId}: the form's values; secrets only say whether one is stored. */
export const tenantQuery = (clientId: string) =>
  queryOptions({
    queryKey: adminKeys.tenant(clientId),
    queryFn: ({ signal }) => adminApi(path(clientId), { schema: tenantDetailsResponse, signal }),
    staleTime: 0,
  });

/** GET /customer/{clientId}/audit: who changed what and when (beyond the spec). */
export const tenantAuditQuery = (clientId: string) =>
  queryOptions({
    queryKey: adminKeys.audit(clientId),
    queryFn: async ({ signal }) =>
      (await adminApi(`${path(clientId)}/audit`, { schema: tenantAuditResponse, signal })).entries,
    staleTime: 0,
  });

/** What a change of one provider makes stale: its form, history and apps (one key prefix), and the list. */
function invalidateTenant(queryClient: QueryClient, clientId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.tenant(clientId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.tenantLists }),
  ]);
}

export type TenantCreateValues = z.output<typeof tenantCreateBody>;
export type TenantEditValues = z.output<typeof tenantEditBody>;

/** POST /customer/create. */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantCreateBody | TenantCreateValues) =>
      adminApi('/customer/create', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.tenantLists }),
  });
}

/** PUT /customer/{clientId}/edit: the whole form; an empty secret keeps the stored one. */
export function useEditTenant(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantEditBody | TenantEditValues) =>
      adminApi(`${path(clientId)}/edit`, { method: 'PUT', body }),
    onSuccess: () => invalidateTenant(queryClient, clientId),
  });
}

/** PATCH /customer/{clientId}/suspend: spec §4, a provider is 'deleted' by suspending it. */
export function useSuspendTenant(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suspended: boolean) =>
      adminApi(`${path(clientId)}/suspend`, { method: 'PATCH', body: { suspended } }),
    onSuccess: () => invalidateTenant(queryClient, clientId),
  });
}

/** PUT /customer/{clientId}/provider-password: the provider's own sign-in at /admin. */
export function useProviderPassword(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof providerPasswordBody>) =>
      adminApi(`${path(clientId)}/provider-password`, { method: 'PUT', body }),
    onSuccess: () => invalidateTenant(queryClient, clientId),
  });
}

/** POST /customer/connection-check: one harmless call to the ERP, the ACS or the card gateway. */
export function useConnectionCheck() {
  return useMutation({
    mutationFn: (body: ConnectionCheckBody) =>
      adminApi('/customer/connection-check', { method: 'POST', body, schema: connectionCheckResponse }),
  });
}

// Look-ups in the provider's IXC: 'id - content' (spec §3), `null` when the ERP has no such record

export type LookupKind = 'subject' | 'product' | 'plan';
const lookupPaths: Record<LookupKind, string> = {
  subject: '/provider/support/external-subject',
  product: '/product',
  plan: '/plan',
};

async function lookupId(kind: LookupKind, clientId: string, id: string): Promise<IdLabel | null> {
  try {
    return await adminApi(
      `${lookupPaths[kind]}/${encodeURIComponent(id)}?client_id=${encodeURIComponent(clientId)}`,
      { schema: lookupResponse },
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Looks ids up in the provider's IXC through the query cache: an id asked twice is asked once, and a
 * session that ended sends the admin to sign in like any other call.
 */
export function useLookup(kind: LookupKind, clientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      queryClient.fetchQuery({
        queryKey: [...adminKeys.tenant(clientId), 'lookup', kind, id],
        queryFn: () => lookupId(kind, clientId, id),
        staleTime: 5 * 60_000,
      }),
    [queryClient, kind, clientId],
  );
}

// Apps of a provider (spec §2.4 Aplicativos)

/** GET /customer/{clientId}/customer-apps. */
export const tenantAppsQuery = (clientId: string) =>
  queryOptions({
    queryKey: adminKeys.apps(clientId),
    queryFn: async ({ signal }) =>
      (await adminApi(`${path(clientId)}/customer-apps`, { schema: tenantAppListResponse, signal })).apps,
    staleTime: 0,
  });

/** GET /customer/{clientId}/customer-app/{appId}. */
export const tenantAppQuery = (clientId: string, appId: string) =>
  queryOptions({
    queryKey: adminKeys.app(clientId, appId),
    queryFn: ({ signal }) =>
      adminApi(`${path(clientId)}/customer-app/${encodeURIComponent(appId)}`, {
        schema: tenantAppSchema,
        signal,
      }),
    staleTime: 0,
  });

export type TenantAppValues = z.output<typeof tenantAppBody>;

/** POST .../customer-app/create, or PUT .../customer-app/{appId}/edit when `appId` is given. */
export function useSaveTenantApp(clientId: string, appId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantAppBody | TenantAppValues) =>
      appId
        ? adminApi(`${path(clientId)}/customer-app/${encodeURIComponent(appId)}/edit`, {
            method: 'PUT',
            body,
            schema: tenantAppSavedResponse,
          })
        : adminApi(`${path(clientId)}/customer-app/create`, {
            method: 'POST',
            body,
            schema: tenantAppSavedResponse,
          }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.apps(clientId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit(clientId) }),
      ]),
  });
}

/** DELETE .../customer-app/{appId}/remove. */
export function useRemoveTenantApp(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) =>
      adminApi(`${path(clientId)}/customer-app/${encodeURIComponent(appId)}/remove`, {
        method: 'DELETE',
        schema: adminMessageResponse,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.apps(clientId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit(clientId) }),
      ]),
  });
}
