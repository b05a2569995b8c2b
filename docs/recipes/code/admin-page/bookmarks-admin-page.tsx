import {
  AdminPage,
  DataTable,
  type DataTableColumn,
  listQueryOf,
  tableQueryProps,
  useListParams,
} from '@backline/admin';
import { useHttp } from '@backline/core/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { type AdminBookmark, listAllBookmarks } from './contract';

type Row = z.infer<typeof AdminBookmark>;

export default function BookmarksAdminPage() {
  const { t } = useTranslation();
  const http = useHttp();
  // The page, sort and search live in the URL: a reload or a shared link shows the same view.
  const { params, update } = useListParams();
  const list = useQuery({
    queryKey: ['admin', 'bookmarks', params],
    queryFn: () => http.call(listAllBookmarks, { query: listQueryOf(params) }),
  });
  const columns: DataTableColumn<Row>[] = [
    { id: 'title', header: t('Title'), isRowHeader: true, sortable: true, cell: (row) => row.title },
    { id: 'email', header: t('Owner'), sortable: true, cell: (row) => row.email },
    { id: 'url', header: t('Address'), cell: (row) => row.url },
  ];
  return (
    // AdminPage draws the breadcrumbs (Admin › Bookmarks) and the heading.
    <AdminPage title={t('Bookmarks')}>
      <DataTable
        label={t('Bookmarks')}
        columns={columns}
        {...tableQueryProps(list)}
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: params.query ?? '', onChange: (query) => update({ query }) }}
      />
    </AdminPage>
  );
}
