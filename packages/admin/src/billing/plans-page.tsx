import { billing } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { AlertDialog, Button, toast } from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useErrorToast } from '../forms/use-server-form';
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
  const [editing, setEditing] = useState<billing.Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<billing.Product | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY });
  const remove = useMutation({
    mutationFn: (id: number) => http.call(billing.adminDeleteProduct, { params: { id } }),
    onSuccess: () => {
      void refresh();
      toast.positive(t('Plan deleted'));
    },
    onError: showError,
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
    <AdminPage
      title={t('Plans')}
      actions={<Button onPress={() => setEditing('new')}>{t('New plan')}</Button>}
    >
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
          <div className="bl-data-table__row-actions">
            <Button
              variant="text"
              size="sm"
              onPress={() => setEditing(plan)}
              aria-label={t('Edit :name', { name: plan.name })}
            >
              {t('Edit')}
            </Button>
            <Button
              variant="text"
              size="sm"
              onPress={() => toggleHidden.mutate(plan)}
              aria-label={
                plan.hidden ? t('Show :name', { name: plan.name }) : t('Hide :name', { name: plan.name })
              }
            >
              {plan.hidden ? t('Show') : t('Hide')}
            </Button>
            <Button
              variant="text"
              size="sm"
              onPress={() => setDeleting(plan)}
              aria-label={t('Delete :name', { name: plan.name })}
            >
              {t('Delete')}
            </Button>
          </div>
        )}
      />
      {editing ? (
        <PlanFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? null : editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      <AlertDialog
        title={t('Delete plan')}
        isOpen={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        variant="danger"
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() => remove.mutateAsync(deleting!.id).then(() => setDeleting(null))}
      >
        {t('Delete the plan :name? A plan with subscribers can only be hidden.', {
          name: deleting?.name ?? '',
        })}
      </AlertDialog>
    </AdminPage>
  );
}

export default PlansPage;
