import { adminFiles } from '@backline/core/contract';
import { lazy } from 'react';
import type { AdminSection } from '../shell/admin-section';

const FilesPage = lazy(() => import('./files-page'));

/** The "Files" admin section: every uploaded file, previews, delete, storage per user. */
export function filesSection(): AdminSection {
  return {
    path: 'files',
    label: 'Files',
    icon: <FileIcon />,
    permission: adminFiles.FILES_PERMISSION,
    component: FilesPage,
  };
}

function FileIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
    </svg>
  );
}
