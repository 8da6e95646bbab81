import {
  type NotificationConfigResponse,
  notificationConfigResponse,
  type PushSubscriptionJson,
  pushKeyResponse,
} from '@central/domain';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/shared/http';
import { pushSubscription } from './push';

export const notificationKeys = {
  all: ['notifications'] as const,
  pushKey: ['notifications', 'push-key'] as const,
  subscription: ['notifications', 'subscription'] as const,
  config: (endpoint: string) => ['notifications', 'config', endpoint] as const,
};

/** GET /config/push-key: the server's VAPID public key. */
const pushKeyQuery = () =>
  queryOptions({
    queryKey: notificationKeys.pushKey,
    queryFn: async ({ signal }) =>
      (await api('/config/push-key', { schema: pushKeyResponse, signal })).publicKey,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * This browser's push subscription: registers the worker and subscribes when it has none yet. Only once
 * the subscriber has allowed notifications (`subscribe()` would ask otherwise).
 */
export const subscriptionQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: notificationKeys.subscription,
    queryFn: async () => pushSubscription(await queryClient.fetchQuery(pushKeyQuery())),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

const configUrl = (subscription: PushSubscriptionJson) =>
  `/config/push-notification/${encodeURIComponent(JSON.stringify(subscription))}`;

/** GET /config/push-notification/{subscription}: what this browser saved; null when nothing yet (404). */
export const notificationConfigQuery = (subscription: PushSubscriptionJson | undefined) =>
  queryOptions({
    queryKey: notificationKeys.config(subscription?.endpoint ?? ''),
    queryFn: async ({ signal }): Promise<NotificationConfigResponse | null> => {
      if (!subscription) return null;
      try {
        return await api(configUrl(subscription), { schema: notificationConfigResponse, signal });
      } catch (error) {
        if (isApiError(error, 'PUSH_SUBSCRIPTION_NOT_FOUND')) return null;
        throw error;
      }
    },
    enabled: subscription !== undefined,
    staleTime: 30_000,
  });

/** POST /config/push-notification: this browser is reminded `invoiceRange` days before each due date. */
export function useSaveNotificationConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { subscription: PushSubscriptionJson; invoiceRange: number }) =>
      api('/config/push-notification', { method: 'POST', body, schema: notificationConfigResponse }),
    onSuccess: (saved, { subscription }) =>
      queryClient.setQueryData(notificationKeys.config(subscription.endpoint), saved),
  });
}
