import type { NotificationData } from '@backline/core/contract';
import type { Kit } from '../../kit';

/** The channels the kit delivers through. */
export type NotificationChannel = 'database' | 'email' | 'browser' | (string & {});

/**
 * A kind of notification a product sends ("someone followed you"). Users choose its channels on the
 * notification settings page, within its group; until they do, `channels` decides.
 */
export interface NotificationType {
  /** Stable id, stored with every notification and every preference (`music.new_follower`). */
  id: string;
  /** The settings page's group heading ("Social"). */
  group: string;
  /** The settings page's label ("Someone follows me"). */
  name: string;
  /** Channels on for users who never chose (default: database and email). */
  channels?: readonly NotificationChannel[];
  /**
   * The mail's subject for this notification; by default the text of its first line. Return null to never
   * mail this type.
   */
  mailSubject?(data: NotificationData): string | null;
}

/** What product code sends: a registered type and what the notification shows. */
export interface OutgoingNotification {
  type: string;
  data: NotificationData;
}

/** Channels a type uses for users who never chose. */
export const DEFAULT_CHANNELS: readonly NotificationChannel[] = ['database', 'email'];

const registries = new WeakMap<Kit, Map<string, NotificationType>>();

function registry(kit: Kit): Map<string, NotificationType> {
  let types = registries.get(kit);
  if (!types) {
    types = new Map();
    registries.set(kit, types);
  }
  return types;
}

/**
 * Registers a notification type with an app, from a module's `start` hook: product teams add their own types
 * this way, next to the ones passed to `notificationsModule({types})`. Registering an id twice replaces it.
 */
export function registerNotificationType(kit: Kit, type: NotificationType): void {
  if (!/^[a-z0-9_.-]{1,100}$/.test(type.id))
    throw new Error(`Notification type ids are 1-100 of a-z, 0-9, "_", "." and "-": "${type.id}"`);
  registry(kit).set(type.id, type);
}

/** The registered types, in registration order. */
export function notificationTypes(kit: Kit): NotificationType[] {
  return [...registry(kit).values()];
}

/** One registered type, or undefined. */
export function notificationType(kit: Kit, id: string): NotificationType | undefined {
  return registry(kit).get(id);
}
