import type { NotificationData } from '@backline/core/contract';
import type { Knex } from 'knex';
import { routeUrl } from '../../http/routes';
import type { Kit } from '../../kit';
import { renderActionMail } from '../../mail/templates';
import { LiveHub, type LiveLimits } from './live';
import {
  DEFAULT_CHANNELS,
  type NotificationChannel,
  notificationType,
  type OutgoingNotification,
} from './types';

/** A recipient: a user id, or a user row (its id is what counts). */
export type Recipient = number | { id: number };

/** The per-app state of the notifications module: live streams, deliveries in flight, extra channels. */
export interface NotificationsState {
  hub: LiveHub;
  pending: Set<Promise<void>>;
  /** Channels delivered outside the database and mail (Web Push), by name. */
  channels: Map<string, ChannelDelivery>;
}

/** Delivers one notification to the users who chose a channel; runs after the database rows exist. */
export type ChannelDelivery = (
  kit: Kit,
  users: number[],
  notification: OutgoingNotification & { ids: Map<number, number> },
) => Promise<void>;

const states = new WeakMap<Kit, NotificationsState>();

/** The module's state for an app (created on first use; `limits` apply when it is created). */
export function notificationsState(kit: Kit, limits?: LiveLimits): NotificationsState {
  let state = states.get(kit);
  if (!state) {
    state = { hub: new LiveHub(limits), pending: new Set(), channels: new Map() };
    states.set(kit, state);
  }
  return state;
}

/**
 * Adds a delivery channel (Web Push, a chat webhook…) to an app, from a module's `start` hook: the settings page
 * offers it next to database and email, and `notify` calls `deliver` with the users who chose it.
 */
export function addNotificationChannel(kit: Kit, name: string, deliver: ChannelDelivery): void {
  if (name === 'database' || name === 'email') throw new Error(`The ${name} channel is built in.`);
  notificationsState(kit).channels.set(name, deliver);
}

