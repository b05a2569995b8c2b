import { useBranding, useLogout, useMenuItems } from '@backline/auth';
import { useSettings, useTheme, useUser } from '@backline/core/react';
import { Navbar, type NavbarProps, type ShellMenuItem } from '@backline/ui';
import { type ReactNode, Suspense, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { ACCOUNT_SETTINGS_PATH } from './account-settings-path';

const ACCOUNT_SETTINGS_LINK: ShellMenuItem = {
  id: 'account-settings',
  label: 'Account settings',
  type: 'route',
  action: ACCOUNT_SETTINGS_PATH,
};

/**
 * The navbar's props, fed from the bootstrap data: the `navbar` menu, the user, the theme toggle, Log out, and an
 * account menu that always offers the account settings page. Pages with a frame of their own (the admin area)
 * pass it to theirs.
 */
export function useBacklineNavbar(accountMenu: readonly ShellMenuItem[] = []): NavbarProps {
  const user = useUser();
  const branding = useBranding();
  const theme = useTheme();
  const { logout } = useLogout();
  const { pathname } = useLocation();
  const registrationDisabled = useSettings<boolean>('registration.disable', false);
  const menu = useMenuItems('navbar');
  const dropdown = useMenuItems('auth-dropdown');
  // The site's own `auth-dropdown` menu may already link the page; it is listed once either way.
  const items = useMemo(
    () => [
      ...(dropdown.some((item) => item.action === ACCOUNT_SETTINGS_PATH) ? [] : [ACCOUNT_SETTINGS_LINK]),
      ...dropdown,
      ...accountMenu,
    ],
    [dropdown, accountMenu],
  );
  return {
    branding,
    menu,
    user,
    registrationDisabled,
    accountMenu: items,
    theme,
    onLogout: logout,
    currentPath: pathname,
  };
}

/**
 * The layout of every page but the sign-in screens: the @backline/ui navbar (`useBacklineNavbar`) and the page
 * below it.
 */
export function BacklineLayout({
  accountMenu,
  navbarSlot,
}: {
  accountMenu?: readonly ShellMenuItem[];
  navbarSlot?: ReactNode;
}) {
  const navbar = useBacklineNavbar(accountMenu);
  return (
    <div className="backline-app">
      <Navbar {...navbar} notificationsSlot={navbarSlot} />
      <main className="backline-app__content">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
