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
const pressDelete = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  [...canvasElement.querySelectorAll('button')]
    .find((button) => button.textContent === 'Delete account')
    ?.click();
};
/** "Delete account" asks first (the password was confirmed recently). */
export const ConfirmDialog: Story = {
  parameters: {
    account: { routes: { 'GET auth/user/confirmed-password-status': { body: { confirmed: true } } } },
  },
  play: pressDelete,
};
/** Past the 9000-second window, "Delete account" asks for the password before anything else. */
export const AsksForPassword: Story = {
  parameters: {
    account: { routes: { 'GET auth/user/confirmed-password-status': { body: { confirmed: false } } } },
  },
  play: pressDelete,
};
export const Dark: Story = { globals: { theme: 'dark' } };
