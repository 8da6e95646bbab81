import { customerAppListResponse } from '@central/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/http';

// The home's apps card needs only this query. It lives apart from api.ts, whose queries and mutations for
// the apps' pages import the many schemas of contracts/apps.ts: the home's chunks build only the few of
// contracts/app-list.ts.

export const appKeys = {
  all: ['apps'] as const,
  list: ['apps', 'list'] as const,
  details: (appId: string, contractId: string, cloudServiceId?: string | null) =>
    ['apps', 'details', appId, contractId, cloudServiceId ?? null] as const,
  cloud: (groupId: string) => ['apps', 'cloud', groupId] as const,
  tocaLivros: (contractId: string) => ['apps', 'tocalivros', contractId] as const,
  oleTv: ['apps', 'oletv'] as const,
};

/** GET /customer/apps (spec §7.2): the subscriber's apps per contract, for the home's card. */
export const customerAppsQuery = () =>
  queryOptions({
    queryKey: appKeys.list,
    queryFn: ({ signal }) => api('/customer/apps', { schema: customerAppListResponse, signal }),
    staleTime: 60_000,
  });
