import { billing } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { ListItem, Select } from '@backline/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '../data-table/data-table';
import { listQueryOf, useListParams } from '../data-table/list-params';
import { ConfirmDialog, RowActions, tableQueryProps, useConfirmedAction } from '../list-page/list-page';
import { useDebouncedCallback } from '../shared/use-debounced';
import { AdminPage } from '../shell/admin-page';
import { formatPrice, PLANS_QUERY_KEY } from './plan-format';

export const SUBSCRIPTIONS_QUERY_KEY = ['admin', 'billing', 'subscriptions'] as const;
const FILTERS = ['status', 'product_id'] as const;

/** A subscription status as the admin reads it. */
export function statusLabel(status: string, t: TFunction): string {
  const labels: Record<string, string> = {
    active: t('Active'),
    trialing: t('Trialing'),
    past_due: t('Past due'),
    incomplete: t('Incomplete'),
    incomplete_expired: t('Incomplete, expired'),
    unpaid: t('Unpaid'),
    paused: t('Paused'),
    canceled: t('Canceled'),
  };
  return labels[status] ?? status;
}

export interface SubscriptionsTableProps
  extends Pick<
    DataTableProps<billing.AdminSubscription>,
    'rows' | 'status' | 'onRetry' | 'pagination' | 'onPageChange' | 'sort' | 'onSortChange'
  > {
  /** Every plan (hidden ones too): names and prices for the rows, and the plan filter's choices. */
  plans: readonly billing.Product[];
  search: { value: string; onChange: (value: string) => void };
  filters: { status?: string; product_id?: string };
  onFilterChange: (name: (typeof FILTERS)[number], value: string | null) => void;
  /** Asks to end a subscription (the row action shows only for subscriptions that still grant their plan). */
  onCancel: (subscription: billing.AdminSubscription) => void;
  /** Asks to refund a subscription's last payment and end it (shown for live subscriptions when given). */
  onRefund?: (subscription: billing.AdminSubscription) => void;
  /** Whether a search or filter is applied (the empty state says "match" instead of "yet"). */
  isFiltered?: boolean;
}

/** The subscriptions table with its search and filters; the page feeds it the list route's answer. */
export function SubscriptionsTable({
  plans,
  search,
  filters,
  onFilterChange,
  onCancel,
  onRefund,
  isFiltered,
  ...table
}: SubscriptionsTableProps) {
  const { t, i18n } = useTranslation();
  const byId = new Map(plans.map((plan) => [plan.id, plan]));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const planName = (row: billing.AdminSubscription) =>
    byId.get(row.product_id)?.name ?? t('Plan #:id', { id: row.product_id });
  const columns: DataTableColumn<billing.AdminSubscription>[] = [
    {
      id: 'user',
      header: t('User'),
      isRowHeader: true,
      cell: (row) =>
        row.user.name === row.user.email ? row.user.email : `${row.user.name} (${row.user.email})`,
    },
    { id: 'plan', header: t('Plan'), cell: planName },
    {
      id: 'price',
      header: t('Price'),
      cell: (row) => {
        const plan = byId.get(row.product_id);
        const price = plan?.prices.find((candidate) => candidate.id === row.price_id);
        if (price) return formatPrice(price, i18n.language, t);
        return plan?.free ? t('Free') : '—';
      },
    },
    { id: 'status', header: t('Status'), sortable: true, cell: (row) => statusLabel(row.status, t) },
    {
      id: 'current_period_end',
      header: t('Current period end'),
      sortable: true,
      cell: (row) => (row.current_period_end ? date.format(new Date(row.current_period_end)) : '—'),
    },
    {
      id: 'cancel_at_period_end',
      header: t('Cancels at period end'),
      cell: (row) => (row.cancel_at_period_end ? t('Yes') : t('No')),
    },
  ];
  return (
    <DataTable
      label={t('Subscriptions')}
      columns={columns}
      {...table}
      emptyMessage={isFiltered ? t('No subscriptions match.') : t('No subscriptions yet.')}
      search={{ ...search, label: t('Search by subscriber') }}
      filters={
        <>
          <Select
            aria-label={t('Status')}
            placeholder={t('Any status')}
            selectedKey={filters.status ?? 'any'}
            onSelectionChange={(key) => onFilterChange('status', key === 'any' ? null : String(key))}
            items={[
              { id: 'any', name: t('Any status') },
              ...billing.SUBSCRIPTION_STATUSES.map((status) => ({
                id: status,
                name: statusLabel(status, t),
              })),
            ]}
          >
            {(item) => <ListItem id={item.id}>{item.name}</ListItem>}
          </Select>
          <Select
            aria-label={t('Plan')}
            placeholder={t('All plans')}
            selectedKey={filters.product_id ?? 'all'}
            onSelectionChange={(key) => onFilterChange('product_id', key === 'all' ? null : String(key))}
            items={[
              { id: 'all', name: t('All plans') },
              ...plans.map((plan) => ({ id: String(plan.id), name: plan.name })),
            ]}
          >
            {(item) => <ListItem id={item.id}>{item.name}</ListItem>}
          </Select>
        </>
      }
      rowActions={(row) => (
        <RowActions
          actions={[
            {
              id: 'cancel',
              label: t('Cancel'),
              ariaLabel: t('Cancel the subscription of :name', { name: row.user.email }),
              onPress: () => onCancel(row),
              hidden: !row.valid,
            },
            {
              id: 'refund',
              label: t('Refund'),
              ariaLabel: t('Refund the subscription of :name', { name: row.user.email }),
              onPress: () => onRefund?.(row),
              hidden: !row.valid || !onRefund,
            },
          ]}
        />
      )}
    />
  );
}

