import { refreshBootstrap } from '@backline/core';
import { billing } from '@backline/core/contract';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, periodKey } from './format-price';

export const billingQueryKeys = {
  products: ['billing', 'products'] as const,
  me: ['billing', 'me'] as const,
};

/** The listed plans and whether payments are configured. */
export function useProducts() {
  const http = useHttp();
  return useQuery({
    queryKey: billingQueryKeys.products,
    queryFn: ({ signal }) => http.call(billing.products, { signal }),
  });
}

/**
 * The signed-in user's subscription and invoices. Always asked again when a page mounts: webhooks change them
 * behind the browser's back (an invoice lands after the subscription that the return page waited for).
 */
export function useMySubscription(options: { refetchInterval?: number | false } = {}) {
  const http = useHttp();
  return useQuery({
    queryKey: billingQueryKeys.me,
    queryFn: ({ signal }) => http.call(billing.me, { signal }),
    refetchInterval: options.refetchInterval,
    refetchOnMount: 'always',
  });
}

/** Reloads the bootstrap data, so `subscriptions` and the plan's permissions reach every screen. */
export function useRefreshUser() {
  const http = useHttp();
  const store = useBootstrapStore();
  return useCallback(() => refreshBootstrap(store, http), [http, store]);
}

/** Formats prices and periods in the reader's language. */
export function usePriceFormat() {
  const { t, i18n } = useTranslation();
  const price = (value: Pick<billing.Price, 'amount' | 'currency'>) =>
    formatPrice(value.amount, value.currency, i18n.language);
  const PER: Record<string, string> = {
    month: t('/ month'),
    year: t('/ year'),
    week: t('/ week'),
    day: t('/ day'),
  };
  /** "/ month" after a price; for a multi-interval price, its period's name. */
  const per = (value: Pick<billing.Price, 'interval' | 'interval_count'>) =>
    value.interval_count === 1 ? PER[value.interval]! : periodLabel(periodKey(value));
  const ONE: Record<string, string> = {
    month: t('Monthly'),
    year: t('Yearly'),
    week: t('Weekly'),
    day: t('Daily'),
  };
  const periodLabel = (key: string) => {
    const [count, interval] = key.includes(' ') ? key.split(' ') : ['1', key];
    if (count === '1') return ONE[interval!]!;
    const n = Number(count);
    if (interval === 'month') return t('Every :count months', { count: n });
    if (interval === 'year') return t('Every :count years', { count: n });
    if (interval === 'week') return t('Every :count weeks', { count: n });
    return t('Every :count days', { count: n });
  };
  const date = (iso: string | null | undefined) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso)) : '';
  return { price, per, periodLabel, date };
}
