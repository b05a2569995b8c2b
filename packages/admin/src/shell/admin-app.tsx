import { useBootstrap } from '@backline/core/react';
import {
  CloseIcon,
  IconButton,
  Link,
  MenuIcon,
  Navbar,
  type NavbarProps,
  NotFoundPage,
  useIsMobile,
} from '@backline/ui';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext } from './admin-context';
import { type AdminSection, sectionHref, visibleSections } from './admin-section';
import { AdminSidebar } from './admin-sidebar';
import { PageSkeleton } from './page-skeleton';

export interface AdminAppProps {
  /** The admin pages, in sidebar order (see `AdminSection`). */
  sections: readonly AdminSection[];
  /** Where the app mounts the admin area (`<Route path="/admin/*">`); `/admin` by default. */
  basePath?: string;
  /**
   * The top bar: the site's navbar props (branding, user, account menu, theme, logout). Its menu is replaced
   * by the link back to the site.
   */
  navbar: NavbarProps;
  /** Where "Back to site" goes; `/` by default. */
  siteHref?: string;
  /** Shown in the sidebar above the sections (a workspace switcher, say). */
  sidebarHeader?: ReactNode;
}

/**
 * The admin area: a top bar (logo, link back to the site, account menu), a sidebar of the sections the person
 * may open (a drawer on narrow screens) and the current section's page. Mount it under the admin permission:
 * `<Route element={<AuthRoute permission="admin.access" />}><Route path="/admin/*" element={<AdminApp …/>} /></Route>`.
 */
export function AdminApp({
  sections,
  basePath = '/admin',
  navbar,
  siteHref = '/',
  sidebarHeader,
}: AdminAppProps) {
  const { t } = useTranslation();
  const data = useBootstrap();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const allowed = useMemo(() => visibleSections(sections, data), [sections, data]);
  const current = useMemo(() => currentSection(allowed, basePath, pathname), [allowed, basePath, pathname]);
  // A navigation from the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => setDrawerOpen(false), [pathname]);

  const nav = <AdminSidebar sections={allowed} basePath={basePath} header={sidebarHeader} />;
  const backToSite = useMemo(
    () => [{ id: 'admin-back-to-site', label: t('Back to site'), type: 'route' as const, action: siteHref }],
    [t, siteHref],
  );
  const hasIndex = allowed.some((section) => section.path === '');
  const first = allowed.find((section) => !section.hidden);

  return (
    <AdminContext.Provider value={{ basePath, sections: allowed, current }}>
      <div className="bl-admin">
        {/* On a phone "Back to site" moves into the drawer: one menu button in the top bar, not two. */}
        <Navbar
          {...navbar}
          menu={isMobile ? [] : backToSite}
          currentPath={pathname}
          className="bl-admin__topbar"
        >
          {isMobile ? (
            <IconButton aria-label={t('Open admin menu')} onPress={() => setDrawerOpen(true)}>
              <MenuIcon />
            </IconButton>
          ) : null}
        </Navbar>
        <div className="bl-admin__body">
          {isMobile ? null : <aside className="bl-admin__sidebar">{nav}</aside>}
          <main className="bl-admin__main" id="admin-main">
            <Suspense fallback={<PageSkeleton />}>
              <Routes>
                {allowed.map((section) => (
                  <Route
                    key={section.path || 'index'}
                    path={section.path ? `${section.path}/*` : undefined}
                    index={!section.path}
                    element={<section.component />}
                  />
                ))}
                {hasIndex || !first ? null : (
                  <Route index element={<Navigate to={sectionHref(basePath, first.path)} replace />} />
                )}
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </main>
        </div>
        {isMobile ? (
          <ModalOverlay
            isDismissable
            isOpen={drawerOpen}
            onOpenChange={setDrawerOpen}
            className="bl-admin__drawer-overlay"
          >
            <Modal className="bl-admin__drawer">
              <Dialog aria-label={t('Admin menu')} className="bl-admin__drawer-dialog">
                <div className="bl-admin__drawer-header">
                  <Heading slot="title" className="bl-admin__drawer-title">
                    {t('Admin')}
                  </Heading>
                  <IconButton size="sm" aria-label={t('Close')} onPress={() => setDrawerOpen(false)}>
                    <CloseIcon size={18} />
                  </IconButton>
                </div>
                {nav}
                <Link href={siteHref} variant="inherit" className="bl-admin__drawer-back">
                  {t('Back to site')}
                </Link>
              </Dialog>
            </Modal>
          </ModalOverlay>
        ) : null}
      </div>
    </AdminContext.Provider>
  );
}

/** The section whose path is the longest prefix of the current path (the index section matches only itself). */
export function currentSection(
  sections: readonly AdminSection[],
  basePath: string,
  pathname: string,
): AdminSection | null {
  let found: AdminSection | null = null;
  for (const section of sections) {
    const href = sectionHref(basePath, section.path);
    const matches = section.path
      ? pathname === href || pathname.startsWith(`${href}/`)
      : pathname.replace(/\/+$/, '') === href;
    if (matches && (!found || section.path.length > found.path.length)) found = section;
  }
  return found;
}