/**
 * Subscriptions: every subscriber's plan, price, status and period, a page at a time, searched by the subscriber's
 * name or email and filtered by status and plan (the view lives in the URL). Cancelling ends the subscription at
 * once at the payment provider and takes the plan's permissions away now; refunding gives the last payment back in
 * full through the provider and ends it the same way. The server has no admin cancel at period end (the subscriber
 * does that from their billing page).
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const { params, update } = useListParams(FILTERS);
  const [search, setSearch] = useDebouncedCallback(params.query ?? '', (query) => update({ query }));
  const subscriptions = useQuery({
    queryKey: [...SUBSCRIPTIONS_QUERY_KEY, params],
    queryFn: ({ signal }) =>
      http.call(billing.adminSubscriptions, {
        query: listQueryOf(params),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const plans = useQuery({
    queryKey: PLANS_QUERY_KEY,
    queryFn: () => http.call(billing.adminProducts, {}),
  });
  const cancel = useConfirmedAction<billing.AdminSubscription>({
    mutationFn: (row) => http.call(billing.adminCancelSubscription, { params: { id: row.id } }),
    successMessage: t('Subscription canceled'),
    invalidate: SUBSCRIPTIONS_QUERY_KEY,
  });
  const refund = useConfirmedAction<billing.AdminSubscription>({
    mutationFn: (row) => http.call(billing.adminRefundSubscription, { params: { id: row.id } }),
    successMessage: t('Payment refunded and subscription ended'),
    invalidate: SUBSCRIPTIONS_QUERY_KEY,
  });
  const planName = (row: billing.AdminSubscription) =>
    plans.data?.products.find((plan) => plan.id === row.product_id)?.name ??
    t('Plan #:id', { id: row.product_id });
  return (
    <AdminPage title={t('Subscriptions')}>
      <SubscriptionsTable
        {...tableQueryProps(subscriptions)}
        plans={plans.data?.products ?? []}
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: search, onChange: setSearch }}
        filters={params.filters}
        onFilterChange={(name, value) => update({ [name]: value })}
        onCancel={cancel.ask}
        onRefund={refund.ask}
        isFiltered={Boolean(params.query || Object.keys(params.filters).length)}
      />
      <ConfirmDialog action={cancel} title={t('Cancel subscription')} confirmLabel={t('Cancel subscription')}>
        {(row) =>
          t(
            "End the subscription of :name to :plan now? The payment provider cancels it and the plan's permissions go away at once.",
            { name: row.user.email, plan: planName(row) },
          )
        }
      </ConfirmDialog>
      <ConfirmDialog action={refund} title={t('Refund payment')} confirmLabel={t('Refund and end')}>
        {(row) =>
          t(
            "Give :name's last payment for :plan back in full, and end the subscription now? The payment provider refunds it and the plan's permissions go away at once.",
            { name: row.user.email, plan: planName(row) },
          )
        }
      </ConfirmDialog>
    </AdminPage>
  );
}

export default SubscriptionsPage;
