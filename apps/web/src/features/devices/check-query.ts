import { acsCheckResponse } from '@central/domain';
import { queryOptions } from '@tanstack/react-query';
import { acsApi } from '@/shared/http';

// The panel's menu asks this on every page. It lives apart from api.ts, whose queries and mutations for
// the devices' pages import the schemas of contracts/devices.ts: the panel's chunks build only one.

export const deviceKeys = {
  all: ['devices'] as const,
  check: ['devices', 'check'] as const,
  list: ['devices', 'list'] as const,
  device: (serial: string) => ['devices', 'device', serial] as const,
};

/**
 * GET /api/acs/customer/check (spec §6): whether the devices area exists for this subscriber. It changes
 * only when the provider sets up its ACS or the subscriber's PPPoE login, so it is asked again rarely.
 */
export const acsCheckQuery = () =>
  queryOptions({
    queryKey: deviceKeys.check,
    queryFn: async ({ signal }) =>
      (await acsApi('/customer/check', { schema: acsCheckResponse, signal })).is_acs_configured,
    staleTime: 5 * 60_000,
  });
