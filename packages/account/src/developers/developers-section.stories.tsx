import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import '../styles.css';
import { storyUser, withAccount } from '../account.fixtures';
import { CreateTokenDialog, DevelopersSection } from './developers-section';

const meta = {
  title: 'Account/DevelopersSection',
  component: DevelopersSection,
  args: { user: storyUser() },
  decorators: [withAccount],
} satisfies Meta<typeof DevelopersSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two tokens: one used 90 minutes ago, one "Never". */
export const Tokens: Story = {};
/** No tokens yet. */
export const NoTokens: Story = { args: { user: storyUser({ tokens: [] }) } };
/** The create dialog: a name is required. */
export const CreateDialog: Story = {
  render: () => <CreateTokenDialog userId={7} isOpen onOpenChange={() => {}} />,
};
/** After creation: the plain-text token, shown once, with Copy. */
export const CreatedToken: Story = {
  render: () => (
    <CreateTokenDialog
      userId={7}
      isOpen
      onOpenChange={() => {}}
      initialPlainText="4|u1RkQ0s2cV8mJ3xYb7tLp9aZeW5nHqD6gF4kT1oC"
    />
  ),
};
export const Dark: Story = { globals: { theme: 'dark' } };
