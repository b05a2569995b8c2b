import { applyBootstrapAnswer } from '@backline/core';
import { type AdminUser, admin } from '@backline/core/contract';
import { useBootstrapStore, useDates, useHttp, useUser } from '@backline/core/react';
import {
  Button,
  IconButton,
  ListItem,
  Menu,
  MenuItem,
  MenuTrigger,
  Select,
  TextField,
  toast,
} from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useListParams } from '../data-table/list-params';
import { useErrorToast } from '../forms/use-server-form';
import { ConfirmDialog, useConfirmedAction } from '../list-page/list-page';
import { adminQueryKeys, useAdminUsers, useAllRoles } from '../shared/queries';
import { useDebouncedCallback } from '../shared/use-debounced';
import { AdminPage } from '../shell/admin-page';
import { BanDialog } from './ban-dialog';
import { useSendResetLink } from './send-reset-link';
import { UserFormDialog } from './user-form-dialog';

const FILTERS = ['role', 'status', 'created_from', 'created_to'] as const;

/** Whether a ban is in force now. */
export function isBannedNow(user: Pick<AdminUser, 'banned_at' | 'banned_until'>, now = Date.now()): boolean {
  if (!user.banned_at) return false;
  return !user.banned_until || new Date(user.banned_until).getTime() > now;
}

