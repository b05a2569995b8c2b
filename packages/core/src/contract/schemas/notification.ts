import * as z from 'zod/mini';
import { timestamp } from './common';

/**
 * The notification resources: a notification as lists carry it, and the preferences data of the settings page.
 */

/** A link or command a notification offers: `action` is a URL (absolute or a site path), `label` its text. */
export const NotificationAction = z.object({ action: z.string(), label: z.string() });
export type NotificationAction = z.infer<typeof NotificationAction>;

/** One line of a notification: `primary` lines are emphasised; `content` is HTML the client sanitises. */
export const NotificationLine = z.object({
  type: z.optional(z.string()),
  content: z.string(),
  icon: z.optional(z.nullable(z.string())),
  action: z.optional(z.nullable(NotificationAction)),
});
export type NotificationLine = z.infer<typeof NotificationLine>;

/** What a notification shows: an image, its lines, what clicking it does, and extra buttons. */
export const NotificationData = z.object({
  image: z.optional(z.nullable(z.string())),
  lines: z.array(NotificationLine),
  mainAction: z.optional(z.nullable(NotificationAction)),
  buttonActions: z.optional(z.array(NotificationAction)),
  /** A workspace invitation carries the invite it answers. */
  inviteId: z.optional(z.string()),
});
export type NotificationData = z.infer<typeof NotificationData>;

/** A notification: unread while `read_at` is null. */
export const Notification = z.object({
  id: z.number(),
  type: z.string(),
  read_at: z.nullable(timestamp),
  created_at: timestamp,
  data: NotificationData,
});
export type Notification = z.infer<typeof Notification>;

/** A notification type a user can subscribe to, within its group. */
export const NotificationSubscriptionGroup = z.object({
  group_name: z.string(),
  subscriptions: z.array(z.object({ notif_id: z.string(), name: z.string() })),
});

/** One type's channels as the user chose them (a channel missing from the map is off). */
export const NotificationSelection = z.object({
  notif_id: z.string().check(z.minLength(1), z.maxLength(100)),
  channels: z.record(z.string().check(z.maxLength(50)), z.boolean()),
});
export type NotificationSelection = z.infer<typeof NotificationSelection>;

/** The settings page's data: the channels, the types by group, and the user's choices. */
export const NotificationSubscriptions = z.object({
  available_channels: z.array(z.string()),
  subscriptions: z.array(NotificationSubscriptionGroup),
  user_selections: z.array(NotificationSelection),
});
export type NotificationSubscriptions = z.infer<typeof NotificationSubscriptions>;

/** What the calls that change read state answer: how many notifications the user still has unread. */
export const UnreadCountAnswer = z.object({ unreadCount: z.number() });
