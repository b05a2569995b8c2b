import { errorReports } from '@backline/core/contract';
import { lazy } from 'react';
import type { AdminSection } from '../shell/admin-section';

const CustomPagesPage = lazy(() => import('./custom-pages-page'));
const ErrorReportsPage = lazy(() => import('./error-reports-page'));

/** The "Pages" admin section (`/admin/pages`, `custom_pages.update`): custom pages and their bodies. */
export function customPagesSection(): AdminSection {
  return {
    path: 'pages',
    label: 'Pages',
    icon: <PageIcon />,
    permission: 'custom_pages.update',
    component: CustomPagesPage,
  };
}

/** The "Error reports" admin section (`/admin/error-reports`, `error_reports.view`). */
export function errorReportsSection(): AdminSection {
  return {
    path: 'error-reports',
    label: 'Error reports',
    icon: <BugIcon />,
    permission: errorReports.ERROR_REPORTS_VIEW_PERMISSION,
    component: ErrorReportsPage,
  };
}

function PageIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M6 3h12v18H6z" />
      <path d="M9 8h6M9 12h6M9 16h4" />
    </svg>
  );
}

function BugIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M12 8a4 4 0 0 1 4 4v3a4 4 0 0 1-8 0v-3a4 4 0 0 1 4-4z" />
      <path d="M3 13h5M16 13h5M5 7l3 2M19 7l-3 2M5 19l3-2M19 19l-3-2" />
    </svg>
  );
}
