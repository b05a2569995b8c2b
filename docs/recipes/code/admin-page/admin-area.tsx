import '@backline/admin/styles.css';
import { useBacklineNavbar } from '@backline/account/app';
import { ADMIN_SECTIONS, AdminApp, type AdminSection } from '@backline/admin';
import { lazy } from 'react';

const sections: AdminSection[] = [
  ...ADMIN_SECTIONS, // Users, Roles, Logs
  // /admin/bookmarks: in the sidebar for people with bookmarks.moderate, the 404 page for everyone else.
  {
    path: 'bookmarks',
    label: 'Bookmarks',
    permission: 'bookmarks.moderate',
    component: lazy(() => import('./bookmarks-admin-page')),
  },
];

export default function AdminArea() {
  return <AdminApp sections={sections} navbar={useBacklineNavbar()} />;
}
