import { type AdminRole, admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button } from '@backline/ui';
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
import { adminQueryKeys, useAdminRoles } from '../shared/queries';
import { useDebouncedCallback } from '../shared/use-debounced';
import { AdminPage } from '../shell/admin-page';
import { RoleFormDialog } from './role-form-dialog';

/** Roles: the list, create, edit (with the permissions editor) and delete (never the guests or default roles). */
export function RolesPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const { params, update } = useListParams();
  const roles = useAdminRoles(params);
  const [search, setSearch] = useDebouncedCallback(params.query ?? '', (query) => update({ query }));
  const editing = useEditing<AdminRole>();
  const deletion = useConfirmedAction<AdminRole>({
    mutationFn: (role) => http.call(admin.deleteRole, { params: { id: role.id } }),
    successMessage: t('Deleted'),
    invalidate: adminQueryKeys.roles,
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
  return (
    <AdminPage title={t('Roles')} actions={<Button onPress={editing.startNew}>{t('New role')}</Button>}>
      <DataTable
        label={t('Roles')}
        columns={columns}
        {...tableQueryProps(roles)}
        emptyMessage={t('No roles match.')}
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: search, onChange: setSearch }}
        rowActions={(role) => (
          <RowActions
            actions={[
              {
                id: 'edit',
                label: t('Edit'),
                ariaLabel: t('Edit :name', { name: role.name }),
                onPress: () => editing.edit(role),
              },
              {
                id: 'delete',
                label: t('Delete'),
                ariaLabel: t('Delete :name', { name: role.name }),
                onPress: () => deletion.ask(role),
                hidden: role.guests || role.default,
              },
            ]}
          />
        )}
      />
      {editing.isOpen ? (
        <RoleFormDialog key={editing.dialogKey} role={editing.record} onOpenChange={editing.onOpenChange} />
      ) : null}
      <ConfirmDialog action={deletion} title={t('Delete role')} confirmLabel={t('Delete')}>
        {(role) => t('Delete the role :name? Its users lose its permissions.', { name: role.name })}
      </ConfirmDialog>
    </AdminPage>
  );
}

export default RolesPage;
