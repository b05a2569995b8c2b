import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { withNotifications } from '../notifications.fixtures';
import { NotificationsPanel } from './notifications-popover';

/** The popover's panel as it shows inside the bell's popover (the live count is off in stories). */
const meta = {
  title: 'Notifications/Popover',
  component: NotificationsPanel,
  decorators: [withNotifications],
  args: { unreadCount: 2 },
  render: (args) => (
    <div className="bl-popover bl-popover--panel bl-notifications-popover" style={{ position: 'static' }}>
      <h2 className="bl-popover__title">Notifications</h2>
      <NotificationsPanel {...args} />
    </div>
  ),
} satisfies Meta<typeof NotificationsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two unread (a dot each, no image) and one read; "Mark all as read" shows. */
export const WithUnread: Story = {};
/** Everything read: no "Mark all as read". */
export const AllRead: Story = {
  args: { unreadCount: 0 },
  parameters: { notifications: { notifications: [], unreadCount: 0 } },
};
/** Nothing yet: "Hang tight!". */
export const Empty: Story = {
  args: { unreadCount: 0 },
  parameters: { notifications: { notifications: [], unreadCount: 0 } },
};
/** The first page is on its way. */
export const Loading: Story = { parameters: { notifications: { loading: true } } };
/** The dark theme. */
export const Dark: Story = { globals: { theme: 'dark' } };
