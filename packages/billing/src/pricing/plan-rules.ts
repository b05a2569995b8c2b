import { billing } from '@backline/core/contract';
import { periodKey } from '../shared/format-price';

export interface Viewer {
  loggedIn: boolean;
  /** At least one subscription has the valid flag. */
  subscribed: boolean;
}

/**
 * The label of a plan card's button: "You're on :plan" for the free plan when logged in, "Get started" for the
 * free plan when logged out, "Upgrade" otherwise.
 */
export function planButtonLabel(
  product: Pick<billing.Product, 'free'>,
  viewer: Viewer,
): "You're on :plan" | 'Get started' | 'Upgrade' {
  if (product.free) return viewer.loggedIn ? "You're on :plan" : 'Get started';
  return 'Upgrade';
}

/**
 * Where a plan card's button goes: a logged-out visitor to `/register?redirectFrom=pricing`; a subscribed user to
 * `/change-plan/{productId}/{priceId}/confirm`; a logged-in user choosing a non-free plan to
 * `/checkout/{productId}/{priceId}`; otherwise nowhere (the button is disabled).
 */
export function planButtonTarget(
  product: Pick<billing.Product, 'id' | 'free'>,
  price: Pick<billing.Price, 'id'> | undefined,
  viewer: Viewer,
): string | null {
  if (!viewer.loggedIn) return '/register?redirectFrom=pricing';
  if (viewer.subscribed) return price ? `/change-plan/${product.id}/${price.id}/confirm` : null;
  if (!product.free && price) return `/checkout/${product.id}/${price.id}`;
  return null;
}

/** The periods the listed plans offer, shortest first. */
export function offeredPeriods(products: Pick<billing.Product, 'prices'>[]): string[] {
  const order = { day: 1, week: 7, month: 30, year: 365 } as const;
  const seen = new Map<string, number>();
  for (const product of products)
    for (const price of product.prices)
      seen.set(periodKey(price), order[price.interval] * price.interval_count);
  return [...seen].sort((a, b) => a[1] - b[1]).map(([key]) => key);
}

/** The period the toggle starts on: yearly when any plan offers it, else the first offered. */
export function defaultPeriod(periods: string[]): string | undefined {
  return periods.includes(billing.DEFAULT_PLAN_PERIOD) ? billing.DEFAULT_PLAN_PERIOD : periods[0];
}
