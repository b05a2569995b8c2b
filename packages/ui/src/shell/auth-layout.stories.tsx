import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import { Link } from '../link/link';
import { TextField } from '../text-field/text-field';
import { AuthLayout } from './auth-layout';
import { footerMenu, storyBranding } from './shell.fixtures';

const form = (
  <form
    style={{ display: 'flex', flexDirection: 'column', gap: 20 }}
    onSubmit={(event) => event.preventDefault()}
  >
    <TextField label="Email" type="email" name="email" isRequired />
    <TextField label="Password" type="password" name="password" isRequired />
    <Checkbox name="remember" defaultSelected>
      Stay signed in for a month
    </Checkbox>
    <Button type="submit" fullWidth>
      Continue
    </Button>
  </form>
);

const message = (
  <>
    Don't have an account? <Link href="/register">Sign up</Link>
  </>
);

const meta = {
  title: 'Shell/AuthLayout',
  component: AuthLayout,
  parameters: { layout: 'fullscreen' },
  args: { branding: storyBranding, heading: 'Sign in to your account', children: form, message, footerMenu },
} satisfies Meta<typeof AuthLayout>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithoutMessage: Story = { args: { message: undefined } };
export const WithoutFooterMenu: Story = { args: { footerMenu: [] } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = { globals: { direction: 'rtl' } };
