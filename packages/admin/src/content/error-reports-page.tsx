import { can } from '@backline/core';
import { errorReports } from '@backline/core/contract';
import { useBootstrap, useHttp } from '@backline/core/react';
import { Dialog } from '@backline/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { listQueryOf, useListParams } from '../data-table/list-params';
import { ConfirmDialog, RowActions, tableQueryProps, useConfirmedAction } from '../list-page/list-page';
import { useDebouncedCallback } from '../shared/use-debounced';
import { AdminPage } from '../shell/admin-page';

const QUERY_KEY = ['admin', 'error-reports'] as const;

/** Errors visitors' browsers reported, with how often and when: search, sort, view the stack, delete. */
export function ErrorReportsPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const canDelete = can(useBootstrap(), errorReports.ERROR_REPORTS_DELETE_PERMISSION);
  const { params, update } = useListParams();
  const [search, setSearch] = useDebouncedCallback(params.query ?? '', (query) => update({ query }));
  const reports = useQuery({
    queryKey: [...QUERY_KEY, params],
    queryFn: ({ signal }) => http.call(errorReports.list, { query: listQueryOf(params), signal }),
    placeholderData: keepPreviousData,
  });
  const [viewing, setViewing] = useState<errorReports.ErrorReport | null>(null);
  const deletion = useConfirmedAction<errorReports.ErrorReport>({
    mutationFn: (report) => http.call(errorReports.destroy, { params: { id: report.id } }),
    successMessage: t('Error report deleted'),
    invalidate: QUERY_KEY,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: DataTableColumn<errorReports.ErrorReport>[] = [
    {
      id: 'message',
      header: t('Message'),
      isRowHeader: true,
      sortable: true,
      cell: (report) => <span className="bl-error-report__message">{report.message}</span>,
    },
    { id: 'url', header: t('Page'), cell: (report) => report.url ?? '' },
    { id: 'count', header: t('Count'), sortable: true, cell: (report) => String(report.count) },
    {
      id: 'last_seen_at',
      header: t('Last seen'),
      sortable: true,
      cell: (report) => date.format(new Date(report.last_seen_at)),
    },
  ];
  return (
    <AdminPage title={t('Error reports')}>
      <DataTable
        label={t('Error reports')}
        columns={columns}
        {...tableQueryProps(reports)}
        emptyMessage={t('No errors reported.')}
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: search, onChange: setSearch, label: t('Search errors') }}
        rowActions={(report) => (
          <RowActions
            actions={[
              {
                id: 'view',
                label: t('View'),
                ariaLabel: t('View :name', { name: report.message }),
                onPress: () => setViewing(report),
              },
              {
                id: 'delete',
                label: t('Delete'),
                ariaLabel: t('Delete :name', { name: report.message }),
                onPress: () => deletion.ask(report),
                hidden: !canDelete,
              },
            ]}
          />
        )}
      />
      {viewing ? (
        <Dialog title={t('Error report')} isOpen onOpenChange={(open) => !open && setViewing(null)} size="lg">
          <dl className="bl-error-report">
            <dt>{t('Message')}</dt>
            <dd>{viewing.message}</dd>
            <dt>{t('Page')}</dt>
            <dd>{viewing.url ?? '—'}</dd>
            <dt>{t('Count')}</dt>
            <dd>{viewing.count}</dd>
            <dt>{t('First seen')}</dt>
            <dd>{date.format(new Date(viewing.first_seen_at))}</dd>
            <dt>{t('Last seen')}</dt>
            <dd>{date.format(new Date(viewing.last_seen_at))}</dd>
            <dt>{t('Stack')}</dt>
            <dd>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable). */}
              <pre className="bl-error-report__stack" tabIndex={0}>
                {viewing.stack ?? '—'}
              </pre>
            </dd>
          </dl>
        </Dialog>
      ) : null}
      <ConfirmDialog action={deletion} title={t('Delete error report')} confirmLabel={t('Delete')}>
        {() => t('Delete this error report? If it happens again, it is counted from one.')}
      </ConfirmDialog>
    </AdminPage>
  );
}

export default ErrorReportsPage;
