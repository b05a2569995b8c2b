// The notifications page, its settings and the workspaces page, in a chunk of their own.
import '@backline/notifications/styles.css';
import { useSettings } from '@backline/core/react';
import {
  NotificationsPage as ListPage,
  NotificationSettingsPage as SettingsPage,
  WorkspacesPage,
} from '@backline/notifications';
import { NotFoundPage } from '@backline/ui';
import { useNavigate } from 'react-router-dom';

/** `/notifications`; the 404 page when notifications are not integrated. */
export function NotificationsPage() {
  const navigate = useNavigate();
  const integrated = useSettings<boolean>('notifications.integrated', false);
  if (!integrated) return <NotFoundPage />;
  return <ListPage settingsHref="/notifications/settings" onNavigate={(path) => navigate(path)} />;
}

/** `/notifications/settings`; the 404 page when notifications are not integrated. */
export function NotificationSettingsPage() {
  const integrated = useSettings<boolean>('notifications.integrated', false);
  if (!integrated) return <NotFoundPage />;
  return <SettingsPage />;
}

export { WorkspacesPage };
