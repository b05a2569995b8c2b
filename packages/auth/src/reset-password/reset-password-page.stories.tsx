import type { Meta, StoryObj } from '@storybook/react-vite';
import { hasFieldError, submit, typeInto, withAuthScreen } from '../auth.fixtures';
import { ResetPasswordPage } from './reset-password-page';

const meta = {
  title: 'Auth/ResetPasswordPage',
  component: ResetPasswordPage,
  parameters: {
    layout: 'fullscreen',
    authScreen: {
      path: '/password/reset/a-token?email=fan%40example.com',
      route: '/password/reset/:token',
    },
  },
  decorators: [withAuthScreen],
} satisfies Meta<typeof ResetPasswordPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the mailed link: the email comes from the link, locked. */
export const FromMailedLink: Story = {};
/** The confirmation does not match. */
export const PasswordsDiffer: Story = {
  play: async ({ canvasElement }) => {
    typeInto(canvasElement, 'password', 'a brand new passphrase');
    typeInto(canvasElement, 'password_confirmation', 'a different passphrase');
    await submit(canvasElement, hasFieldError(canvasElement));
  },
};
/** The link was used or has expired: the server's error on the email field. */
export const SpentLink: Story = {
  parameters: {
    authScreen: {
      path: '/password/reset/a-token?email=fan%40example.com',
      route: '/password/reset/:token',
      answer: {
        status: 422,
        body: {
          message: 'This password reset token is invalid.',
          errors: { email: ['This password reset token is invalid.'] },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    typeInto(canvasElement, 'password', 'a brand new passphrase');
    typeInto(canvasElement, 'password_confirmation', 'a brand new passphrase');
    await submit(canvasElement, hasFieldError(canvasElement));
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
