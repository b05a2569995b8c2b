import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import './styles.css';
import { storyUser, withAccount } from './account.fixtures';
import { AccountSettingsLayout, AccountSettingsPage } from './account-settings-page';

const meta = {
  title: 'Account/AccountSettingsPage',
  component: AccountSettingsPage,
  parameters: { layout: 'fullscreen' },
  decorators: [withAccount],
} satisfies Meta<typeof AccountSettingsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The whole page for a loaded user; the side navigation shows from 1024 px. */
export const Loaded: Story = {};
/** While `GET users/{id}` runs. */
export const Loading: Story = { parameters: { account: { loading: true } } };
/** Without `api.integrated`, the developers section and its navigation entry are gone. */
export const WithoutApi: Story = {
  parameters: { account: { settings: { api: { integrated: false } } } },
  render: () => <AccountSettingsLayout user={storyUser()} />,
};
export const Dark: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = { globals: { direction: 'rtl' } };
