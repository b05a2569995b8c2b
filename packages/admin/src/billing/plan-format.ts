import type { billing } from '@backline/core/contract';
import type { TFunction } from 'i18next';

export const PLANS_QUERY_KEY = ['admin', 'billing', 'plans'] as const;

/** A price as a person reads it: "$9.99 / month", in the admin's language (amounts are in minor units). */
export function formatPrice(price: billing.Price, language: string, t: TFunction): string {
  const amount = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: price.currency.toUpperCase(),
  }).format(price.amount / 100);
  const period =
    price.interval_count > 1
      ? t('every :count :interval', { count: price.interval_count, interval: t(price.interval) })
      : t(price.interval);
  return `${amount} / ${period}`;
}

/** What `PUT billing/admin/products/{id}` takes back for a plan as it is now (existing prices by id). */
export function productInput(plan: billing.Product) {
  return {
    name: plan.name,
    description: plan.description,
    hidden: plan.hidden,
    free: plan.free,
    recommended: plan.recommended,
    feature_list: plan.feature_list,
    permissions: plan.permissions,
    prices: plan.prices.map((price) => ({
      id: price.id,
      amount: price.amount,
      currency: price.currency,
      interval: price.interval,
      interval_count: price.interval_count,
    })),
  };
}
