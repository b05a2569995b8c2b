import { useBranding, useLogout, useMenuItems } from '@backline/auth';
import { useSettings, useTheme, useUser } from '@backline/core/react';
import { Footer, Navbar } from '@backline/ui';
import { Suspense, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from './page-loader';
import { useFooterLanguages } from './use-footer-languages';

const UPLOAD_LINK = {
  id: 'backstage-upload',
  label: 'Upload',
  type: 'route',
  action: '/backstage/upload',
} as const;

/**
 * The frame of every page outside the sign-in screens: the navbar and footer of @backline/ui, fed from the
 * bootstrap data (menus filtered by the core's menu rule, the user, the theme toggle, logout). The page
 * itself loads lazily inside it, so the frame stays put while a page's code arrives.
 */
export function SiteLayout() {
  const user = useUser();
  const branding = useBranding();
  const theme = useTheme();
  const { logout } = useLogout();
  const { pathname } = useLocation();
  const registrationDisabled = useSettings<boolean>('registration.disable', false);
  const navbarMenu = useMenuItems('navbar');
  // Signed-in listeners and artists also reach Backstage › Upload from the navbar.
  const navbarItems = useMemo(() => (user ? [...navbarMenu, UPLOAD_LINK] : navbarMenu), [user, navbarMenu]);
  const accountMenu = useMenuItems('auth-dropdown');
  const footerMenu = useMenuItems('footer');
  const footerSecondaryMenu = useMenuItems('footer-secondary');
  const languages = useFooterLanguages();
  return (
    <div className="site">
      <Navbar
        branding={branding}
        menu={navbarItems}
        user={user}
        registrationDisabled={registrationDisabled}
        accountMenu={accountMenu}
        theme={theme}
        onLogout={logout}
        currentPath={pathname}
        // The notifications popover (notificationsSlot) comes with @backline/notifications.
      />
      <div className="site__content">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer
        siteName={branding.siteName}
        menu={footerMenu}
        secondaryMenu={footerSecondaryMenu}
        theme={theme}
        currentPath={pathname}
        // Shown only when i18n is enabled; lists the installed localizations.
        languages={languages}
      />
    </div>
  );
}
