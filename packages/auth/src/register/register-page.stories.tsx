import type { Meta, StoryObj } from '@storybook/react-vite';
import { hasFieldError, submit, typeInto, withAuthScreen } from '../auth.fixtures';
import { RegisterPage } from './register-page';

const meta = {
  title: 'Auth/RegisterPage',
  component: RegisterPage,
  parameters: { layout: 'fullscreen', authScreen: { path: '/register' } },
  decorators: [withAuthScreen],
} satisfies Meta<typeof RegisterPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Create a new account", one checkbox per registration policy. */
export const Default: Story = {};
/** Arriving from the pricing page: "First, let's create your account". */
export const FromPricing: Story = {
  parameters: { authScreen: { path: '/register?redirectFrom=pricing' } },
};
/** The workspace invitation variant names the site. */
export const WorkspaceInvitation: Story = {
  parameters: { authScreen: { path: '/workspace/join/register' } },
};
/** An email in the query is pre-filled and locked. */
export const EmailFromQuery: Story = {
  parameters: { authScreen: { path: '/register?email=fan%40example.com' } },
};
export const WithoutPolicies: Story = {
  parameters: { authScreen: { path: '/register', settings: { registration: { policies: [] } } } },
};
/** Submitted empty: every client rule of spec §5, the first invalid field focused. */
export const ClientErrors: Story = {
  play: async ({ canvasElement }) => submit(canvasElement, hasFieldError(canvasElement)),
};
/** The server refused the address and the password: each error on its field. */
export const ServerErrors: Story = {
  parameters: {
    authScreen: {
      path: '/register?email=taken%40example.com',
      answer: {
        status: 422,
        body: {
          message: 'The email has already been taken.',
          errors: {
            email: ['The email has already been taken.'],
            password: ['The password field must be at least 8 characters.'],
          },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    typeInto(canvasElement, 'password', 'short');
    typeInto(canvasElement, 'password_confirmation', 'short');
    for (const box of canvasElement.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) box.click();
    await submit(canvasElement, hasFieldError(canvasElement));
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = { globals: { direction: 'rtl' } };
