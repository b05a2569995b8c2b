import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, ButtonLink } from './button';

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
export const Small: Story = { args: { size: 'sm', children: 'Enable' } };
export const Large: Story = { args: { size: 'lg', children: 'Create account' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Pending: Story = { args: { isPending: true, children: 'Continue' } };
export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Create account' },
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
};

const all = () => (
  <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
    <Button>Continue</Button>
    <Button variant="outline">Cancel</Button>
    <Button variant="text">Forgot your password</Button>
    <Button variant="danger">Delete account</Button>
    <Button isDisabled>Disabled</Button>
    <Button isPending>Saving</Button>
    <ButtonLink href="/register" variant="outline">
      Register
    </ButtonLink>
  </div>
);

/** Every variant on the dark theme. */
export const AllVariantsDark: Story = { render: all, globals: { theme: 'dark' } };
/** Every variant, right to left. */
export const AllVariantsRightToLeft: Story = { render: all, globals: { direction: 'rtl' } };
/** A link styled as a button: `href` navigates client-side under UiProvider. */
export const AsLink: Story = {
  render: () => (
    <ButtonLink href="/login" variant="primary">
      Login
    </ButtonLink>
  ),
};
