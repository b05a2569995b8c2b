import '../music.css';
import { useBranding, useLogout, useMenuItems } from '@backline/auth';
import { useSettings, useTheme, useUser } from '@backline/core/react';
import { Footer, IconButton, MenuIcon, Navbar, useIsMobile } from '@backline/ui';
import { Suspense, useMemo, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { slugify } from '../../../contract';
import { PageLoader } from '../../shell/page-loader';
import { useFooterLanguages } from '../../shell/use-footer-languages';
import { SearchIcon } from '../icons';
import { PlayerArea, PlayerFooter } from '../play-actions';
import { SearchBox } from './search-box';
import { Sidebar } from './sidebar';

const UPLOAD_LINK = {
  id: 'backstage-upload',
  label: 'Upload',
  type: 'route',
  action: '/backstage/upload',
} as const;

/**
 * The web player: the navbar with the search box on top, the sidebar on the left (a drawer on phones), the
 * page, and the player bar at the bottom. Pages load lazily inside it, so the frame and the player keep
 * playing across navigation.
 */
export function WebPlayerLayout() {
  const { t } = useTranslation();
  const user = useUser();
  const branding = useBranding();
  const theme = useTheme();
  const { logout } = useLogout();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const registrationDisabled = useSettings<boolean>('registration.disable', false);
  const navbarMenu = useMenuItems('navbar');
  const navbarItems = useMemo(() => (user ? [...navbarMenu, UPLOAD_LINK] : navbarMenu), [user, navbarMenu]);
  const accountMenu = useMenuItems('auth-dropdown');
  const footerMenu = useMenuItems('footer');
  const footerSecondaryMenu = useMenuItems('footer-secondary');
  const languages = useFooterLanguages();
  const profileHref = user ? `/user/${user.id}/${slugify(user.display_name ?? '')}` : null;
  return (
    <PlayerArea>
      <div className="music-app">
        <Navbar
          branding={branding}
          menu={navbarItems}
          user={user}
          registrationDisabled={registrationDisabled}
          accountMenu={accountMenu}
          profileHref={profileHref}
          theme={theme}
          onLogout={logout}
          currentPath={pathname}
          className="music-app__navbar"
        >
          {isMobile ? (
            <div className="music-app__mobile-tools">
              <IconButton aria-label={t('Browse')} onPress={() => setDrawerOpen(true)}>
                <MenuIcon size={22} />
              </IconButton>
              <IconButton aria-label={t('Search')} onPress={() => setDrawerOpen(true)}>
                <SearchIcon size={20} />
              </IconButton>
            </div>
          ) : (
            <SearchBox />
          )}
        </Navbar>
        <div className="music-app__body">
          {isMobile ? null : (
            <aside className="music-app__sidebar">
              <Sidebar />
            </aside>
          )}
          <main className="music-app__main" id="main-content">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
            <Footer
              siteName={branding.siteName}
              menu={footerMenu}
              secondaryMenu={footerSecondaryMenu}
              theme={theme}
              currentPath={pathname}
              languages={languages}
            />
          </main>
        </div>
        <div className="music-app__player">
          <PlayerFooter />
        </div>
      </div>
      {isMobile ? (
        <ModalOverlay
          isOpen={drawerOpen}
          onOpenChange={setDrawerOpen}
          isDismissable
          className="music-drawer-overlay"
        >
          <Modal className="music-drawer">
            <Dialog aria-label={t('Browse')} className="music-drawer__dialog">
              <SearchBox onNavigate={() => setDrawerOpen(false)} />
              <Sidebar onNavigate={() => setDrawerOpen(false)} />
            </Dialog>
          </Modal>
        </ModalOverlay>
      ) : null}
    </PlayerArea>
  );
}
