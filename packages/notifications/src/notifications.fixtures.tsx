import { type BootstrapData, createBootstrapStore, createHttpClient, EMPTY_BOOTSTRAP } from '@backline/core';
import {
  API_PREFIX,
  METHOD_OVERRIDE_HEADER,
  type Notification,
  type NotificationSubscriptions,
} from '@backline/core/contract';
import { BacklineProvider } from '@backline/core/react';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';

// Fixtures for the notifications stories and tests (not published): notifications, preferences, and a stub
// server answering by method and path.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Three notifications: an unread follower with an avatar, an unread one without image, a read release. */
export const storyNotifications: Notification[] = [
  {
    id: 3,
    type: 'music.new_follower',
    read_at: null,
    created_at: minutesAgo(2),
    data: {
      image: null,
      lines: [{ type: 'primary', content: '<strong>Ada Lovelace</strong> started following you' }],
      mainAction: { action: '/user/7/ada-lovelace', label: 'View profile' },
    },
  },
  {
    id: 2,
    type: 'workspace.invite',
    read_at: null,
    created_at: minutesAgo(90),
    data: {
      image: null,
      lines: [
        { type: 'primary', content: 'You were invited to <b>Night Shift</b>' },
        { content: 'Join to edit its playlists.' },
      ],
      buttonActions: [{ action: '/workspace/join/abc', label: 'Join' }],
    },
  },
  {
    id: 1,
    type: 'music.new_release',
    read_at: minutesAgo(60),
    created_at: minutesAgo(3000),
    data: {
      image: null,
      lines: [{ type: 'primary', content: 'Nebula Drift released <b>Harbor Lights</b>' }],
      mainAction: { action: 'https://example.com/albums/harbor-lights', label: 'Listen' },
    },
  },
];

/** Preferences with two groups; the Music group is mixed (its group boxes indeterminate). */
export const storySubscriptions: NotificationSubscriptions = {
  available_channels: ['database', 'email', 'browser'],
  subscriptions: [
    { group_name: 'Social', subscriptions: [{ notif_id: 'music.new_follower', name: 'Someone follows me' }] },
    {
      group_name: 'Music',
      subscriptions: [
        { notif_id: 'music.new_release', name: 'New releases from artists I follow' },
        { notif_id: 'music.playlist_changed', name: 'A playlist I follow changed' },
      ],
    },
  ],
  user_selections: [
    { notif_id: 'music.new_follower', channels: { database: true, email: true, browser: false } },
    { notif_id: 'music.new_release', channels: { database: true, email: false, browser: false } },
    { notif_id: 'music.playlist_changed', channels: { database: true, email: true, browser: false } },
  ],
};

const page = (data: Notification[]) => ({
  pagination: { data, current_page: 1, per_page: 30, total: data.length, last_page: 1 },
});

/** How a story sets things up, in `parameters.notifications`. */
export interface NotificationsStoryParameters {
  notifications?: Notification[];
  subscriptions?: NotificationSubscriptions;
  unreadCount?: number;
  /** Calls never answer (the loading states). */
  loading?: boolean;
}

/** The bootstrap data of a signed-in listener with notifications integrated. */
export function storyBootstrap(unreadCount: number): BootstrapData {
  return {
    ...EMPTY_BOOTSTRAP,
    user: { id: 7, email: 'ada@example.com', display_name: 'Ada', unread_notifications_count: unreadCount },
    settings: {
      branding: { site_name: 'Backline Music' },
      notifications: { integrated: true },
      notif: { subs: { integrated: true } },
      dates: { default_timezone: 'UTC' },
    },
  } as BootstrapData;
}

/** The providers an app gives these components, answering from the fixtures. */
export function NotificationsFixture({
  notifications = storyNotifications,
  subscriptions = storySubscriptions,
  unreadCount = notifications.filter((n) => !n.read_at).length,
  loading,
  children,
}: NotificationsStoryParameters & { children: ReactNode }) {
  const [services] = useState(() => {
    const routes: Record<string, unknown> = {
      'GET notifications': page(notifications),
      'GET notifications/me/subscriptions': subscriptions,
      'POST notifications/mark-all-as-read': { unreadCount: 0 },
      'POST notifications/mark-as-read': { unreadCount: Math.max(0, unreadCount - 1) },
      'PUT notifications/me/subscriptions': {},
    };
    const stub: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : (input as Request).url, 'http://stub.test');
      const method =
        (init?.headers as Record<string, string> | undefined)?.[METHOD_OVERRIDE_HEADER] ??
        init?.method ??
        'GET';
      const path = url.pathname.replace(/^\//, '').replace(API_PREFIX, '');
      return new Response(JSON.stringify(routes[`${method.toUpperCase()} ${path}`] ?? {}), {
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const never: typeof fetch = () => new Promise(() => {});
    return {
      store: createBootstrapStore(storyBootstrap(unreadCount)),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
      http: createHttpClient({ retries: 0, fetch: loading ? never : stub }),
    };
  });
  return (
    <BacklineProvider store={services.store} http={services.http} queryClient={services.queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </BacklineProvider>
  );
}

/** Wraps a story in `NotificationsFixture` with its `parameters.notifications`. */
export const withNotifications: Decorator = (Story, context) => (
  <NotificationsFixture
    key={context.id}
    {...((context.parameters.notifications ?? {}) as NotificationsStoryParameters)}
  >
    <Story />
  </NotificationsFixture>
);
