import type { AuditLogEntry } from '@backline/core/contract';
import { useDates } from '@backline/core/react';
import { TextField } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useListParams } from '../data-table/list-params';
import { useAuditLogs } from '../shared/queries';
import { useDebouncedCallback } from '../shared/use-debounced';
import { AdminPage } from '../shell/admin-page';

const FILTERS = ['action', 'target_type', 'user_id', 'created_from', 'created_to'] as const;

/** `{field: {before, after}}` as short text: `name: "a" → "b"`. */
export function describeChanges(changes: AuditLogEntry['changes']): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join('; ');
}

/** The audit log: who did what to which record, the changed fields, IP and time; filtered by the URL. */
export function LogsPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const { params, update } = useListParams(FILTERS, 25);
  const logs = useAuditLogs(params);
  const [search, setSearch] = useDebouncedCallback(params.query ?? '', (query) => update({ query }));
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const columns: DataTableColumn<AuditLogEntry>[] = [
    {
      id: 'created_at',
      header: t('Time'),
      sortable: true,
      isRowHeader: true,
      cell: (entry) => dates.format(entry.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    { id: 'user', header: t('Who'), cell: (entry) => entry.user?.email ?? t('Deleted user') },
    { id: 'action', header: t('Action'), sortable: true, cell: (entry) => entry.action },
    {
      id: 'target',
      header: t('Target'),
      cell: (entry) => (entry.target_type ? `${entry.target_type} #${entry.target_id ?? ''}` : ''),
    },
    {
      id: 'changes',
      header: t('Changes'),
      cell: (entry) => <span className="bl-admin-log__changes">{describeChanges(entry.changes)}</span>,
    },
    { id: 'ip_address', header: t('IP address'), cell: (entry) => entry.ip_address ?? '' },
  ];
  const answer = logs.data?.pagination;
  return (
    <AdminPage title={t('Logs')}>
      <DataTable
        label={t('Audit log')}
        columns={columns}
        rows={answer?.data ?? []}
        status={logs.isError ? 'error' : logs.isPending ? 'loading' : 'success'}
        onRetry={() => void logs.refetch()}
        emptyMessage={t('Nothing has been recorded yet.')}
        pagination={
          answer ? { page: answer.current_page, lastPage: answer.last_page, total: answer.total } : undefined
        }
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: search, onChange: setSearch, label: t('Search the log') }}
        filters={
          <>
            <TextField
              label={t('Action')}
              value={params.filters.action ?? ''}
              onChange={(action) => update({ action })}
            />
            <TextField
              label={t('From')}
              type="date"
              value={params.filters.created_from ?? ''}
              onChange={(value) => update({ created_from: value })}
            />
            <TextField
              label={t('To')}
              type="date"
              value={params.filters.created_to ?? ''}
              onChange={(value) => update({ created_to: value })}
            />
          </>
        }
        hiddenColumns={hidden}
        onHiddenColumnsChange={setHidden}
      />
    </AdminPage>
  );
}

export default LogsPage;
