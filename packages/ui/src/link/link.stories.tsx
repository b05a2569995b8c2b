import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from './link';

const meta = {
  title: 'UI/Link',
  component: Link,
  args: { href: '/forgot-password', children: 'Forgot your password' },
} satisfies Meta<typeof Link>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const InText: Story = {
  render: () => (
    <p>
      Already have an account? <Link href="/login">Sign in.</Link>
    </p>
  ),
};
export const Inherit: Story = { args: { variant: 'inherit', children: 'Privacy policy' } };
export const External: Story = {
  args: { href: 'https://example.com', target: '_blank', rel: 'noopener noreferrer', children: 'API docs' },
};
export const Disabled: Story = { args: { isDisabled: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = {
  render: () => (
    <p>
      Already have an account? <Link href="/login">Sign in.</Link>
    </p>
  ),
  globals: { direction: 'rtl' },
};
