import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Continue', variant: 'primary', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'outline', 'text', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Outline: Story = { args: { variant: 'outline', children: 'Cancel' } };
export const Text: Story = { args: { variant: 'text', children: 'Forgot your password' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete account' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const FullWidth: Story = { args: { fullWidth: true, children: 'Create account' } };
