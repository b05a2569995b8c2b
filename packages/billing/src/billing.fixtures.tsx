import { type BootstrapData, createBootstrapStore, createHttpClient, EMPTY_BOOTSTRAP } from '@backline/core';
import type { billing } from '@backline/core/contract';
import { BacklineProvider } from '@backline/core/react';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { billingQueryKeys } from './shared/use-billing';

// Fixtures for the billing stories and tests (not published): three plans, a subscription and its invoices. The
// answers are put in the query cache up front, so a story shows its state on the first render (Storybook and the
// server-side render test alike); `loading` leaves the cache empty and no call ever answers.

const price = (
  id: number,
  productId: number,
  amount: number,
  interval: billing.Price['interval'],
): billing.Price => ({ id, product_id: productId, amount, currency: 'usd', interval, interval_count: 1 });

/** Free, Pro (recommended) and Premium, each paid plan billed monthly and yearly; a hidden plan never listed. */
export const storyProducts: billing.Product[] = [
  {
    id: 1,
    name: 'Free',
    description: 'Listen with ads, on any device.',
    hidden: false,
    free: true,
    recommended: false,
    feature_list: ['Unlimited listening', 'Playlists up to 100 tracks'],
    position: 0,
    permissions: [],
    prices: [],
  },
  {
    id: 2,
    name: 'Pro',
    description: 'No ads, and downloads.',
    hidden: false,
    free: false,
    recommended: true,
    feature_list: ['No ads', 'Download tracks', 'Playlists up to 1,000 tracks'],
    position: 1,
    permissions: ['music.download', 'ads.disable'],
    prices: [price(21, 2, 999, 'month'), price(22, 2, 9990, 'year')],
  },
  {
    id: 3,
    name: 'Premium',
    description: 'Everything in Pro, for the whole family.',
    hidden: false,
    free: false,
    recommended: false,
    feature_list: ['Everything in Pro', 'Six accounts'],
    position: 2,
    permissions: ['music.download', 'ads.disable'],
    prices: [price(31, 3, 1499, 'month'), price(32, 3, 14990, 'year')],
  },
  {
    id: 4,
    name: 'Staff',
    description: null,
    hidden: true,
    free: false,
    recommended: false,
    feature_list: [],
    position: 3,
    permissions: [],
    prices: [price(41, 4, 100, 'year')],
  },
];

/** A yearly Pro subscription that renews on 1 March 2027. */
export const storySubscription: billing.Subscription = {
  id: 5,
  product_id: 2,
  price_id: 22,
  status: 'active',
  valid: true,
  cancel_at_period_end: false,
  current_period_end: '2027-03-01T00:00:00.000Z',
  trial_ends_at: null,
  ends_at: null,
  provider: 'stripe',
  product: storyProducts[1],
  price: storyProducts[1]!.prices[1],
};

export const storyInvoices: billing.Invoice[] = [
  {
    id: 9,
    status: 'paid',
    amount: 9990,
    currency: 'usd',
    url: 'https://invoice.example.com/9',
    paid_at: '2026-03-01T00:00:00.000Z',
    created_at: '2026-03-01T00:00:00.000Z',
  },
];

/** How a story sets things up, in `parameters.billing`. */
export interface BillingStoryParameters {
  /** Who looks: a visitor, a listener on the free plan, or a subscriber (the default is a visitor). */
  viewer?: 'visitor' | 'listener' | 'subscriber';
  products?: billing.Product[];
  subscription?: billing.Subscription | null;
  invoices?: billing.Invoice[];
  /** Nothing has answered yet (the skeletons). */
  loading?: boolean;
}

/** The bootstrap data of the viewer: a subscriber's user carries its valid subscription. */
export function billingBootstrap(viewer: BillingStoryParameters['viewer'] = 'visitor'): BootstrapData {
  const base = {
    ...EMPTY_BOOTSTRAP,
    settings: { branding: { site_name: 'Backline Music' }, billing: { enable: true } },
  } as BootstrapData;
  if (viewer === 'visitor') return base;
  return {
    ...base,
    user: {
      id: 7,
      email: 'ada@example.com',
      display_name: 'Ada',
      subscriptions: viewer === 'subscriber' ? [{ ...storySubscription }] : [],
    },
  } as BootstrapData;
}

/** The providers an app gives the billing pages, with the answers already in the query cache. */
export function BillingFixture({
  viewer = 'visitor',
  products = storyProducts,
  subscription = viewer === 'subscriber' ? storySubscription : null,
  invoices = viewer === 'subscriber' ? storyInvoices : [],
  loading,
  children,
}: BillingStoryParameters & { children: ReactNode }) {
  const [services] = useState(() => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    if (!loading) {
      // The server never lists a hidden plan; the fixture answers as it would.
      queryClient.setQueryData(billingQueryKeys.products, {
        products: products.filter((product) => !product.hidden),
        payments_configured: true,
      });
      queryClient.setQueryData(billingQueryKeys.me, { subscription, invoices });
    }
    // Nothing is fetched: a page's own refetch (the billing page asks again on mount) never answers, so the
    // cached answer stays on screen.
    const never: typeof fetch = () => new Promise(() => {});
    return {
      store: createBootstrapStore(billingBootstrap(viewer)),
      queryClient,
      http: createHttpClient({ retries: 0, fetch: never }),
    };
  });
  return (
    <BacklineProvider store={services.store} http={services.http} queryClient={services.queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </BacklineProvider>
  );
}

/** Wraps a story in `BillingFixture` with its `parameters.billing`. */
export const withBilling: Decorator = (Story, context) => (
  <BillingFixture key={context.id} {...((context.parameters.billing ?? {}) as BillingStoryParameters)}>
    <Story />
  </BillingFixture>
);
