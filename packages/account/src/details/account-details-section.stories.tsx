import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import '../styles.css';
import { storyUser, withAccount } from '../account.fixtures';
import { AccountDetailsSection } from './account-details-section';

const avatar = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"><rect width="90" height="90" fill="#5b3fd9"/><circle cx="45" cy="36" r="16" fill="#fff"/><rect x="20" y="58" width="50" height="28" rx="14" fill="#fff"/></svg>',
)}`;

const meta = {
  title: 'Account/AccountDetailsSection',
  component: AccountDetailsSection,
  args: { user: storyUser() },
  decorators: [withAccount],
} satisfies Meta<typeof AccountDetailsSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No avatar yet: initials, and only "Upload image". */
export const WithoutAvatar: Story = {};
/** An avatar: the 90×90 preview and "Remove image". */
export const WithAvatar: Story = { args: { user: storyUser({ avatar }) } };
/** The server refused a name. */
export const ServerError: Story = {
  parameters: {
    account: {
      routes: {
        'PUT users/me': {
          status: 422,
          body: {
            message: 'Invalid',
            errors: { first_name: ['The first name may not be greater than 100 characters.'] },
          },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
