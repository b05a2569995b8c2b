import '@backline/admin/styles.css';
import { useBacklineNavbar } from '@backline/account/app';
import { ADMIN_SECTIONS, AdminApp } from '@backline/admin';

export default function AdminArea() {
  return <AdminApp sections={ADMIN_SECTIONS} navbar={useBacklineNavbar()} />;
}
