import { useBranding, useLogout, useMenuItems } from '@backline/auth';
import { useSettings, useTheme, useUser } from '@backline/core/react';
import { Footer, Navbar } from '@backline/ui';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from './page-loader';

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
  const accountMenu = useMenuItems('auth-dropdown');
  const footerMenu = useMenuItems('footer');
  const footerSecondaryMenu = useMenuItems('footer-secondary');
  return (
    <div className="site">
      <Navbar
        branding={branding}
        menu={navbarMenu}
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
        // The language picker needs the list of localizations, which the bootstrap data does not carry yet.
        languages={null}
      />
    </div>
  );
}
