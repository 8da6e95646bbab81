import { messages } from '../messages.ts';
import { notificationPeriods } from '../notifications/periods.ts';
import { z } from '../zod.ts';

// Push notifications (spec §2.2 notifications, §3 Notification config, §4 permission, §5 period, §7.7).

/** A browser's PushSubscription as `toJSON()` gives it (W3C Push API). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2000)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), messages.invalidRequest),
  expirationTime: z.number().nullish(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{40,200}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,64}={0,2}$/),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** spec §5: 15, 10, 5 or 1 days, else 'Por favor, selecione um período'. */
export const invoiceRangeSchema = z.coerce
  .number({ error: messages.notificationPeriodRequired })
  .refine((v) => (notificationPeriods as readonly number[]).includes(v), messages.notificationPeriodRequired);

/** POST /api/central/config/push-notification. */
export const pushNotificationConfigBody = z.object({
  subscription: pushSubscriptionSchema,
  invoiceRange: invoiceRangeSchema,
});
export type PushNotificationConfigBody = z.input<typeof pushNotificationConfigBody>;

/** spec §3 Notification config. */
export const notificationConfigResponse = z
  .object({ notification_config: z.object({ invoice_range: z.number().int() }), message: z.string() })
  .meta({ id: 'NotificationConfig' });
export type NotificationConfigResponse = z.infer<typeof notificationConfigResponse>;

/** GET /api/central/config/push-key: the server's VAPID public key (base64url), for `subscribe()`. */
export const pushKeyResponse = z.object({ publicKey: z.string() }).meta({ id: 'PushKey' });
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

/** What a push carries to the service worker: shown as a notification, `url` opened on click. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The route parameter of GET /config/push-notification/{encoded subscription}: `encodeURIComponent(JSON.stringify(subscription))`. */
export const encodedSubscriptionParam = z.string().min(1).max(2500);
