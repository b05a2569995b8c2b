import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Agent } from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import type { Kit } from '../../kit';
import { addNotificationChannel, htmlToText, siteOrigin } from './notify';

/** VAPID keys and the contact the push services may reach the site's owner at. */
export interface WebPushOptions {
  /** The VAPID key pair (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`); generated into `DATA_DIR/vapid-keys.json` when absent. */
  publicKey?: string;
  privateKey?: string;
  /** `mailto:` or an https URL (`VAPID_SUBJECT`); the site's origin by default. */
  subject?: string;
  /** The https agent push requests go through (a proxy, or a test's own certificate authority). */
  agent?: Agent;
}

const KEY_FILE = 'vapid-keys.json';
const keys = new WeakMap<Kit, { publicKey: string; privateKey: string }>();

/** The app's VAPID keys: given, else read from (or generated into) the data directory, else kept in memory. */
export async function resolveVapidKeys(
  kit: Kit,
  options: WebPushOptions,
): Promise<{ publicKey: string; privateKey: string }> {
  if (options.publicKey && options.privateKey)
    return { publicKey: options.publicKey, privateKey: options.privateKey };
  const dir = kit.config.dataDir;
  if (!dir) return webpush.generateVAPIDKeys();
  const file = path.join(path.resolve(dir), KEY_FILE);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const fresh = webpush.generateVAPIDKeys();
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (raced) {
    // Another process wrote the file first: its keys win, so every process signs alike.
    if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
    return JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
  }
  await chmod(file, 0o600).catch(() => {});
  return fresh;
}

/** The VAPID public key browsers subscribe with, or undefined when Web Push is off. */
export function vapidPublicKey(kit: Kit): string | undefined {
  return keys.get(kit)?.publicKey;
}

/**
 * Whether an endpoint may be stored: https only. Browsers' push services are all https, and a plain-http
 * endpoint a user registers would only serve to make the server send requests wherever it points.
 */
export function acceptableEndpoint(endpoint: string): boolean {
  return new URL(endpoint).protocol === 'https:';
}

/**
 * Turns the browser channel on: resolves the keys and delivers each notification to every stored device of the
 * users who chose it, as an encrypted payload `{title, body, url, id}`. A push service answering 404 or 410
 * says the device unsubscribed: its row is removed.
 */
export async function startWebPush(kit: Kit, options: WebPushOptions): Promise<void> {
  const pair = await resolveVapidKeys(kit, options);
  keys.set(kit, pair);
  const subject =
    options.subject ?? (siteOrigin(kit).startsWith('https://') ? siteOrigin(kit) : 'mailto:admin@localhost');
  addNotificationChannel(kit, 'browser', async (kit, users, notification) => {
    const devices: { id: number; user_id: number; endpoint: string; p256dh: string; auth: string }[] =
      await kit.knex('notification_push_subscriptions').whereIn('user_id', users);
    const [first, ...rest] = notification.data.lines.map((line) => htmlToText(line.content));
    const payload = JSON.stringify({
      title: first ?? '',
      body: rest.join('\n'),
      url: notification.data.mainAction?.action ?? '/notifications',
      image: notification.data.image ?? null,
    });
    for (const device of devices) {
      try {
        await webpush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify({ ...JSON.parse(payload), id: notification.ids.get(device.user_id) ?? null }),
          {
            vapidDetails: { subject, ...pair },
            TTL: 24 * 3600,
            timeout: 10_000,
            ...(options.agent && { agent: options.agent }),
          },
        );
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410)
          await kit.knex('notification_push_subscriptions').where({ id: device.id }).delete();
        else kit.log.warn(`web push to device ${device.id} failed: ${String(error)}`);
      }
    }
  });
}
