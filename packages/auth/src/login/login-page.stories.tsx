import type { Meta, StoryObj } from '@storybook/react-vite';
import { hasFieldError, submit, withAuthScreen } from '../auth.fixtures';
import { LoginPage } from './login-page';

const meta = {
  title: 'Auth/LoginPage',
  component: LoginPage,
  parameters: { layout: 'fullscreen', authScreen: { path: '/login' } },
  decorators: [withAuthScreen],
} satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Stay signed in for a month" is on by default. */
export const Default: Story = {};
export const WorkspaceInvitation: Story = {
  parameters: { authScreen: { path: '/workspace/join/login' } },
};
/** No "Sign up" line while registration is disabled. */
export const RegistrationDisabled: Story = {
  parameters: { authScreen: { path: '/login', settings: { registration: { disable: true } } } },
};
export const EmailFromQuery: Story = {
  parameters: { authScreen: { path: '/login?email=fan%40example.com' } },
};
/** A demo site pre-fills the fixed demo admin (`site.loginPageDefaults`: singleAccount). */
export const DemoSingleAccount: Story = {
  parameters: { authScreen: { path: '/login', settings: { site: { demo: true } } } },
};
/** …or one of the numbered demo admins (randomAccount). */
export const DemoRandomAccount: Story = {
  parameters: {
    authScreen: {
      path: '/login',
      settings: { site: { demo: true, loginPageDefaults: 'randomAccount' } },
    },
  },
};
/** Submitted empty. */
export const ClientErrors: Story = {
  play: async ({ canvasElement }) => submit(canvasElement, hasFieldError(canvasElement)),
};
/** A wrong password: the server's error lands on the email field, focused. */
export const WrongPassword: Story = {
  parameters: {
    authScreen: {
      path: '/login',
      settings: { site: { demo: true } },
      answer: {
        status: 422,
        body: {
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        },
      },
    },
  },
  play: async ({ canvasElement }) => submit(canvasElement, hasFieldError(canvasElement)),
};
export const Dark: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = { globals: { direction: 'rtl' } };
