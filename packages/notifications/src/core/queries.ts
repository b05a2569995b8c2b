import { type Notification, notifications } from '@backline/core/contract';

const NOTIFICATIONS_PER_PAGE = notifications.NOTIFICATIONS_PER_PAGE;

import { useBootstrapStore, useHttp } from '@backline/core/react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Query keys of the notifications, so apps can invalidate them. */
export const notificationQueryKeys = {
  all: ['notifications'] as const,
  list: (perPage: number) => ['notifications', 'list', perPage] as const,
  subscriptions: ['notifications', 'subscriptions'] as const,
};

/** Writes the unread count into the bootstrap user, where the bell and the account menu read it. */
export function useSetUnreadCount(): (count: number) => void {
  const store = useBootstrapStore();
  return useCallback(
    (count) =>
      store.update((data) =>
        data.user && data.user.unread_notifications_count !== count
          ? { ...data, user: { ...data.user, unread_notifications_count: count } }
          : data,
      ),
    [store],
  );
}

/** `GET notifications`, page after page (30 each by default), newest first. */
export function useNotificationPages(perPage: number = NOTIFICATIONS_PER_PAGE) {
  const http = useHttp();
  return useInfiniteQuery({
    queryKey: notificationQueryKeys.list(perPage),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http
        .call(notifications.list, { query: { page: pageParam, perPage }, signal })
        .then((a) => a.pagination),
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}

/** The notifications of the loaded pages, in order. */
export function flattenPages(pages: { data: Notification[] }[] | undefined): Notification[] {
  return pages?.flatMap((page) => page.data) ?? [];
}

/** `POST notifications/mark-as-read` (or mark-all-as-read without ids); the answer's count reaches the bell. */
export function useMarkAsRead() {
  const http = useHttp();
  const client = useQueryClient();
  const setUnread = useSetUnreadCount();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      ids ? http.call(notifications.markAsRead, { body: { ids } }) : http.call(notifications.markAllAsRead),
    onSuccess: (answer) => {
      setUnread(answer.unreadCount);
      void client.invalidateQueries({ queryKey: notificationQueryKeys.all, exact: false });
    },
  });
}

/**
 * `GET notifications/me/subscriptions`, loaded once per visit of the settings page and never refetched behind
 * the user's back: the page edits a local copy and saves it whole.
 */
export function useNotificationSubscriptions() {
  const http = useHttp();
  return useQuery({
    queryKey: notificationQueryKeys.subscriptions,
    queryFn: ({ signal }) => http.call(notifications.subscriptions, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** `PUT notifications/me/subscriptions`. */
export function useUpdateSubscriptions() {
  const http = useHttp();
  return useMutation({
    mutationFn: (selections: { notif_id: string; channels: Record<string, boolean> }[]) =>
      http.call(notifications.updateSubscriptions, { body: { selections } }),
  });
}
