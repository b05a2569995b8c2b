import type { HttpClient } from '@backline/core';
import { notifications } from '@backline/core/contract';

/** The service worker the site serves for Web Push (see `PUSH_SERVICE_WORKER`); `/push-sw.js` by default. */
export const PUSH_SERVICE_WORKER_URL = '/push-sw.js';

/**
 * The service worker's source: shows each push as a notification and opens its URL (in the site) when clicked.
 * Serve it at the site's root (`/push-sw.js`) so its scope covers every page. Written as the formatter writes a
 * `.js` file, so the copy a site keeps in `public/` stays byte for byte this text after `biome check --write`.
 */
export const PUSH_SERVICE_WORKER = `self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || '', {
      body: data.body || '',
      icon: data.image || undefined,
      data: { url: data.url || '/notifications' },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin);
  if (url.origin !== self.location.origin && !/^https:/.test(url.href)) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
`;

/** Whether this browser can receive Web Push at all. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined'
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Subscribes this browser (device) to the site's pushes and stores the subscription on the server: registers
 * the service worker, subscribes with the server's VAPID key, then `POST notifications/push/subscriptions`.
 * Needs the notification permission granted first.
 */
export async function subscribeThisBrowser(
  http: HttpClient,
  workerUrl = PUSH_SERVICE_WORKER_URL,
): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.register(workerUrl);
  await navigator.serviceWorker.ready;
  const { publicKey } = await http.call(notifications.pushKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await http.call(notifications.subscribePush, { body: { endpoint: json.endpoint, keys: json.keys } });
}
