import { ADMIN_ROUTE_PERMISSIONS } from '@backline/core/contract';
import { KeyIcon, UserIcon } from '@backline/ui';
import { lazy } from 'react';
import type { AdminSection } from './admin-section';

// Each page is its own chunk: opening /admin/users loads the users page, nothing else.
const UsersPage = lazy(() => import('../users/users-page'));
const RolesPage = lazy(() => import('../roles/roles-page'));
const LogsPage = lazy(() => import('../logs/logs-page'));

/** The permissions behind the built-in admin pages: the same ones the server's admin routes check. */
export const ADMIN_PERMISSIONS = ADMIN_ROUTE_PERMISSIONS;

/**
 * The built-in admin pages: users, roles and the audit log. Spread them into your own list, in the order the
 * sidebar should show: `sections={[dashboard, ...ADMIN_SECTIONS, myPage]}`.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'users',
    label: 'Users',
    icon: <UserIcon />,
    permission: ADMIN_PERMISSIONS.usersView,
    component: UsersPage,
  },
  {
    path: 'roles',
    label: 'Roles',
    icon: <KeyIcon />,
    permission: ADMIN_PERMISSIONS.rolesView,
    component: RolesPage,
  },
  {
    path: 'logs',
    label: 'Logs',
    icon: <ListIcon />,
    permission: ADMIN_PERMISSIONS.logsView,
    component: LogsPage,
  },
];

function ListIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" strokeLinecap="round" />
    </svg>
  );
}
