import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import type { billing } from '@backline/core/contract';
import { useState } from 'react';
import { SubscriptionsTable, type SubscriptionsTableProps } from './subscriptions-page';

const PLANS: billing.Product[] = [
  {
    id: 1,
    name: 'Free',
    description: null,
    hidden: false,
    free: true,
    recommended: false,
    feature_list: [],
    position: 0,
    permissions: [],
    prices: [],
  },
  {
    id: 2,
    name: 'Premium',
    description: 'Downloads and no ads.',
    hidden: false,
    free: false,
    recommended: true,
    feature_list: ['Downloads'],
    position: 1,
    permissions: ['music.download'],
    prices: [
      { id: 21, product_id: 2, amount: 999, currency: 'usd', interval: 'month', interval_count: 1 },
      { id: 22, product_id: 2, amount: 9900, currency: 'usd', interval: 'year', interval_count: 1 },
    ],
  },
];

const subscription = (
  id: number,
  user: { email: string; name: string },
  fields: Partial<billing.AdminSubscription>,
): billing.AdminSubscription => ({
  id,
  product_id: 2,
  price_id: 22,
  status: 'active',
  valid: true,
  cancel_at_period_end: false,
  current_period_end: '2027-01-04T00:00:00.000Z',
  trial_ends_at: null,
  ends_at: null,
  provider: 'stripe',
  user_id: id + 100,
  user: { id: id + 100, ...user },
  ...fields,
});

const ROWS: billing.AdminSubscription[] = [
  subscription(4, { email: 'ada@example.com', name: 'Ada Lovelace' }, {}),
  subscription(
    3,
    { email: 'alan@example.com', name: 'alan@example.com' },
    { cancel_at_period_end: true, price_id: 21 },
  ),
  subscription(2, { email: 'grace@example.com', name: 'Grace Hopper' }, { status: 'past_due' }),
  subscription(
    1,
    { email: 'edsger@example.com', name: 'Edsger Dijkstra' },
    { status: 'canceled', valid: false, ends_at: '2026-06-01T00:00:00.000Z' },
  ),
];

/** The table with its filters held in the story, the way the page holds them in the URL. */
function Interactive(props: Partial<SubscriptionsTableProps>) {
  const [filters, setFilters] = useState<{ status?: string; product_id?: string }>({});
  const [query, setQuery] = useState('');
  const rows = (props.rows ?? ROWS).filter(
    (row) =>
      (!filters.status || row.status === filters.status) &&
      (!filters.product_id || String(row.product_id) === filters.product_id) &&
      row.user.email.includes(query),
  );
  return (
    <SubscriptionsTable
      status="success"
      plans={PLANS}
      onCancel={() => {}}
      {...props}
      rows={rows}
      pagination={{ page: 1, lastPage: 1, total: rows.length }}
      search={{ value: query, onChange: setQuery }}
      filters={filters}
      onFilterChange={(name, value) => setFilters((current) => ({ ...current, [name]: value ?? undefined }))}
      isFiltered={Boolean(query || filters.status || filters.product_id)}
    />
  );
}

/** The admin's subscriptions list: subscriber, plan, price, status, period end, and a Cancel for live ones. */
const meta = {
  title: 'Admin/Billing/Subscriptions',
  component: Interactive,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Interactive>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

export const Loading: Story = { args: { status: 'loading', rows: [] } };

export const Empty: Story = { args: { rows: [] } };
