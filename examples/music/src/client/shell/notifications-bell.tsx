import '@backline/notifications/styles.css';
import { NotificationsPopover } from '@backline/notifications';
import { useNavigate } from 'react-router-dom';

/** The navbar's bell: the live unread count and the latest notifications; site paths navigate in the app. */
export function NotificationsBell() {
  const navigate = useNavigate();
  return <NotificationsPopover pageHref="/notifications" onNavigate={(path) => navigate(path)} />;
}
