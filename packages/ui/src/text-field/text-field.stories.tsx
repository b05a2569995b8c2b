import type { Meta, StoryObj } from '@storybook/react-vite';
import { UserIcon } from '../icons/icons';
import { TextField } from './text-field';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Email', type: 'email', name: 'email' },
  decorators: [(Story) => <div style={{ width: 340 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithPlaceholder: Story = { args: { placeholder: 'you@example.com' } };
export const WithDescription: Story = {
  args: { label: 'Token name', type: 'text', description: 'A name that reminds you what the token is for.' },
};
export const Required: Story = { args: { isRequired: true } };
/** A server field error: shown under the field, linked with aria-describedby, field marked invalid. */
export const WithError: Story = {
  args: { defaultValue: 'ada@example', errorMessage: 'The email must be a valid email address.' },
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'ada@example.com' } };
/** The email prefilled from the query, then disabled (register, login, forgot password). */
export const Prefilled: Story = { args: { defaultValue: 'ada@example.com', isDisabled: true } };
export const Password: Story = {
  args: { label: 'Password', type: 'password', name: 'password', defaultValue: 'secret' },
};
export const PasswordWithError: Story = {
  args: {
    label: 'Password',
    type: 'password',
    name: 'password',
    defaultValue: 'secret',
    errorMessage: 'These credentials do not match our records.',
  },
};
export const Multiline: Story = { args: { label: 'Message', type: 'text', multiline: true, rows: 5 } };
export const WithAdornment: Story = {
  args: { label: 'Username', type: 'text', startAdornment: <UserIcon size={18} />, placeholder: 'ada' },
};
export const Dark: Story = {
  args: { errorMessage: 'The email must be a valid email address.', defaultValue: 'ada@' },
  globals: { theme: 'dark' },
};
export const DarkPassword: Story = {
  args: {
    label: 'Password',
    type: 'password',
    defaultValue: 'secret',
    description: 'At least 8 characters.',
  },
  globals: { theme: 'dark' },
};
export const RightToLeft: Story = {
  args: {
    label: 'Password',
    type: 'password',
    defaultValue: 'secret',
    startAdornment: <UserIcon size={18} />,
  },
  globals: { direction: 'rtl' },
};
