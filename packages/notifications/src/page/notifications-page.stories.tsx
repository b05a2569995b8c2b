import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { withNotifications } from '../notifications.fixtures';
import { NotificationsPage } from './notifications-page';

const meta = {
  title: 'Notifications/Page',
  component: NotificationsPage,
  decorators: [withNotifications],
} satisfies Meta<typeof NotificationsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Unread and read notifications, "Mark all as read" and the settings link. */
export const WithNotifications: Story = {};
/** The empty state with its "Notification settings" button. */
export const Empty: Story = { parameters: { notifications: { notifications: [], unreadCount: 0 } } };
/** The spinner while the first page loads. */
export const Loading: Story = { parameters: { notifications: { loading: true } } };
