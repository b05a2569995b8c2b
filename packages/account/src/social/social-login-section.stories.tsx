import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import '../styles.css';
import { storyUser, withAccount } from '../account.fixtures';
import { type SocialConnector, SocialServiceList } from './social-login-section';

// The rows with a stand-in connector: the real one opens the provider's popup.
const connector: SocialConnector = {
  connect: async () => true,
  disconnect: async () => {},
};

const meta = {
  title: 'Account/SocialLoginSection',
  component: SocialServiceList,
  args: { user: storyUser(), services: ['google', 'facebook', 'twitter'], connector },
  decorators: [withAccount],
} satisfies Meta<typeof SocialServiceList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Google connected (a profile with a username), Facebook and Twitter not. */
export const SomeConnected: Story = {};
/** Nothing connected: every row offers Enable. */
export const NoneConnected: Story = { args: { user: storyUser({ social_profiles: [] }) } };
/** No provider enabled in settings. */
export const NoneEnabled: Story = { args: { services: [] } };
export const Dark: Story = { globals: { theme: 'dark' } };
