import type { Meta, StoryObj } from '@storybook/react-vite';
import { hasFieldError, submit, typeInto, withAuthScreen } from '../auth.fixtures';
import { PasswordRequiredDialog } from './password-required-dialog';

const meta = {
  title: 'Auth/PasswordRequiredDialog',
  component: PasswordRequiredDialog,
  args: { isOpen: true, email: 'fan@example.com', onConnected: () => {}, onCancel: () => {} },
  parameters: { authScreen: { path: '/login' } },
  decorators: [withAuthScreen],
} satisfies Meta<typeof PasswordRequiredDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened by a social sign-in whose address already has an account. */
export const Default: Story = {};
/** Connect without a password: "This field is required." */
export const Empty: Story = {
  play: async () => submit(document.body, hasFieldError(document.body)),
};
/** A wrong password: the server's error lands on the field. */
export const WrongPassword: Story = {
  parameters: {
    authScreen: {
      path: '/login',
      answer: {
        status: 422,
        body: { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } },
      },
    },
  },
  play: async () => {
    typeInto(document.body, 'password', 'wrong');
    await submit(document.body, hasFieldError(document.body));
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