function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/**
 * Users: the list (search by name or email; filter by role, status and sign-up date; sort by any column), with
 * create, edit, ban, unban, delete, "log in as", and bulk delete or role assignment for the selected rows.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const store = useBootstrapStore();
  const me = useUser();
  const dates = useDates();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const { params, update } = useListParams(FILTERS);
  const users = useAdminUsers(params);
  const roles = useAllRoles();
  const [search, setSearch] = useDebouncedCallback(params.query ?? '', (query) => update({ query }));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [hidden, setHidden] = useState<Set<string>>(new Set(['email_verified_at']));
  const [editing, setEditing] = useState<AdminUser | null | 'new'>(null);
  const [banning, setBanning] = useState<AdminUser | null>(null);
  const sendResetLink = useSendResetLink();

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.users });
  const unban = useMutation({
    mutationFn: (id: number) => http.call(admin.unbanUser, { params: { id } }),
    onSuccess: () => {
      void refresh();
      toast.positive(t('User unbanned'));
    },
    onError: showError,
  });
  const deletion = useConfirmedAction<number[]>({
    mutationFn: (ids) =>
      ids.length === 1
        ? http.call(admin.deleteUser, { params: { id: ids[0]! } })
        : http.call(admin.bulkDeleteUsers, { body: { ids } }),
    successMessage: t('Deleted'),
    invalidate: adminQueryKeys.users,
    onSuccess: () => setSelected(new Set()),
  });
  const assign = useMutation({
    mutationFn: ({ ids, role }: { ids: number[]; role: number }) =>
      http.call(admin.assignRole, { body: { ids, role } }),
    onSuccess: () => {
      setSelected(new Set());
      void refresh();
      toast.positive(t('Role assigned'));
    },
    onError: showError,
  });
  const impersonate = useMutation({
    mutationFn: (id: number) => http.call(admin.impersonate, { params: { id } }),
    onSuccess: (answer) => {
      applyBootstrapAnswer(store, answer);
      queryClient.clear();
      navigate('/');
    },
    onError: showError,
  });

  const statusOf = (user: AdminUser) =>
    isBannedNow(user) ? t('Banned') : user.email_verified_at ? t('Active') : t('Unverified');

  const columns: DataTableColumn<AdminUser>[] = [
    {
      id: 'email',
      header: t('User'),
      isRowHeader: true,
      sortable: true,
      cell: (user) => (
        <span className="bl-admin-user">
          <span className="bl-admin-user__name">{user.display_name ?? user.email}</span>
          <span className="bl-admin-user__email">{user.email}</span>
        </span>
      ),
    },
    { id: 'roles', header: t('Roles'), cell: (user) => user.roles.map((role) => role.name).join(', ') },
    {
      id: 'banned_at',
      header: t('Status'),
      sortable: true,
      cell: (user) => (
        <span className="bl-admin-status" data-status={isBannedNow(user) ? 'banned' : 'active'}>
          {statusOf(user)}
        </span>
      ),
    },
    { id: 'created_at', header: t('Joined'), sortable: true, cell: (user) => dates.format(user.created_at) },
    {
      id: 'email_verified_at',
      header: t('Email verified'),
      sortable: true,
      cell: (user) => dates.format(user.email_verified_at),
    },
  ];

  const answer = users.data?.pagination;
  const status = users.isError ? 'error' : users.isPending ? 'loading' : 'success';

  return (
    <AdminPage
      title={t('Users')}
      actions={<Button onPress={() => setEditing('new')}>{t('New user')}</Button>}
    >
      <DataTable
        label={t('Users')}
        columns={columns}
        rows={answer?.data ?? []}
        status={status}
        onRetry={() => void users.refetch()}
        emptyMessage={
          params.query || Object.keys(params.filters).length ? t('No users match.') : t('No users yet.')
        }
        pagination={
          answer ? { page: answer.current_page, lastPage: answer.last_page, total: answer.total } : undefined
        }
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: search, onChange: setSearch, label: t('Search by name or email') }}
        filters={
          <>
            <Select
              aria-label={t('Role')}
              placeholder={t('All roles')}
              selectedKey={params.filters.role ?? null}
              onSelectionChange={(key) => update({ role: key === 'all' ? null : (key as string) })}
              items={[
                { id: 'all', name: t('All roles') },
                ...(roles.data ?? []).map((role) => ({ id: String(role.id), name: role.name })),
              ]}
            >
              {(item) => <ListItem id={item.id}>{item.name}</ListItem>}
            </Select>
            <Select
              aria-label={t('Status')}
              placeholder={t('Any status')}
              selectedKey={params.filters.status ?? null}
              onSelectionChange={(key) => update({ status: key === 'any' ? null : (key as string) })}
            >
              <ListItem id="any">{t('Any status')}</ListItem>
              <ListItem id="active">{t('Active')}</ListItem>
              <ListItem id="banned">{t('Banned')}</ListItem>
              <ListItem id="unverified">{t('Unverified')}</ListItem>
            </Select>
            <TextField
              label={t('Joined from')}
              type="date"
              value={params.filters.created_from ?? ''}
              onChange={(value) => update({ created_from: value })}
            />
            <TextField
              label={t('Joined to')}
              type="date"
              value={params.filters.created_to ?? ''}
              onChange={(value) => update({ created_to: value })}
            />
          </>
        }
        selection={{ selected, onChange: setSelected }}
        bulkActions={(ids) => (
          <>
            <MenuTrigger>
              <Button variant="outline" size="sm">
                {t('Assign role')}
              </Button>
              <Menu
                aria-label={t('Assign role')}
                onAction={(key) => assign.mutate({ ids: ids as number[], role: Number(key) })}
              >
                {(roles.data ?? [])
                  .filter((role) => !role.guests)
                  .map((role) => (
                    <MenuItem key={role.id} id={String(role.id)}>
                      {role.name}
                    </MenuItem>
                  ))}
              </Menu>
            </MenuTrigger>
            <Button variant="danger" size="sm" onPress={() => deletion.ask(ids as number[])}>
              {t('Delete')}
            </Button>
          </>
        )}
        hiddenColumns={hidden}
        onHiddenColumnsChange={setHidden}
        rowActions={(user) => (
          <MenuTrigger>
            <IconButton size="sm" aria-label={t('Actions for :name', { name: user.email })}>
              <MoreIcon />
            </IconButton>
            <Menu
              aria-label={t('Actions for :name', { name: user.email })}
              onAction={(key) => {
                if (key === 'edit') setEditing(user);
                else if (key === 'ban') setBanning(user);
                else if (key === 'unban') unban.mutate(user.id);
                else if (key === 'reset-link') sendResetLink.mutate(user);
                else if (key === 'impersonate') impersonate.mutate(user.id);
                else if (key === 'delete') deletion.ask([user.id]);
              }}
            >
              <MenuItem id="edit">{t('Edit')}</MenuItem>
              <MenuItem id="reset-link">{t('Send password reset link')}</MenuItem>
              {/* Keyed apart: react-aria refuses an item whose id changes in place, which a refetch after
                  a ban or unban does while the menu is still closing. */}
              {user.id === me?.id ? null : isBannedNow(user) ? (
                <MenuItem key="unban" id="unban">
                  {t('Unban')}
                </MenuItem>
              ) : (
                <MenuItem key="ban" id="ban">
                  {t('Ban')}
                </MenuItem>
              )}
              {user.id === me?.id ? null : <MenuItem id="impersonate">{t('Log in as')}</MenuItem>}
              {user.id === me?.id ? null : (
                <MenuItem id="delete" variant="danger">
                  {t('Delete')}
                </MenuItem>
              )}
            </Menu>
          </MenuTrigger>
        )}
      />
      {editing ? (
        <UserFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? null : editing}
          roles={roles.data ?? []}
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      {banning ? (
        <BanDialog key={banning.id} user={banning} onOpenChange={(open) => !open && setBanning(null)} />
      ) : null}
      <ConfirmDialog action={deletion} title={t('Delete users')} confirmLabel={t('Delete')}>
        {(ids) =>
          t('Delete :count users and everything they own? This cannot be undone.', {
            count: ids.length,
            defaultValue_one: 'Delete :count user and everything they own? This cannot be undone.',
          })
        }
      </ConfirmDialog>
    </AdminPage>
  );
}

export default UsersPage;
