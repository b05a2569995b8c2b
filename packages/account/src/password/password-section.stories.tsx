import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import '../styles.css';
import { withAccount } from '../account.fixtures';
import { PasswordSection } from './password-section';

const meta = {
  title: 'Account/PasswordSection',
  component: PasswordSection,
  decorators: [withAccount],
} satisfies Meta<typeof PasswordSection>;
export default meta;
type Story = StoryObj<typeof meta>;

const type = (root: HTMLElement, name: string, value: string) => {
  const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

/** Empty: the button is disabled until all three fields are valid. */
export const Empty: Story = {};
/** Filled in: the button is enabled. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    type(canvasElement, 'current_password', 'old secret');
    type(canvasElement, 'password', 'a new long secret');
    type(canvasElement, 'password_confirmation', 'a new long secret');
  },
};
/** The server says the current password is wrong. */
export const WrongCurrentPassword: Story = {
  parameters: {
    account: {
      routes: {
        'PUT auth/user/password': {
          status: 422,
          body: { message: 'Invalid', errors: { current_password: ['The password is incorrect.'] } },
        },
      },
    },
  },
  play: async (context) => {
    await Filled.play?.(context);
    await new Promise((resolve) => setTimeout(resolve, 50));
    context.canvasElement.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
