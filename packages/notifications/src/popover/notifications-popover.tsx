import { BellIcon, Button, ButtonLink, DialogTrigger, IconButton, Popover, SpinnerIcon } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages, useMarkAsRead, useNotificationPages } from '../core/queries';
import { useLiveUnreadCount } from '../core/use-unread-count';
import { NotificationList } from '../list/notification-list';
import { NotificationsEmptyState } from '../page/empty-state';

/** How many of the latest notifications the popover shows. */
export const POPOVER_LIMIT = 10;

export interface NotificationsPopoverProps {
  /** The notifications page (`/notifications`). */
  pageHref?: string;
  /** In-app navigation for notifications whose main action is a site path. */
  onNavigate?: (path: string) => void;
  /** Keep the count live over the event stream (on by default). */
  live?: boolean;
}

/** The panel: the latest notifications, "Mark all as read", the link to the page, or the empty state. */
export function NotificationsPanel({
  pageHref = '/notifications',
  onNavigate,
  unreadCount,
}: {
  pageHref?: string;
  onNavigate?: (path: string) => void;
  unreadCount: number;
}) {
  const { t } = useTranslation();
  const query = useNotificationPages(POPOVER_LIMIT);
  const markAll = useMarkAsRead();
  const items = flattenPages(query.data?.pages);
  return (
    <div className="bl-notifications-panel">
      {unreadCount > 0 ? (
        <div className="bl-notifications-panel__actions">
          <Button
            variant="text"
            size="sm"
            onPress={() => markAll.mutate(undefined)}
            isPending={markAll.isPending}
          >
            {t('Mark all as read')}
          </Button>
        </div>
      ) : null}
      {query.isPending ? (
        <div
          className="bl-notifications-panel__loading"
          role="status"
          aria-label={t('Loading notifications')}
        >
          <SpinnerIcon />
        </div>
      ) : items.length ? (
        <NotificationList notifications={items} onNavigate={onNavigate} />
      ) : (
        <NotificationsEmptyState />
      )}
      <div className="bl-notifications-panel__footer">
        <ButtonLink href={pageHref} variant="text" size="sm">
          {t('View all notifications')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** The navbar bell: the unread count as a badge, live, and the popover of the latest notifications. */
export function NotificationsPopover({ pageHref, onNavigate, live = true }: NotificationsPopoverProps) {
  const { t } = useTranslation();
  const count = useLiveUnreadCount(live);
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <IconButton
        aria-label={
          count
            ? t(':count unread notifications', { count, defaultValue_one: ':count unread notification' })
            : t('Notifications')
        }
        className="bl-notifications-bell"
      >
        <BellIcon />
        {count ? (
          <span className="bl-notifications-bell__badge" aria-hidden="true" data-testid="notifications-badge">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </IconButton>
      <Popover title={t('Notifications')} placement="bottom end" className="bl-notifications-popover">
        <NotificationsPanel
          pageHref={pageHref}
          unreadCount={count}
          onNavigate={(path) => {
            setOpen(false);
            onNavigate?.(path);
          }}
        />
      </Popover>
    </DialogTrigger>
  );
}
