import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { storySubscription, withBilling } from '../billing.fixtures';
import { BillingPage } from './billing-page';

/** `/billing`: the current plan, the next payment, cancel or resume, the provider's portal and the invoices. */
const meta = {
  title: 'Billing/Billing page',
  component: BillingPage,
  decorators: [withBilling],
  // Stories never leave the page for the provider's portal.
  args: { redirect: () => {} },
  parameters: { billing: { viewer: 'subscriber' } },
} satisfies Meta<typeof BillingPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A yearly Pro subscriber with one paid invoice: "Next payment" and "Cancel plan". */
export const Subscribed: Story = {};
/** Cancelled at period end: the day the plan ends and "Resume plan". */
export const Cancelled: Story = {
  parameters: {
    billing: {
      viewer: 'subscriber',
      subscription: { ...storySubscription, cancel_at_period_end: true, ends_at: '2027-03-01T00:00:00.000Z' },
    },
  },
};
/** No subscription: "See plans". */
export const NoSubscription: Story = { parameters: { billing: { viewer: 'listener' } } };
/** The subscription is on its way. */
export const Loading: Story = { parameters: { billing: { viewer: 'subscriber', loading: true } } };
/** The dark theme. */
export const Dark: Story = { globals: { theme: 'dark' } };
