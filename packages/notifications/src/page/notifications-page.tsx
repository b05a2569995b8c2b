import { notifications } from '@backline/core/contract';
import { useSettings } from '@backline/core/react';
import { Button, ButtonLink, SpinnerIcon } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { flattenPages, useMarkAsRead, useNotificationPages } from '../core/queries';
import { useUnreadCount } from '../core/use-unread-count';
import { NotificationList } from '../list/notification-list';
import { NotificationsEmptyState } from './empty-state';

export interface NotificationsPageProps {
  /** The settings page; its button shows when notification subscriptions are integrated. */
  settingsHref?: string;
  /** In-app navigation for notifications whose main action is a site path. */
  onNavigate?: (path: string) => void;
}

/** `/notifications`: every notification, 30 a page, with "Mark all as read" while some are unread. */
export function NotificationsPage({
  settingsHref = '/notifications/settings',
  onNavigate,
}: NotificationsPageProps) {
  const { t } = useTranslation();
  const query = useNotificationPages(notifications.NOTIFICATIONS_PER_PAGE);
  const markAll = useMarkAsRead();
  const unread = useUnreadCount();
  const subscriptionsIntegrated = useSettings<boolean>('notif.subs.integrated', false);
  const items = flattenPages(query.data?.pages);
  return (
    <main className="bl-notifications-page">
      <header className="bl-notifications-page__header">
        <h1>{t('Notifications')}</h1>
        <div className="bl-notifications-page__actions">
          {unread > 0 ? (
            <Button
              variant="outline"
              size="sm"
              onPress={() => markAll.mutate(undefined)}
              isPending={markAll.isPending}
            >
              {t('Mark all as read')}
            </Button>
          ) : null}
          {subscriptionsIntegrated && items.length ? (
            <ButtonLink href={settingsHref} variant="text" size="sm">
              {t('Notification settings')}
            </ButtonLink>
          ) : null}
        </div>
      </header>
      {query.isPending ? (
        <div className="bl-notifications-page__loading" role="status" aria-label={t('Loading notifications')}>
          <SpinnerIcon size={32} />
        </div>
      ) : items.length ? (
        <>
          <NotificationList notifications={items} onNavigate={onNavigate} />
          {query.hasNextPage ? (
            <Button
              variant="outline"
              onPress={() => void query.fetchNextPage()}
              isPending={query.isFetchingNextPage}
              className="bl-notifications-page__more"
            >
              {t('Load more')}
            </Button>
          ) : null}
        </>
      ) : (
        <NotificationsEmptyState settingsHref={subscriptionsIntegrated ? settingsHref : null} />
      )}
    </main>
  );
}
