import * as z from 'zod/mini';
import { idField, idParam, MAX_ID } from '../fields';
import { raw, route } from '../route';
import { paginated } from '../schemas/common';
import {
  Notification,
  NotificationSelection,
  NotificationSubscriptions,
  UnreadCountAnswer,
} from '../schemas/notification';

/** The notifications page and the popover read pages of this many notifications. */
export const NOTIFICATIONS_PER_PAGE = 30;
/** The largest page `GET notifications` answers. */
export const NOTIFICATIONS_PER_PAGE_MAX = 100;
/** How many ids one mark-as-read call may carry. */
export const MARK_AS_READ_MAX_IDS = 500;
/** The channels the kit delivers through; a product may add more (the settings page lists what the server offers). */
export const NOTIFICATION_CHANNELS = ['database', 'email', 'browser'] as const;

/** `GET notifications`: the signed-in user's notifications, newest first (30 a page by default). */
export const list = route({
  method: 'GET',
  path: 'notifications',
  tag: 'notifications',
  summary: "The signed-in user's notifications, newest first",
  auth: true,
  query: z.object({
    page: z._default(
      z.optional(
        z.pipe(
          z.union([z.string(), z.number()]),
          z.pipe(
            z.transform((value: string | number) => Number(value)),
            z
              .number('The page must be a positive whole number.')
              .check(
                z.int('The page must be a positive whole number.'),
                z.gte(1, 'The page must be a positive whole number.'),
                z.lte(MAX_ID, 'The page must be a positive whole number.'),
              ),
          ),
        ),
      ),
      1,
    ),
    perPage: z._default(
      z.optional(
        z.pipe(
          z.union([z.string(), z.number()]),
          z.pipe(
            z.transform((value: string | number) => Number(value)),
            z
              .number(`The per page must be a whole number between 1 and ${NOTIFICATIONS_PER_PAGE_MAX}.`)
              .check(
                z.int(`The per page must be a whole number between 1 and ${NOTIFICATIONS_PER_PAGE_MAX}.`),
                z.gte(1, `The per page must be a whole number between 1 and ${NOTIFICATIONS_PER_PAGE_MAX}.`),
                z.lte(
                  NOTIFICATIONS_PER_PAGE_MAX,
                  `The per page must be a whole number between 1 and ${NOTIFICATIONS_PER_PAGE_MAX}.`,
                ),
              ),
          ),
        ),
      ),
      NOTIFICATIONS_PER_PAGE,
    ),
  }),
  response: paginated(Notification),
});

/** `POST notifications/mark-as-read`: marks the given notifications of the user read; answers what is left unread. */
export const markAsRead = route({
  method: 'POST',
  path: 'notifications/mark-as-read',
  tag: 'notifications',
  summary: 'Mark notifications as read',
  auth: true,
  body: z.object({
    ids: z
      .array(idField('ids'), { error: 'The ids field is required.' })
      .check(
        z.minLength(1, 'The ids field is required.'),
        z.maxLength(
          MARK_AS_READ_MAX_IDS,
          `The ids field must not have more than ${MARK_AS_READ_MAX_IDS} items.`,
        ),
      ),
  }),
  response: UnreadCountAnswer,
});

/** `POST notifications/mark-all-as-read`: every notification of the user read; answers `unreadCount: 0`. */
export const markAllAsRead = route({
  method: 'POST',
  path: 'notifications/mark-all-as-read',
  tag: 'notifications',
  summary: 'Mark every notification as read',
  auth: true,
  response: UnreadCountAnswer,
});

/** `DELETE notifications/{id}`: removes one of the user's notifications (another user's answers 404). */
export const remove = route({
  method: 'DELETE',
  path: 'notifications/{id}',
  tag: 'notifications',
  summary: 'Delete a notification',
  auth: true,
  params: z.object({ id: idParam() }),
  response: UnreadCountAnswer,
  errors: [404],
});

