import { notifications as contract } from '@backline/core/contract';
import { HttpError, ValidationError } from '../../http/errors';
import { defineModule, type Kit } from '../../kit';
import { MAX_STREAMS, MAX_STREAMS_PER_USER } from './live';
import {
  channelsFor,
  listenForUnreadCounts,
  notificationsState,
  pushUnreadCount,
  settleNotifications,
  unreadCount,
} from './notify';
import {
  DEFAULT_CHANNELS,
  type NotificationType,
  notificationTypes,
  registerNotificationType,
} from './types';
import { oneClickUnsubscribe, showUnsubscribePage } from './unsubscribe';
import { acceptableEndpoint, startWebPush, vapidPublicKey, type WebPushOptions } from './web-push';

export {
  addNotificationChannel,
  type ChannelDelivery,
  notify,
  type Recipient,
  settleNotifications,
  unreadCount,
} from './notify';
export {
  type NotificationChannel,
  type NotificationType,
  notificationTypes,
  type OutgoingNotification,
  registerNotificationType,
} from './types';
export { resolveVapidKeys, type WebPushOptions } from './web-push';

export interface NotificationsOptions {
  /** The notification types the app sends (product modules may also call `registerNotificationType`). */
  types?: NotificationType[];
  /** Event streams one process holds (10,000 by default; beyond it the stream answers 503 and clients poll). */
  maxStreams?: number;
  /**
   * Web Push (the `browser` channel): `{}` turns it on with VAPID keys generated into `DATA_DIR`; pass keys and a
   * subject from the environment in production. Off when absent.
   */
  push?: WebPushOptions;
  /** Event streams one user holds, one per tab (10 by default; a new one closes the oldest). */
  maxStreamsPerUser?: number;
}

interface NotificationRow {
  id: number;
  user_id: number;
  type: string;
  data: unknown;
  read_at: Date | null;
  created_at: Date;
}

const serialize = (row: NotificationRow) => ({
  id: row.id,
  type: row.type,
  read_at: row.read_at,
  created_at: row.created_at,
  data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
});

/** The channels the settings page offers: the database and mail always, plus the ones added (Web Push). */
function availableChannels(kit: Kit): string[] {
  return ['database', 'email', ...notificationsState(kit).channels.keys()];
}

/**
 * Notifications: the `notifications` table, `notify(kit, users, {type, data})` for product code, per-user
 * choices per type and channel, delivery to the database, mail (with a one-type unsubscribe link and RFC 8058
 * one-click headers that need no login) and added channels, and a live unread count over Server-Sent Events. Install after `accounts()`.
 */
