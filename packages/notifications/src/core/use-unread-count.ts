import { loadBootstrap } from '@backline/core';
import { notifications } from '@backline/core/contract';
import { useHttp, useUser } from '@backline/core/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sharedLiveUnreadCount } from './live-unread-count';
import { notificationQueryKeys, useSetUnreadCount } from './queries';

/** The signed-in user's unread count, as the bootstrap user carries it (0 for visitors). */
export function useUnreadCount(): number {
  return useUser()?.unread_notifications_count ?? 0;
}

/**
 * Keeps the unread count live while mounted: one event stream per tab, shared by every caller, polling when
 * streams are not possible. A count that goes up also refreshes the loaded notification lists.
 */
export function useLiveUnreadCount(enabled = true): number {
  const http = useHttp();
  const user = useUser();
  const client = useQueryClient();
  const setUnread = useSetUnreadCount();
  const count = user?.unread_notifications_count ?? 0;
  const last = useRef(count);
  last.current = count;
  const userId = user?.id;
  useEffect(() => {
    if (!enabled || !userId) return;
    const live = sharedLiveUnreadCount({
      url: http.url(notifications.stream.path),
      poll: () => loadBootstrap(http).then((data) => data.user?.unread_notifications_count),
    });
    return live.subscribe((next) => {
      if (next > last.current)
        void client.invalidateQueries({ queryKey: notificationQueryKeys.all, exact: false });
      setUnread(next);
    });
  }, [enabled, userId, http, client, setUnread]);
  return count;
}
