import { connectionResponse } from '@central/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/http';

/** GET /customer/connection: the API reads the ERP at most once a minute per customer. */
export const connectionQuery = () =>
  queryOptions({
    queryKey: ['connection'],
    queryFn: ({ signal }) => api('/customer/connection', { schema: connectionResponse, signal }),
    staleTime: 60_000,
  });