export const notificationsModule = (options: NotificationsOptions = {}) =>
  defineModule({
    id: 'notifications',
    migrations: {
      '001-notifications': {
        async up(knex) {
          await knex.schema.createTable('notifications', (t) => {
            t.increments('id');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
            t.string('type', 100).notNullable();
            t.jsonb('data').notNullable();
            t.timestamp('read_at', { useTz: true });
            t.timestamp('created_at', { useTz: true }).notNullable();
            // The list reads a user's newest first; the badge counts a user's unread ones.
            t.index(['user_id', 'created_at']);
            t.index(['user_id', 'read_at']);
          });
          await knex.schema.createTable('notification_subscriptions', (t) => {
            t.increments('id');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
            t.string('notif_id', 100).notNullable();
            t.jsonb('channels').notNullable();
            t.unique(['user_id', 'notif_id']);
          });
        },
        async down(knex) {
          await knex.schema.dropTable('notification_subscriptions');
          await knex.schema.dropTable('notifications');
        },
      },
      '002-notification-push-subscriptions': {
        async up(knex) {
          // One row per browser (device): a user with a phone and a laptop gets both.
          await knex.schema.createTable('notification_push_subscriptions', (t) => {
            t.increments('id');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
            t.string('endpoint', 2000).notNullable().unique();
            t.string('p256dh', 200).notNullable();
            t.string('auth', 100).notNullable();
            t.timestamp('created_at', { useTz: true }).notNullable();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('notification_push_subscriptions');
        },
      },
    },
    // Not a session: the one-click unsubscribe must run before the XSRF check, where session layers run.
    session: (kit) => oneClickUnsubscribe(kit),
    settings: {
      'notifications.integrated': { value: true, public: true },
      'notif.subs.integrated': { value: true, public: true },
    },
    user: {
      // Only the owner's own record carries the count: it is nobody else's business.
      serialize: async (kit, user, { own }) =>
        own ? { unread_notifications_count: await unreadCount(kit.knex, user.id) } : {},
    },
    routes(router) {
      router.route(contract.list).handle(async ({ query, ctx, kit }) => {
        const userId = ctx.state.user!.id;
        const base = () => kit.knex('notifications').where({ user_id: userId });
        const total = Number(
          (await base().count<{ count: string | number }[]>({ count: '*' }).first())?.count ?? 0,
        );
        const rows: NotificationRow[] = await base()
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage);
        return {
          pagination: {
            data: rows.map(serialize),
            current_page: query.page,
            per_page: query.perPage,
            total,
            last_page: Math.max(1, Math.ceil(total / query.perPage)),
          },
        };
      });

      router.route(contract.markAsRead).handle(async ({ body, ctx, kit }) => {
        const userId = ctx.state.user!.id;
        await kit
          .knex('notifications')
          .where({ user_id: userId })
          .whereIn('id', body.ids)
          .whereNull('read_at')
          .update({ read_at: kit.now() });
        const count = await unreadCount(kit.knex, userId);
        await pushUnreadCount(kit, userId, count);
        return { unreadCount: count };
      });

      router.route(contract.markAllAsRead).handle(async ({ ctx, kit }) => {
        const userId = ctx.state.user!.id;
        await kit
          .knex('notifications')
          .where({ user_id: userId })
          .whereNull('read_at')
          .update({ read_at: kit.now() });
        await pushUnreadCount(kit, userId, 0);
        return { unreadCount: 0 };
      });

      router.route(contract.remove).handle(async ({ params, ctx, kit }) => {
        const userId = ctx.state.user!.id;
        // Another user's notification answers like a missing one.
        const deleted = await kit.knex('notifications').where({ id: params.id, user_id: userId }).delete();
        if (!deleted) throw new HttpError(404, 'Not found.');
        const count = await unreadCount(kit.knex, userId);
        await pushUnreadCount(kit, userId, count);
        return { unreadCount: count };
      });

      router.route(contract.subscriptions).handle(async ({ ctx, kit }) => {
        const types = notificationTypes(kit);
        const groups = new Map<string, { notif_id: string; name: string }[]>();
        for (const type of types) {
          const list = groups.get(type.group) ?? [];
          list.push({ notif_id: type.id, name: type.name });
          groups.set(type.group, list);
        }
        const channels = availableChannels(kit);
        const selections = await Promise.all(
          types.map(async (type) => {
            const on = (
              await channelsFor(kit, type.id, type.channels ?? DEFAULT_CHANNELS, [ctx.state.user!.id])
            ).get(ctx.state.user!.id)!;
            return {
              notif_id: type.id,
              channels: Object.fromEntries(channels.map((channel) => [channel, on.has(channel)])),
            };
          }),
        );
        return {
          available_channels: channels,
          subscriptions: [...groups].map(([group_name, subscriptions]) => ({ group_name, subscriptions })),
          user_selections: selections,
        };
      });

      router.route(contract.updateSubscriptions).handle(async ({ body, ctx, kit }) => {
        const userId = ctx.state.user!.id;
        const known = new Set(notificationTypes(kit).map((type) => type.id));
        const channels = new Set(availableChannels(kit));
        const errors: Record<string, string[]> = {};
        body.selections.forEach((selection, index) => {
          if (!known.has(selection.notif_id))
            errors[`selections.${index}.notif_id`] = ['The selected notification does not exist.'];
          for (const channel of Object.keys(selection.channels))
            if (!channels.has(channel))
              errors[`selections.${index}.channels`] = [`The channel "${channel}" is not available.`];
        });
        if (Object.keys(errors).length) throw new ValidationError(errors);
        await kit.knex.transaction(async (trx) => {
          for (const selection of body.selections)
            await trx('notification_subscriptions')
              .insert({
                user_id: userId,
                notif_id: selection.notif_id,
                channels: JSON.stringify(selection.channels),
              })
              .onConflict(['user_id', 'notif_id'])
              .merge(['channels']);
        });
        return {};
      });

      router.route(contract.pushKey).handle(({ kit }) => {
        const publicKey = vapidPublicKey(kit);
        if (!publicKey) throw new HttpError(404, 'Browser notifications are not enabled.');
        return { publicKey };
      });

      router.route(contract.subscribePush).handle(async ({ body, ctx, kit }) => {
        if (!options.push || !vapidPublicKey(kit))
          throw new HttpError(404, 'Browser notifications are not enabled.');
        if (!acceptableEndpoint(body.endpoint))
          throw new ValidationError({ endpoint: ['The endpoint must be an https URL.'] });
        // An endpoint belongs to one browser: a second account signing in there takes it over.
        await kit
          .knex('notification_push_subscriptions')
          .insert({
            user_id: ctx.state.user!.id,
            endpoint: body.endpoint,
            p256dh: body.keys.p256dh,
            auth: body.keys.auth,
            created_at: kit.now(),
          })
          .onConflict('endpoint')
          .merge(['user_id', 'p256dh', 'auth']);
        return {};
      });

      router.route(contract.unsubscribePush).handle(async ({ body, ctx, kit }) => {
        await kit
          .knex('notification_push_subscriptions')
          .where({ user_id: ctx.state.user!.id, endpoint: body.endpoint })
          .delete();
        return {};
      });

      router.route(contract.stream).handle(async ({ ctx, kit }) => {
        const userId = ctx.state.user!.id;
        notificationsState(kit).hub.open(ctx, userId, await unreadCount(kit.knex, userId));
      });

      router.route(contract.unsubscribe).handle(async ({ params, ctx, kit }) => {
        await showUnsubscribePage(ctx, kit, params.token);
      });
      // Served by `oneClickUnsubscribe`, before the XSRF check; listed here for the API reference.
      router.document(contract.unsubscribeOneClick);
    },
    async start(kit) {
      notificationsState(kit, {
        maxStreams: options.maxStreams ?? MAX_STREAMS,
        maxStreamsPerUser: options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER,
      });
      for (const type of options.types ?? []) registerNotificationType(kit, type);
      // A notification raised on another instance reaches the live streams this one holds.
      listenForUnreadCounts(kit);
      if (options.push) await startWebPush(kit, options.push);
    },
    stopping(kit) {
      notificationsState(kit).hub.closeAll();
    },
    async stop(kit) {
      await settleNotifications(kit);
    },
  });