/** `GET notifications/me/subscriptions`: the channels, the types by group and the user's choices. */
export const subscriptions = route({
  method: 'GET',
  path: 'notifications/me/subscriptions',
  tag: 'notifications',
  summary: 'Notification preferences: channels, types and the choices made',
  auth: true,
  response: NotificationSubscriptions,
});

/** `PUT notifications/me/subscriptions`: saves the choices for the types named (others keep theirs). */
export const updateSubscriptions = route({
  method: 'PUT',
  path: 'notifications/me/subscriptions',
  tag: 'notifications',
  summary: 'Save notification preferences',
  auth: true,
  body: z.object({
    selections: z.array(NotificationSelection).check(z.maxLength(500)),
  }),
  response: z.object({}),
});

/**
 * `GET notifications/stream`: Server-Sent Events carrying `unread` events (`{"unreadCount": n}`) whenever the
 * user's count changes, behind the session cookie. The first event carries the current count.
 */
export const stream = route({
  method: 'GET',
  path: 'notifications/stream',
  tag: 'notifications',
  summary: 'Live unread count (Server-Sent Events)',
  auth: true,
  response: raw('text/event-stream', 'An event stream of `unread` events'),
  errors: [503],
  token: false,
});

const UnsubscribeToken = z.object({ token: z.string().check(z.minLength(1), z.maxLength(1000)) });

/**
 * `GET notifications/unsubscribe/{token}`: the link at the foot of a notification mail. It only shows a page that
 * asks to confirm (a GET must change nothing: mail scanners and link previews open every link); the page's button
 * posts to `unsubscribeOneClick`. An unknown or altered token answers a 404 page.
 */
export const unsubscribe = route({
  method: 'GET',
  path: 'notifications/unsubscribe/{token}',
  tag: 'notifications',
  summary: 'The mailed unsubscribe link: a page that asks to confirm',
  params: UnsubscribeToken,
  response: raw('text/html', 'The confirmation page'),
  errors: [404],
});

/**
 * `POST notifications/unsubscribe/{token}`: turns email off for the one type the sealed token names. It is the
 * RFC 8058 one-click target of the mail's `List-Unsubscribe` header, so it needs no session and no XSRF header:
 * a mail client posts `List-Unsubscribe=One-Click` without cookies, and the token (sealed by the server, never
 * guessable) is the authority. Answers a page saying it is done.
 */
export const unsubscribeOneClick = route({
  method: 'POST',
  path: 'notifications/unsubscribe/{token}',
  tag: 'notifications',
  summary: 'Unsubscribe from one notification type by mail (RFC 8058 one-click; no session needed)',
  params: UnsubscribeToken,
  response: raw('text/html', 'A page saying email is off for that type'),
  errors: [404],
});

/** `GET notifications/push/key`: the VAPID public key a browser subscribes with (404 when Web Push is off). */
export const pushKey = route({
  method: 'GET',
  path: 'notifications/push/key',
  tag: 'notifications',
  summary: "The server's VAPID public key for Web Push",
  auth: true,
  response: z.object({ publicKey: z.string() }),
  errors: [404],
});

const PushEndpoint = z
  .url({ protocol: /^https?$/, error: 'The endpoint must be a URL.' })
  .check(z.maxLength(2000));

/** `POST notifications/push/subscriptions`: stores this device's push subscription (one per endpoint). */
export const subscribePush = route({
  method: 'POST',
  path: 'notifications/push/subscriptions',
  tag: 'notifications',
  summary: "Store this browser's push subscription",
  auth: true,
  body: z.object({
    endpoint: PushEndpoint,
    keys: z.object({
      p256dh: z.string().check(z.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'The p256dh key is not valid.')),
      auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'The auth secret is not valid.')),
    }),
  }),
  response: z.object({}),
  errors: [404],
});

/** `DELETE notifications/push/subscriptions`: forgets this device's subscription. */
export const unsubscribePush = route({
  method: 'DELETE',
  path: 'notifications/push/subscriptions',
  tag: 'notifications',
  summary: "Forget this browser's push subscription",
  auth: true,
  body: z.object({ endpoint: PushEndpoint }),
  response: z.object({}),
});
