import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import '../styles.css';
import { storySessions, withAccount } from '../account.fixtures';
import { LogoutOtherSessionsDialog, SessionsSection } from './sessions-section';

const meta = {
  title: 'Account/SessionsSection',
  component: SessionsSection,
  decorators: [withAccount],
} satisfies Meta<typeof SessionsSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** This device, a phone, a tablet and an API token. */
export const Sessions: Story = {};
/** Many sessions: the list scrolls past 400 px. */
export const ManySessions: Story = {
  parameters: {
    account: {
      sessions: Array.from({ length: 12 }, (_, index) => ({
        ...storySessions[index % 3]!,
        id: index + 1,
        is_current_device: index === 0,
      })),
    },
  },
};
/** While `GET user-sessions` runs. */
export const Loading: Story = { parameters: { account: { loading: true } } };
/** "Log out other sessions" asks for the password. */
export const LogoutDialog: Story = {
  render: () => <LogoutOtherSessionsDialog isOpen onOpenChange={() => {}} />,
};
export const Dark: Story = { globals: { theme: 'dark' } };
