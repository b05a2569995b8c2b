import type { billing } from '@backline/core/contract';

/**
 * A price in its currency for the reader's language. Amounts are stored in the currency's minor unit, so the
 * number of decimals Intl uses for the currency (2 for USD, 0 for JPY) says how far to shift.
 */
export function formatPrice(amount: number, currency: string, language?: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** A period as the toggle and the price line name it: `month`, `year`, or `3 month`. */
export const periodKey = (price: Pick<billing.Price, 'interval' | 'interval_count'>) =>
  price.interval_count === 1 ? price.interval : `${price.interval_count} ${price.interval}`;
