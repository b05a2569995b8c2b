import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { withBilling } from '../billing.fixtures';
import { PricingPage } from './pricing-page';

/** `/pricing`: yearly first, the recommended plan larger with "Most popular"; the hidden plan is not listed. */
const meta = {
  title: 'Billing/Pricing page',
  component: PricingPage,
  decorators: [withBilling],
} satisfies Meta<typeof PricingPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor: "Get started" on the free plan and "Upgrade" on the paid ones, all to the register screen. */
export const Visitor: Story = {};
/** A listener on the free plan: "You're on Free" (no action), "Upgrade" to each paid plan's checkout. */
export const FreeListener: Story = { parameters: { billing: { viewer: 'listener' } } };
/** A Pro subscriber: paid plans lead to the change-plan confirmation; the plan and period paid for has none. */
export const Subscriber: Story = { parameters: { billing: { viewer: 'subscriber' } } };
/** The plans are on their way: three skeleton cards. */
export const Loading: Story = { parameters: { billing: { loading: true } } };
/** The dark theme. */
export const Dark: Story = { globals: { theme: 'dark' } };
