import { billing } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, toast } from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useErrorToast } from '../forms/use-server-form';
import { ConfirmDialog, RowActions, useConfirmedAction, useEditing } from '../list-page/list-page';
import { AdminPage } from '../shell/admin-page';
import { PlanFormDialog } from './plan-form-dialog';
import { formatPrice, PLANS_QUERY_KEY, productInput } from './plan-format';

/**
 * Plans and prices: every plan (hidden ones too) in the pricing page's order, create, edit, hide or show, delete,
 * and reorder (drag a plan's handle, or focus it and use Enter and the arrow keys). The server refuses to delete a
 * plan with subscribers (409 with "Hide it instead"), shown as a toast.
 */
export function PlansPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const plans = useQuery({
    queryKey: PLANS_QUERY_KEY,
    queryFn: () => http.call(billing.adminProducts, {}),
  });
  const editing = useEditing<billing.Product>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY });
  const deletion = useConfirmedAction<billing.Product>({
    mutationFn: (plan) => http.call(billing.adminDeleteProduct, { params: { id: plan.id } }),
    successMessage: t('Plan deleted'),
    invalidate: PLANS_QUERY_KEY,
  });
  // The new order shows at once; a refused save puts the server's order back.
  const reorder = useMutation({
    mutationFn: (ids: number[]) => http.call(billing.adminReorderProducts, { body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: PLANS_QUERY_KEY });
      const previous = queryClient.getQueryData<{ products: billing.Product[] }>(PLANS_QUERY_KEY);
      if (previous) {
        const byId = new Map(previous.products.map((plan) => [plan.id, plan]));
        queryClient.setQueryData(PLANS_QUERY_KEY, {
          ...previous,
          products: ids.flatMap((id) => byId.get(id) ?? []),
        });
      }
      return { previous };
    },
    onSuccess: ({ products }) => {
      queryClient.setQueryData(PLANS_QUERY_KEY, { products });
      toast.positive(t('Plan order saved'));
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(PLANS_QUERY_KEY, context.previous);
      void refresh();
      showError(error);
    },
  });
  const toggleHidden = useMutation({
    mutationFn: (plan: billing.Product) =>
      http.call(billing.adminUpdateProduct, {
        params: { id: plan.id },
        body: { ...productInput(plan), hidden: !plan.hidden },
      }),
    onSuccess: ({ product }) => {
      void refresh();
      toast.positive(product.hidden ? t('Plan hidden') : t('Plan shown'));
    },
    onError: showError,
  });

  const columns: DataTableColumn<billing.Product>[] = [
    { id: 'name', header: t('Name'), isRowHeader: true, cell: (plan) => plan.name },
    {
      id: 'prices',
      header: t('Prices'),
      cell: (plan) =>
        plan.free
          ? t('Free')
          : plan.prices.map((price) => formatPrice(price, i18n.language, t)).join(' · ') || t('No prices'),
    },
    {
      id: 'status',
      header: t('Status'),
      cell: (plan) =>
        [plan.hidden ? t('Hidden') : t('Listed'), plan.recommended ? t('Most popular') : null]
          .filter(Boolean)
          .join(', '),
    },
    { id: 'permissions', header: t('Permissions'), cell: (plan) => plan.permissions.join(', ') },
  ];
  return (
    <AdminPage title={t('Plans')} actions={<Button onPress={editing.startNew}>{t('New plan')}</Button>}>
      <DataTable
        label={t('Plans')}
        columns={columns}
        rows={plans.data?.products ?? []}
        status={plans.isError ? 'error' : plans.isPending ? 'loading' : 'success'}
        onRetry={() => void plans.refetch()}
        emptyMessage={t('No plans yet.')}
        reorder={{
          onReorder: (ids) => reorder.mutate(ids),
          handleLabel: (plan) => t('Reorder :name', { name: plan.name }),
          isDisabled: reorder.isPending,
        }}
        rowActions={(plan) => (
          <RowActions
            actions={[
              {
                id: 'edit',
                label: t('Edit'),
                ariaLabel: t('Edit :name', { name: plan.name }),
                onPress: () => editing.edit(plan),
              },
              {
                id: 'visibility',
                label: plan.hidden ? t('Show') : t('Hide'),
                ariaLabel: plan.hidden
                  ? t('Show :name', { name: plan.name })
                  : t('Hide :name', { name: plan.name }),
                onPress: () => toggleHidden.mutate(plan),
              },
              {
                id: 'delete',
                label: t('Delete'),
                ariaLabel: t('Delete :name', { name: plan.name }),
                onPress: () => deletion.ask(plan),
              },
            ]}
          />
        )}
      />
      {editing.isOpen ? (
        <PlanFormDialog key={editing.dialogKey} plan={editing.record} onOpenChange={editing.onOpenChange} />
      ) : null}
      <ConfirmDialog action={deletion} title={t('Delete plan')} confirmLabel={t('Delete')}>
        {(plan) =>
          t('Delete the plan :name? A plan with subscribers can only be hidden.', { name: plan.name })
        }
      </ConfirmDialog>
    </AdminPage>
  );
}

export default PlansPage;
