import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { withNotifications } from '../notifications.fixtures';
import type { BrowserPermission } from './browser-permission';
import { NotificationSettingsPage } from './notification-settings-page';

const denied: BrowserPermission = { state: () => 'denied', request: async () => 'denied' };
const granted: BrowserPermission = { state: () => 'granted', request: async () => 'granted' };

const meta = {
  title: 'Notifications/Settings',
  component: NotificationSettingsPage,
  decorators: [withNotifications],
  args: { permission: granted },
} satisfies Meta<typeof NotificationSettingsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two groups; Music's Email box is indeterminate (one of its two types mails). */
export const Default: Story = {};
/** The browser has blocked notifications: turning Browser on shows the danger toast and leaves it off. */
export const BrowserBlocked: Story = { args: { permission: denied } };
/** The preferences are loading. */
export const Loading: Story = { parameters: { notifications: { loading: true } } };
/** The dark theme. */
export const Dark: Story = { globals: { theme: 'dark' } };
