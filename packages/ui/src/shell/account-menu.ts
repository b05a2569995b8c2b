import { linkItems, type ShellMenuItem } from './shell-types';

/** One entry of the navbar's account dropdown. */
export type AccountMenuEntry =
  | {
      kind: 'link';
      id: string;
      /** English label (i18n key). */
      label: string;
      href: string;
      target?: string;
      /** Unread count shown beside the label. */
      badge?: number;
    }
  | { kind: 'theme'; id: 'theme'; label: 'Dark mode' | 'Light mode' }
  | { kind: 'workspaces'; id: 'workspaces'; label: 'Workspace' }
  | { kind: 'logout'; id: 'logout'; label: 'Log out' };

export interface AccountMenuOptions {
  /** Items of the `auth-dropdown` menu, already filtered. */
  items?: readonly ShellMenuItem[];
  /** The profile page, when the site has one. */
  profileHref?: string | null;
  /** Present when notifications are integrated (`notifications.integrated`). */
  notifications?: { unreadCount: number; href?: string } | null;
  isMobile: boolean;
  /** At least one valid subscription. */
  isSubscribed: boolean;
  billingHref?: string;
  /** Present when users may change the theme. */
  theme?: { canChange: boolean; isDark: boolean } | null;
  /** Present when the site has workspaces: the switcher, then "Manage workspaces" when a page is given. */
  workspaces?: { manageHref?: string } | null;
}

/**
 * The account dropdown's entries, in the spec's order: `auth-dropdown` items, Profile page (if
 * configured), Notifications with the unread count (mobile only, when integrated), Billing
 * (subscribers only), "Dark mode" or "Light mode" (only if users may change the theme), Log out.
 */
export function accountMenuEntries({
  items = [],
  profileHref,
  notifications,
  isMobile,
  isSubscribed,
  billingHref = '/billing',
  theme,
  workspaces,
}: AccountMenuOptions): AccountMenuEntry[] {
  // The workspace switcher leads: what the rest of the menu (and the site) shows depends on it.
  const entries: AccountMenuEntry[] = workspaces
    ? [
        { kind: 'workspaces', id: 'workspaces', label: 'Workspace' },
        ...(workspaces.manageHref
          ? [
              {
                kind: 'link' as const,
                id: 'manage-workspaces',
                label: 'Manage workspaces',
                href: workspaces.manageHref,
              },
            ]
          : []),
      ]
    : [];
  entries.push(
    ...linkItems(items).map(
      (item): AccountMenuEntry => ({
        kind: 'link',
        id: `menu-${item.id}`,
        label: item.label,
        href: item.action,
        ...(item.target ? { target: item.target } : {}),
      }),
    ),
  );
  if (profileHref) entries.push({ kind: 'link', id: 'profile', label: 'Profile page', href: profileHref });
  // On wide screens the bell in the navbar does this job.
  if (notifications && isMobile) {
    entries.push({
      kind: 'link',
      id: 'notifications',
      label: 'Notifications',
      href: notifications.href ?? '/notifications',
      badge: notifications.unreadCount,
    });
  }
  if (isSubscribed) entries.push({ kind: 'link', id: 'billing', label: 'Billing', href: billingHref });
  if (theme?.canChange)
    entries.push({ kind: 'theme', id: 'theme', label: theme.isDark ? 'Light mode' : 'Dark mode' });
  entries.push({ kind: 'logout', id: 'logout', label: 'Log out' });
  return entries;
}

/** The visitor entries (Login, Register) the navbar shows as buttons, or as a menu on mobile. */
export function visitorEntries({
  registrationDisabled = false,
  loginHref = '/login',
  registerHref = '/register',
}: {
  registrationDisabled?: boolean;
  loginHref?: string;
  registerHref?: string;
}): { id: 'login' | 'register'; label: 'Login' | 'Register'; href: string }[] {
  const entries: { id: 'login' | 'register'; label: 'Login' | 'Register'; href: string }[] = [
    { id: 'login', label: 'Login', href: loginHref },
  ];
  if (!registrationDisabled) entries.push({ id: 'register', label: 'Register', href: registerHref });
  return entries;
}

/** Subscribed means at least one subscription has the valid flag. */
export function hasValidSubscription(
  user: { subscriptions?: readonly { valid: boolean }[] | null } | null,
): boolean {
  return Boolean(user?.subscriptions?.some((subscription) => subscription.valid));
}

/** The name to show for a user: display name, else first and last name, else email. */
export function userDisplayName(user: {
  display_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}): string {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return user.display_name?.trim() || full || user.email || '';
}
