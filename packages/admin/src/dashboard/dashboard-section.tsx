import { adminDashboard } from '@backline/core/contract';
import { lazy } from 'react';
import type { AdminSection } from '../shell/admin-section';

const DashboardPage = lazy(() => import('./dashboard-page'));

/** The dashboard as the admin area's index page (`/admin`), for everyone who may open the admin area. */
export function dashboardSection(): AdminSection {
  return {
    path: '',
    label: 'Dashboard',
    icon: <ChartIcon />,
    permission: adminDashboard.ADMIN_ACCESS_PERMISSION,
    component: DashboardPage,
  };
}

function ChartIcon() {
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
      <path d="M3 3v18h18M7 15l4-4 3 3 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
