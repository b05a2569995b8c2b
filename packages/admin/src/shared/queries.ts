import { admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryOf } from '../data-table/list-params';

/** Query keys of the admin pages, so apps can invalidate them after their own writes. */
export const adminQueryKeys = {
  users: ['admin', 'users'] as const,
  roles: ['admin', 'roles'] as const,
  permissions: ['admin', 'permissions'] as const,
  logs: ['admin', 'logs'] as const,
};

/** `GET admin/users` for the URL's view. */
export function useAdminUsers(params: ListParams) {
  const http = useHttp();
  return useQuery({
    queryKey: [...adminQueryKeys.users, params],
    queryFn: ({ signal }) => http.call(admin.listUsers, { query: listQueryOf(params) as never, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every role (first 100), for pickers and filters. */
export function useAllRoles() {
  const http = useHttp();
  return useQuery({
    queryKey: [...adminQueryKeys.roles, 'all'],
    queryFn: ({ signal }) =>
      http.call(admin.listRoles, { query: { perPage: 100, orderBy: 'name', orderDir: 'asc' }, signal }),
    select: (answer) => answer.pagination.data,
  });
}

/** `GET admin/roles` for the URL's view. */
export function useAdminRoles(params: ListParams) {
  const http = useHttp();
  return useQuery({
    queryKey: [...adminQueryKeys.roles, params],
    queryFn: ({ signal }) => http.call(admin.listRoles, { query: listQueryOf(params) as never, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET admin/permissions`: every permission, for the permissions editor. */
export function useAllPermissions() {
  const http = useHttp();
  return useQuery({
    queryKey: adminQueryKeys.permissions,
    queryFn: ({ signal }) =>
      http.call(admin.listPermissions, { signal }).then((answer) => answer.permissions),
  });
}

/** `GET admin/logs` for the URL's view. */
export function useAuditLogs(params: ListParams) {
  const http = useHttp();
  return useQuery({
    queryKey: [...adminQueryKeys.logs, params],
    queryFn: ({ signal }) => http.call(admin.listLogs, { query: listQueryOf(params) as never, signal }),
    placeholderData: keepPreviousData,
  });
}
