import type { Meta, StoryObj } from '@storybook/react-vite';
import { withAuthScreen } from '../auth.fixtures';
import { ForgotPasswordPage } from './forgot-password-page';

const meta = {
  title: 'Auth/ForgotPasswordPage',
  component: ForgotPasswordPage,
  parameters: { layout: 'fullscreen', authScreen: { path: '/forgot-password' } },
  decorators: [withAuthScreen],
} satisfies Meta<typeof ForgotPasswordPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const EmailFromQuery: Story = {
  parameters: { authScreen: { path: '/forgot-password?email=fan%40example.com' } },
};
/** No sign-up link while registration is disabled. */
export const RegistrationDisabled: Story = {
  parameters: { authScreen: { path: '/forgot-password', settings: { registration: { disable: true } } } },
};
export const Dark: Story = { globals: { theme: 'dark' } };
