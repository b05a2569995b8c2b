import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import '../styles.css';
import { withAccount } from '../account.fixtures';
import { DeleteAccountSection } from './delete-account-section';

const meta = {
  title: 'Account/DeleteAccountSection',
  component: DeleteAccountSection,
  args: { userId: 7 },
  decorators: [withAccount],
} satisfies Meta<typeof DeleteAccountSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The danger zone. */
export const DangerZone: Story = {};
/** "Delete account" asks first. */
export const ConfirmDialog: Story = {
  play: async ({ canvasElement }) => {
    [...canvasElement.querySelectorAll('button')]
      .find((button) => button.textContent === 'Delete account')
      ?.click();
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
