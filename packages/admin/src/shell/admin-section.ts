import { type AccessData, can } from '@backline/core';
import type { ComponentType, ReactNode } from 'react';

/**
 * One page of the admin area: where it lives under the admin base path, its sidebar label and icon, the
 * permission it needs and its (lazy) component. Adding a page to the admin area is adding one of these to the
 * `sections` array given to `<AdminApp>`.
 */
export interface AdminSection {
  /** The path under the admin base: `users` serves `/admin/users` and `/admin/users/*`; `''` is `/admin` itself. */
  path: string;
  /** The English sidebar and breadcrumb label (an i18n key). */
  label: string;
  icon?: ReactNode;
  /**
   * The permission the page needs, as the server's routes behind it do; the sidebar hides it and its URL shows
   * the 404 page without it. `admin` grants every permission.
   */
  permission?: string;
  /** The page; pass `lazy(() => import(…))` so each page is its own chunk. */
  component: ComponentType;
  /** Hides the entry from the sidebar while keeping its route (a detail page reached from another one). */
  hidden?: boolean;
}

/** The sections the current person may open, in the given order. */
export function visibleSections(sections: readonly AdminSection[], data: AccessData): AdminSection[] {
  return sections.filter((section) => !section.permission || can(data, section.permission));
}

/** Identity helper for a typed list of sections. */
export function defineAdminSections(sections: AdminSection[]): AdminSection[] {
  return sections;
}

/** Joins the admin base path and a section path: `('/admin', 'users')` → `/admin/users`. */
export function sectionHref(basePath: string, path: string): string {
  const base = basePath.replace(/\/+$/, '');
  return path ? `${base}/${path.replace(/^\/+/, '')}` : base || '/';
}
