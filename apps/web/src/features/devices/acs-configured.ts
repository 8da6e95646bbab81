import type { QueryClient } from '@tanstack/react-query';
import { acsCheckQuery } from './check-query';

/** The check of the devices guard (cached a few minutes); a check that fails counts as not configured. */
export const acsConfigured = (queryClient: QueryClient): Promise<boolean> =>
  queryClient.fetchQuery(acsCheckQuery()).catch(() => false);
