import { type PushSubscriptionJson, pushSubscriptionSchema } from '@central/domain';

/** spec §7.7: the push service worker, at a URL of its own so that its scope is /notification/. */
export const WORKER_URL = '/notification/sw.js';
export const WORKER_SCOPE = '/notification/';

/** Whether this browser can take Web Push at all (iPhones only from a web app added to the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

export type Permission = NotificationPermission | 'unsupported';

export const currentPermission = (): Permission =>
  pushSupported() ? Notification.permission : 'unsupported';

/** The VAPID key as `subscribe()` takes it: base64url to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/**
 * The page is outside the worker's scope, so `navigator.serviceWorker.ready` never settles for it: the
 * registration is awaited itself until its worker is active (`subscribe()` needs one).
 */
function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  if (registration.active) return Promise.resolve(registration);
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.reject(new Error('the notification worker did not install'));
  return new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(registration);
      else if (worker.state === 'redundant') reject(new Error('the notification worker was discarded'));
    });
  });
}

/**
 * This browser's push subscription for the server's key (W3C Push API): the one it has, or a new one. A
 * subscription made for another key (the server's keys were replaced) would never receive: it is renewed.
 */
export async function pushSubscription(publicKey: string): Promise<PushSubscriptionJson> {
  const registration = await activated(
    await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE }),
  );
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return pushSubscriptionSchema.parse(subscription.toJSON());
}
