import { describe, expect, it } from 'vitest';
import { listQueryOf, readListParams } from '../data-table/list-params';
import { currentSection } from './admin-app';
import { type AdminSection, sectionHref, visibleSections } from './admin-section';

const Page = () => null;
const SECTIONS: AdminSection[] = [
  { path: '', label: 'Dashboard', permission: 'admin.access', component: Page },
  { path: 'users', label: 'Users', permission: 'users.view', component: Page },
  { path: 'roles', label: 'Roles', permission: 'roles.view', component: Page },
  { path: 'users/import', label: 'Import users', permission: 'users.create', component: Page, hidden: true },
];
const person = (...names: string[]) => ({
  user: { id: 1, email: 'a@example.com', roles: [], permissions: names.map((name) => ({ name })) },
  guest_role: null,
});

describe('admin sections', () => {
  it('shows only the sections whose permission the person holds; `admin` grants all', () => {
    expect(visibleSections(SECTIONS, person('admin.access', 'users.view')).map((s) => s.label)).toEqual([
      'Dashboard',
      'Users',
    ]);
    expect(visibleSections(SECTIONS, person('admin'))).toHaveLength(4);
    expect(visibleSections(SECTIONS, { user: null, guest_role: null })).toEqual([]);
  });

  it('finds the current section by the longest matching path', () => {
    expect(currentSection(SECTIONS, '/admin', '/admin')?.label).toBe('Dashboard');
    expect(currentSection(SECTIONS, '/admin', '/admin/users/12')?.label).toBe('Users');
    expect(currentSection(SECTIONS, '/admin', '/admin/users/import')?.label).toBe('Import users');
    expect(currentSection(SECTIONS, '/admin', '/admin/usersx')).toBeNull();
    expect(sectionHref('/admin/', 'roles')).toBe('/admin/roles');
  });
});

describe('list params in the URL', () => {
  it('reads page, sort, search and known filters, ignoring bad values', () => {
    const params = readListParams(
      new URLSearchParams('page=3&perPage=500&orderBy=email&orderDir=up&query=ada&role=2&evil=1'),
      ['role', 'status'],
    );
    expect(params).toEqual({
      page: 3,
      perPage: 15,
      orderBy: 'email',
      orderDir: undefined,
      query: 'ada',
      filters: { role: '2' },
    });
    expect(listQueryOf(params)).toEqual({ page: 3, perPage: 15, orderBy: 'email', query: 'ada', role: '2' });
  });
});
