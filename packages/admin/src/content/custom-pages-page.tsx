import { customPages } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, Link } from '@backline/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useListParams } from '../data-table/list-params';
import {
  ConfirmDialog,
  RowActions,
  tableQueryProps,
  useConfirmedAction,
  useEditing,
} from '../list-page/list-page';
import { useDebouncedCallback } from '../shared/use-debounced';
import { AdminPage } from '../shell/admin-page';
import { CustomPageFormDialog } from './custom-page-form-dialog';

export const CUSTOM_PAGES_QUERY_KEY = ['admin', 'custom-pages'] as const;

/** Custom pages (terms, privacy, about…): list with search, create, edit with the body editor, delete. */
export function CustomPagesPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
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
  const editing = useEditing<customPages.CustomPage>();
  const deletion = useConfirmedAction<customPages.CustomPage>({
    mutationFn: (page) => http.call(customPages.destroy, { params: { id: page.id } }),
    successMessage: t('Page deleted'),
    invalidate: CUSTOM_PAGES_QUERY_KEY,
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
  return (
    <AdminPage title={t('Pages')} actions={<Button onPress={editing.startNew}>{t('New page')}</Button>}>
      <DataTable
        label={t('Pages')}
        columns={columns}
        {...tableQueryProps(pages)}
        emptyMessage={t('No pages yet.')}
        onPageChange={(page) => update({ page }, false)}
        search={{ value: search, onChange: setSearch, label: t('Search pages') }}
        rowActions={(page) => (
          <RowActions
            actions={[
              {
                id: 'edit',
                label: t('Edit'),
                ariaLabel: t('Edit :name', { name: page.title }),
                onPress: () => editing.edit(page),
              },
              {
                id: 'delete',
                label: t('Delete'),
                ariaLabel: t('Delete :name', { name: page.title }),
                onPress: () => deletion.ask(page),
              },
            ]}
          />
        )}
      />
      {editing.isOpen ? (
        <CustomPageFormDialog
          key={editing.dialogKey}
          page={editing.record}
          onOpenChange={editing.onOpenChange}
        />
      ) : null}
      <ConfirmDialog action={deletion} title={t('Delete page')} confirmLabel={t('Delete')}>
        {(page) =>
          t('Delete the page ":name"? Links to it will show the not-found page.', { name: page.title })
        }
      </ConfirmDialog>
    </AdminPage>
  );
}

export default CustomPagesPage;
