import { useBranding, useLogout, useMenuItems } from '@backline/auth';
import { useSettings, useTheme, useUser } from '@backline/core/react';
import { createElement, lazy, Suspense, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useFooterLanguages } from './use-footer-languages';
import { useWorkspacesMenu } from './use-workspaces-menu';

const UPLOAD_LINK = {
  id: 'backstage-upload',
  label: 'Upload',
  type: 'route',
  action: '/backstage/upload',
} as const;

// The bell's code (popover, list, live count) loads after the navbar, only for signed-in users.
const NotificationsBell = lazy(() =>
  import('./notifications-bell').then((module) => ({ default: module.NotificationsBell })),
);

/**
 * The props of the site's navbar and footer, fed from the bootstrap data (menus filtered by the core's menu
 * rule, the user, the theme toggle, logout), shared by the site layout and the web player layout so both
 * frames show the same chrome.
 */
export function useSiteChrome() {
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
  const notificationsIntegrated = useSettings<boolean>('notifications.integrated', false);
  const withNotifications = Boolean(user && notificationsIntegrated);
  const notificationsSlot = useMemo(
    () =>
      withNotifications
        ? createElement(Suspense, { fallback: null }, createElement(NotificationsBell))
        : null,
    [withNotifications],
  );
  // The account menu's workspace switcher: the active workspace scopes the playlists the site shows and edits.
  const workspaces = useWorkspacesMenu(Boolean(user));
  return {
    user,
    navbar: {
      workspaces,
      branding,
      menu: navbarItems,
      user,
      registrationDisabled,
      accountMenu,
      theme,
      onLogout: logout,
      currentPath: pathname,
      // The bell on wide screens; the account menu lists Notifications with the count on phones.
      notifications: withNotifications
        ? { unreadCount: user?.unread_notifications_count ?? 0, href: '/notifications' }
        : null,
      notificationsSlot,
    },
    footer: {
      siteName: branding.siteName,
      menu: footerMenu,
      secondaryMenu: footerSecondaryMenu,
      theme,
      currentPath: pathname,
      // Shown only when i18n is enabled; lists the installed localizations.
      languages,
    },
  };
}
