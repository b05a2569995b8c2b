import type { Meta, StoryObj } from '@storybook/react-vite';
import '@backline/uploads/styles.css';
import '../styles.css';
import { storyUser, withAccount } from '../account.fixtures';
import { LocationSection } from './location-section';

const meta = {
  title: 'Account/LocationSection',
  component: LocationSection,
  args: { user: storyUser() },
  decorators: [withAccount],
} satisfies Meta<typeof LocationSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Timezone, country and language filled from the user. */
export const Filled: Story = {};
/** A user who has not chosen any yet. */
export const Empty: Story = { args: { user: storyUser({ timezone: null, country: null, language: null }) } };
/** While the value lists load. */
export const Loading: Story = { parameters: { account: { loading: true } } };
export const Dark: Story = { globals: { theme: 'dark' } };
