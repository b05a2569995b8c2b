import { type AdminRole, admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { AlertDialog, Button, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useListParams } from '../data-table/list-params';
import { useErrorToast } from '../forms/use-server-form';
import { adminQueryKeys, useAdminRoles } from '../shared/queries';
import { useDebouncedCallback } from '../shared/use-debounced';
import { AdminPage } from '../shell/admin-page';
import { RoleFormDialog } from './role-form-dialog';

/** Roles: the list, create, edit (with the permissions editor) and delete (never the guests or default roles). */
export function RolesPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const { params, update } = useListParams();
  const roles = useAdminRoles(params);
  const [search, setSearch] = useDebouncedCallback(params.query ?? '', (query) => update({ query }));
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminRole | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => http.call(admin.deleteRole, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.roles });
      toast.positive(t('Deleted'));
    },
    onError: showError,
  });

  const columns: DataTableColumn<AdminRole>[] = [
    { id: 'name', header: t('Name'), isRowHeader: true, sortable: true, cell: (role) => role.name },
    { id: 'description', header: t('Description'), cell: (role) => role.description ?? '' },
    {
      id: 'permissions',
      header: t('Permissions'),
      cell: (role) => role.permissions.map((permission) => permission.name).join(', '),
    },
    { id: 'users_count', header: t('Users'), cell: (role) => String(role.users_count) },
    {
      id: 'kind',
      header: t('Type'),
      cell: (role) => (role.guests ? t('Visitors') : role.default ? t('Default role') : ''),
    },
  ];
  const answer = roles.data?.pagination;
  return (
    <AdminPage
      title={t('Roles')}
      actions={<Button onPress={() => setEditing('new')}>{t('New role')}</Button>}
    >
      <DataTable
        label={t('Roles')}
        columns={columns}
        rows={answer?.data ?? []}
        status={roles.isError ? 'error' : roles.isPending ? 'loading' : 'success'}
        onRetry={() => void roles.refetch()}
        emptyMessage={t('No roles match.')}
        pagination={
          answer ? { page: answer.current_page, lastPage: answer.last_page, total: answer.total } : undefined
        }
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: search, onChange: setSearch }}
        rowActions={(role) => (
          <div className="bl-data-table__row-actions">
            <Button
              variant="text"
              size="sm"
              onPress={() => setEditing(role)}
              aria-label={t('Edit :name', { name: role.name })}
            >
              {t('Edit')}
            </Button>
            {role.guests || role.default ? null : (
              <Button
                variant="text"
                size="sm"
                onPress={() => setDeleting(role)}
                aria-label={t('Delete :name', { name: role.name })}
              >
                {t('Delete')}
              </Button>
            )}
          </div>
        )}
      />
      {editing ? (
        <RoleFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          role={editing === 'new' ? null : editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      <AlertDialog
        title={t('Delete role')}
        isOpen={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        variant="danger"
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() => remove.mutateAsync(deleting!.id).then(() => setDeleting(null))}
      >
        {t('Delete the role :name? Its users lose its permissions.', { name: deleting?.name ?? '' })}
      </AlertDialog>
    </AdminPage>
  );
}

export default RolesPage;