/** How many unread notifications a user has. */
export async function unreadCount(knex: Knex, userId: number): Promise<number> {
  const row = await knex('notifications')
    .where({ user_id: userId })
    .whereNull('read_at')
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

/** The bus topic on which instances tell each other whose unread count changed. */
export const UNREAD_TOPIC = 'notifications.unread';
/** User ids per bus message: a NOTIFY payload stays under 8,000 bytes. */
const USERS_PER_MESSAGE = 500;

/** A bus message: these users' unread counts changed on instance `from` (`count` when one user's is known). */
interface UnreadMessage {
  from: string;
  users: number[];
  count?: number;
}

/**
 * Pushes a user's current unread count to their open streams here, and tells the other instances to push it to
 * the streams they hold (a browser's live connection may be on any instance behind the balancer).
 */
export async function pushUnreadCount(kit: Kit, userId: number, known?: number): Promise<void> {
  await pushUnreadCounts(kit, [userId], known);
}

/** `pushUnreadCount` for many users at once (a notification to a list): one bus message per 500 users. */
export async function pushUnreadCounts(kit: Kit, userIds: number[], known?: number): Promise<void> {
  await pushHere(kit, userIds, userIds.length === 1 ? known : undefined);
  for (let start = 0; start < userIds.length; start += USERS_PER_MESSAGE) {
    const users = userIds.slice(start, start + USERS_PER_MESSAGE);
    const message: UnreadMessage = {
      from: kit.bus.instanceId,
      users,
      ...(users.length === 1 && known !== undefined && { count: known }),
    };
    await kit.bus.publish(UNREAD_TOPIC, message).catch((error) => {
      // The count is stored; a browser on another instance sees it at its next reconnect or poll.
      kit.log.error('Could not tell the other instances about new unread counts', error);
    });
  }
}

/** Pushes to the streams this instance holds (a no-op for users with none). */
async function pushHere(kit: Kit, userIds: number[], known?: number): Promise<void> {
  const { hub } = notificationsState(kit);
  for (const userId of userIds) {
    if (!hub.listening(userId)) continue;
    hub.pushUnread(userId, known ?? (await unreadCount(kit.knex, userId)));
  }
}

/** Pushes the counts another instance announced to the streams held here (see `pushUnreadCounts`). */
export function listenForUnreadCounts(kit: Kit): () => void {
  return kit.bus.subscribe(UNREAD_TOPIC, (payload) => {
    const message = payload as Partial<UnreadMessage> | null;
    // This instance pushed its own streams before publishing.
    if (!message || message.from === kit.bus.instanceId || !Array.isArray(message.users)) return;
    const users = message.users.filter((id): id is number => Number.isSafeInteger(id));
    pushHere(kit, users, typeof message.count === 'number' ? message.count : undefined).catch((error) =>
      kit.log.error('Could not push unread counts announced by another instance', error),
    );
  });
}

/**
 * The channels each user gets a type through: their saved choice, else the type's defaults. Channels a user
 * never saw (added after they saved) fall back to the default too.
 */
export async function channelsFor(
  kit: Kit,
  typeId: string,
  defaults: readonly NotificationChannel[],
  userIds: number[],
): Promise<Map<number, Set<string>>> {
  const rows: { user_id: number; channels: Record<string, boolean> | string }[] = userIds.length
    ? await kit
        .knex('notification_subscriptions')
        .where({ notif_id: typeId })
        .whereIn('user_id', userIds)
        .select('user_id', 'channels')
    : [];
  const saved = new Map(
    rows.map((row) => [
      row.user_id,
      (typeof row.channels === 'string' ? JSON.parse(row.channels) : row.channels) as Record<string, boolean>,
    ]),
  );
  const result = new Map<number, Set<string>>();
  for (const id of userIds) {
    const choice = saved.get(id) ?? {};
    const on = new Set<string>();
    for (const channel of ['database', 'email', ...notificationsState(kit).channels.keys()])
      if (choice[channel] ?? defaults.includes(channel as NotificationChannel)) on.add(channel);
    result.set(id, on);
  }
  return result;
}

/** The public origin for links in mail when there is no request to take it from. */
export function siteOrigin(kit: Kit): string {
  return kit.config.baseUrl ?? kit.config.listenUrl ?? 'http://localhost';
}

const UNSUBSCRIBE_CONTEXT = 'notifications.unsubscribe';

/** A sealed token naming a user and a type: whoever holds the mail may turn that type's mail off, nothing more. */
export function unsubscribeToken(kit: Kit, userId: number, typeId: string): string {
  return kit.encrypter.encrypt(JSON.stringify({ u: userId, t: typeId }), UNSUBSCRIBE_CONTEXT);
}

/** Where the unsubscribe route serves, before the token. */
export const UNSUBSCRIBE_PATH = 'notifications/unsubscribe/';

/** The mailed path for a token: GET shows the confirmation page, POST (a form or a mail client) unsubscribes. */
export function unsubscribePath(token: string): string {
  return routeUrl(`${UNSUBSCRIBE_PATH}${token}`);
}

/** Opens an unsubscribe token; null when it was not sealed by this app (forged, altered or truncated). */
export function openUnsubscribeToken(kit: Kit, token: string): { userId: number; typeId: string } | null {
  try {
    const { u, t } = JSON.parse(kit.encrypter.decrypt(token, UNSUBSCRIBE_CONTEXT)) as {
      u: unknown;
      t: unknown;
    };
    if (typeof u !== 'number' || typeof t !== 'string') return null;
    return { userId: u, typeId: t };
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A line's HTML as plain text, for mail: tags dropped, the common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** An action's URL as a mail needs it: site paths become absolute; anything but http(s) is dropped. */
function absoluteUrl(kit: Kit, action: string): string | null {
  try {
    const url = new URL(action, `${siteOrigin(kit)}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

async function sendNotificationMail(
  kit: Kit,
  to: { id: number; email: string },
  typeId: string,
  data: NotificationData,
  subject: string,
): Promise<void> {
  const siteName = await kit.settings.get<string>('branding.site_name', 'Backline');
  const actionUrl = data.mainAction ? absoluteUrl(kit, data.mainAction.action) : null;
  // One URL for both: the link opens a page that asks to confirm; mail clients POST to it (RFC 8058).
  const unsubscribe = `${siteOrigin(kit)}${unsubscribePath(unsubscribeToken(kit, to.id, typeId))}`;
  const mail = renderActionMail({
    siteName,
    subject,
    lines: data.lines.map((line) => htmlToText(line.content)).filter(Boolean),
    ...(actionUrl && data.mainAction && { action: { label: data.mainAction.label, url: actionUrl } }),
    outro: ['You receive this email because of your notification settings.'],
  });
  const footer = `To stop these emails, unsubscribe: ${unsubscribe}`;
  await kit.mail.send({
    to: to.email,
    subject: mail.subject,
    text: `${mail.text}\n\n${footer}`,
    html: mail.html.replace(
      '</div></body>',
      `<p style="margin:16px 0 0;font-size:13px;color:#545b66"><a href="${unsubscribe.replace(/&/g, '&amp;')}">Unsubscribe from these emails</a></p></div></body>`,
    ),
    oneClickUnsubscribe: unsubscribe,
  });
}

/**
 * Sends a notification to users through the channels each chose for its type (the type's defaults for those
 * who never chose): a row per user in `notifications` (one transaction), their live unread count, and, after
 * that, mail and any other channel. Resolves once the rows are written; mail goes out in the background (see
 * `settleNotifications`) so a slow mail server never holds up the request that caused the notification.
 */
export async function notify(
  kit: Kit,
  recipients: Recipient | Recipient[],
  notification: OutgoingNotification,
): Promise<{ ids: Map<number, number> }> {
  const type = notificationType(kit, notification.type);
  if (!type) throw new Error(`Unknown notification type "${notification.type}": register it first.`);
  const userIds = [
    ...new Set(
      (Array.isArray(recipients) ? recipients : [recipients]).map((r) => (typeof r === 'number' ? r : r.id)),
    ),
  ];
  if (!userIds.length) return { ids: new Map() };
  const channels = await channelsFor(kit, type.id, type.channels ?? DEFAULT_CHANNELS, userIds);
  const on = (channel: string) => userIds.filter((id) => channels.get(id)!.has(channel));

  const ids = new Map<number, number>();
  const toStore = on('database');
  if (toStore.length) {
    const now = kit.now();
    const rows: { id: number; user_id: number }[] = await kit.knex.transaction((trx) =>
      trx('notifications')
        .insert(
          toStore.map((userId) => ({
            user_id: userId,
            type: type.id,
            data: JSON.stringify(notification.data),
            created_at: now,
          })),
        )
        .returning(['id', 'user_id']),
    );
    for (const row of rows) ids.set(row.user_id, row.id);
    await pushUnreadCounts(kit, toStore);
  }

  const state = notificationsState(kit);
  const background = async () => {
    const mailTo = on('email');
    const subject = type.mailSubject
      ? type.mailSubject(notification.data)
      : htmlToText(notification.data.lines[0]?.content ?? '') || type.name;
    if (mailTo.length && subject) {
      const users: { id: number; email: string }[] = await kit
        .knex('users')
        .whereIn('id', mailTo)
        .select('id', 'email');
      for (const user of users)
        await sendNotificationMail(kit, user, type.id, notification.data, subject).catch((error: unknown) =>
          kit.log.error(`notification mail to user ${user.id} failed`, error),
        );
    }
    for (const [name, deliver] of state.channels) {
      const users = on(name);
      if (users.length) await deliver(kit, users, { ...notification, ids });
    }
  };
  const done: Promise<void> = background()
    .catch((error: unknown) => kit.log.error(`notification ${type.id} delivery failed`, error))
    .finally(() => state.pending.delete(done));
  state.pending.add(done);
  return { ids };
}

/** Resolves when every delivery started so far (mail, push) has finished; tests and shutdown wait on it. */
export async function settleNotifications(kit: Kit): Promise<void> {
  const { pending } = notificationsState(kit);
  while (pending.size) await Promise.all([...pending]);
}
