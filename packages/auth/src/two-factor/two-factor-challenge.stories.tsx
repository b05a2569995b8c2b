import type { Meta, StoryObj } from '@storybook/react-vite';
import { hasFieldError, submit, typeInto, withAuthScreen } from '../auth.fixtures';
import { TwoFactorChallenge } from './two-factor-challenge';

const meta = {
  title: 'Auth/TwoFactorChallenge',
  component: TwoFactorChallenge,
  parameters: { layout: 'fullscreen', authScreen: { path: '/login' } },
  decorators: [withAuthScreen],
} satisfies Meta<typeof TwoFactorChallenge>;
export default meta;
type Story = StoryObj<typeof meta>;

const switchToRecovery = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')]
    .find((button) => button.textContent === 'Use recovery code instead')
    ?.click();

/** A 6-character code from the authenticator app. */
export const Code: Story = {};
/** After "Use recovery code instead": a 21-character recovery code. */
export const RecoveryCode: Story = {
  play: async ({ canvasElement }) => switchToRecovery(canvasElement),
};
/** A code of the wrong length, refused before it is sent. */
export const CodeTooShort: Story = {
  play: async ({ canvasElement }) => {
    typeInto(canvasElement, 'code', '12345');
    await submit(canvasElement, hasFieldError(canvasElement));
  },
};
/** The server refused the code. */
export const InvalidCode: Story = {
  parameters: {
    authScreen: {
      path: '/login',
      answer: {
        status: 422,
        body: {
          message: 'The provided two factor authentication code was invalid.',
          errors: { code: ['The provided two factor authentication code was invalid.'] },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    typeInto(canvasElement, 'code', '123456');
    await submit(canvasElement, hasFieldError(canvasElement));
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
