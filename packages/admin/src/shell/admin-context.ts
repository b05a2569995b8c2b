import { createContext, useContext } from 'react';
import type { AdminSection } from './admin-section';

/** What admin pages can read about the shell they are in. */
export interface AdminContextValue {
  /** Where the admin area is mounted (`/admin`). */
  basePath: string;
  /** The sections the current person may open. */
  sections: readonly AdminSection[];
  /** The section being shown, if any. */
  current: AdminSection | null;
}

export const AdminContext = createContext<AdminContextValue>({
  basePath: '/admin',
  sections: [],
  current: null,
});

/** The admin shell's base path, sections and current section. */
export function useAdmin(): AdminContextValue {
  return useContext(AdminContext);
}
