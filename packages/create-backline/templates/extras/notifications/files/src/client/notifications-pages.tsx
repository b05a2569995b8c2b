import '@backline/notifications/styles.css';
import { NotificationSettingsPage, NotificationsPage } from '@backline/notifications';
import { Route, Routes, useNavigate } from 'react-router-dom';

export default function NotificationsPages() {
  const navigate = useNavigate();
  return (
    <Routes>
      <Route
        index
        element={<NotificationsPage settingsHref="/notifications/settings" onNavigate={navigate} />}
      />
      <Route path="settings" element={<NotificationSettingsPage />} />
    </Routes>
  );
}
