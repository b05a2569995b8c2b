import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import '../styles.css';
import { storyUser, withAccount } from '../account.fixtures';
import { TwoFactorSection } from './two-factor-section';

const codes = [
  'aB3dE-fG5hI-jK7lM-nP9qR',
  'sT2uV-wX4yZ-aB6cD-eF8gH',
  'iJ1kL-mN3oP-qR5sT-uV7wX',
  'yZ9aB-cD2eF-gH4iJ-kL6mN',
];
const qrSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0zM9 9h3v3H9z" fill="#000"/></svg>';

const meta = {
  title: 'Account/TwoFactorSection',
  component: TwoFactorSection,
  args: { user: storyUser() },
  decorators: [withAccount],
  parameters: {
    account: {
      routes: {
        'GET auth/user/two-factor/qr-code': { body: { svg: qrSvg, secret: 'JBSWY3DPEHPK3PXP' } },
        'GET auth/user/confirmed-password-status': { body: { confirmed: false } },
      },
    },
  },
} satisfies Meta<typeof TwoFactorSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** State 0: not enabled, "Enable". */
export const NotEnabled: Story = {};
/** State 1: recovery codes exist but no confirmation yet: QR code, setup key, code form. */
export const PendingConfirmation: Story = { args: { user: storyUser({ two_factor_recovery_codes: codes }) } };
/** State 2: enabled, with the recovery codes, Regenerate and Disable. */
export const Enabled: Story = {
  args: {
    user: storyUser({ two_factor_confirmed_at: '2026-06-01T10:00:00Z', two_factor_recovery_codes: codes }),
  },
};
/** State 2 outside the password window: the codes stay hidden until the password is confirmed. */
export const EnabledCodesHidden: Story = {
  args: {
    user: storyUser({ two_factor_confirmed_at: '2026-06-01T10:00:00Z', two_factor_recovery_codes: [] }),
  },
};
/** "Enable" outside the 9000-second window opens the password dialog. */
export const PasswordDialog: Story = {
  play: async ({ canvasElement }) => {
    [...canvasElement.querySelectorAll('button')].find((button) => button.textContent === 'Enable')?.click();
  },
};
export const Dark: Story = { ...Enabled, globals: { theme: 'dark' } };
