import { themeSchema } from '@central/domain';
import { queryOptions } from '@tanstack/react-query';
import { clientId } from '@/shared/client-id';
import { api, getStaticJson } from '@/shared/http';

/** spec §1: the static config replaces the theme call when the local flag is set. */
const useLocalTheme = import.meta.env.VITE_LOCAL_THEME === 'true';

export const tenantThemeQueryOptions = () =>
  queryOptions({
    queryKey: ['tenant-theme', clientId],
    queryFn: ({ signal }) =>
      useLocalTheme
        ? getStaticJson(`/pwa/${encodeURIComponent(clientId)}/config.json`, themeSchema, signal)
        : api('/theme', { schema: themeSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { persistent: true },
  });
