import { customPages } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { AlertDialog, Button, Link, toast } from '@backline/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useListParams } from '../data-table/list-params';
import { useErrorToast } from '../forms/use-server-form';
import { useDebouncedCallback } from '../shared/use-debounced';
import { AdminPage } from '../shell/admin-page';
import { CustomPageFormDialog } from './custom-page-form-dialog';

export const CUSTOM_PAGES_QUERY_KEY = ['admin', 'custom-pages'] as const;

/** Custom pages (terms, privacy, about…): list with search, create, edit with the body editor, delete. */
export function CustomPagesPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const { params, update } = useListParams();
  const [search, setSearch] = useDebouncedCallback(params.query ?? '', (query) => update({ query }));
  const pages = useQuery({
    queryKey: [...CUSTOM_PAGES_QUERY_KEY, params.page, params.query],
    queryFn: ({ signal }) =>
      http.call(customPages.list, {
        query: { page: params.page, perPage: 25, query: params.query || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<customPages.CustomPage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<customPages.CustomPage | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => http.call(customPages.destroy, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CUSTOM_PAGES_QUERY_KEY });
      toast.positive(t('Page deleted'));
    },
    onError: showError,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const columns: DataTableColumn<customPages.CustomPage>[] = [
    { id: 'title', header: t('Title'), isRowHeader: true, cell: (page) => page.title },
    {
      id: 'slug',
      header: t('Address'),
      cell: (page) => (
        <Link href={`/pages/${page.slug}`} target="_blank" rel="noopener">
          {`/pages/${page.slug}`}
        </Link>
      ),
    },
    { id: 'updated_at', header: t('Updated'), cell: (page) => date.format(new Date(page.updated_at)) },
  ];
  const answer = pages.data?.pagination;
  return (
    <AdminPage
      title={t('Pages')}
      actions={<Button onPress={() => setEditing('new')}>{t('New page')}</Button>}
    >
      <DataTable
        label={t('Pages')}
        columns={columns}
        rows={answer?.data ?? []}
        status={pages.isError ? 'error' : pages.isPending ? 'loading' : 'success'}
        onRetry={() => void pages.refetch()}
        emptyMessage={t('No pages yet.')}
        pagination={
          answer ? { page: answer.current_page, lastPage: answer.last_page, total: answer.total } : undefined
        }
        onPageChange={(page) => update({ page }, false)}
        search={{ value: search, onChange: setSearch, label: t('Search pages') }}
        rowActions={(page) => (
          <div className="bl-data-table__row-actions">
            <Button
              variant="text"
              size="sm"
              onPress={() => setEditing(page)}
              aria-label={t('Edit :name', { name: page.title })}
            >
              {t('Edit')}
            </Button>
            <Button
              variant="text"
              size="sm"
              onPress={() => setDeleting(page)}
              aria-label={t('Delete :name', { name: page.title })}
            >
              {t('Delete')}
            </Button>
          </div>
        )}
      />
      {editing ? (
        <CustomPageFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          page={editing === 'new' ? null : editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      <AlertDialog
        title={t('Delete page')}
        isOpen={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        variant="danger"
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() => remove.mutateAsync(deleting!.id).then(() => setDeleting(null))}
      >
        {t('Delete the page ":name"? Links to it will show the not-found page.', {
          name: deleting?.title ?? '',
        })}
      </AlertDialog>
    </AdminPage>
  );
}

export default CustomPagesPage;
