import type { Meta, StoryObj } from '@storybook/react-vite';
import { withAuthScreen } from '../auth.fixtures';
import { LoginPage } from '../login/login-page';
import { RegisterPage } from '../register/register-page';
import { SocialButtonsPlaceholder } from './lazy-social-buttons';
import { SocialButtons } from './social-buttons';

const allProviders = {
  social: { google: { enable: true }, facebook: { enable: true }, twitter: { enable: true } },
};

const meta = {
  title: 'Auth/SocialButtons',
  component: SocialButtons,
  parameters: { authScreen: { path: '/login', settings: allProviders } },
  decorators: [withAuthScreen],
} satisfies Meta<typeof SocialButtons>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One full-width button per enabled provider. */
export const AllProviders: Story = {};
/** `social.compact_buttons`: icon-only buttons in a row, each named for assistive technology. */
export const Compact: Story = {
  parameters: {
    authScreen: { path: '/login', settings: { social: { ...allProviders.social, compact_buttons: true } } },
  },
};
export const GoogleOnly: Story = {
  parameters: { authScreen: { path: '/login', settings: { social: { google: { enable: true } } } } },
};
/** Nothing renders while registration is disabled. */
export const RegistrationDisabled: Story = {
  parameters: {
    authScreen: { path: '/login', settings: { ...allProviders, registration: { disable: true } } },
  },
};
/** While the buttons' code loads (`LazySocialButtons`, which the screens use): a skeleton of the same size. */
export const Loading: Story = {
  render: () => <SocialButtonsPlaceholder />,
};
export const LoadingCompact: Story = {
  parameters: Compact.parameters,
  render: () => <SocialButtonsPlaceholder />,
};
/** Under the login form. */
export const OnLoginPage: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <LoginPage />,
};
/** Under the register form. */
export const OnRegisterPage: Story = {
  parameters: { layout: 'fullscreen', authScreen: { path: '/register', settings: allProviders } },
  render: () => <RegisterPage />,
};
export const Dark: Story = { globals: { theme: 'dark' } };
