import { describe, expect, it } from 'vitest';
import { accountMenuEntries, hasValidSubscription, userDisplayName, visitorEntries } from './account-menu';

const base = { isMobile: false, isSubscribed: false };
const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

describe('account dropdown', () => {
  it('has only Log out when nothing else applies', () => {
    expect(accountMenuEntries(base)).toEqual([{ kind: 'logout', id: 'logout', label: 'Log out' }]);
  });

  it('lists entries in the spec order when everything applies', () => {
    const entries = accountMenuEntries({
      items: [{ id: 1, label: 'Account settings', action: '/account-settings', type: 'route' }],
      profileHref: '/user/1',
      notifications: { unreadCount: 4 },
      isMobile: true,
      isSubscribed: true,
      theme: { canChange: true, isDark: false },
    });
    expect(ids(entries)).toEqual(['menu-1', 'profile', 'notifications', 'billing', 'theme', 'logout']);
    expect(entries[0]).toEqual({
      kind: 'link',
      id: 'menu-1',
      label: 'Account settings',
      href: '/account-settings',
    });
    expect(entries[1]).toMatchObject({ label: 'Profile page', href: '/user/1' });
    expect(entries[2]).toMatchObject({ label: 'Notifications', href: '/notifications', badge: 4 });
    expect(entries[3]).toMatchObject({ label: 'Billing', href: '/billing' });
  });

  it('shows Notifications on mobile only, and only when notifications are integrated', () => {
    expect(ids(accountMenuEntries({ ...base, notifications: { unreadCount: 2 } }))).not.toContain(
      'notifications',
    );
    expect(ids(accountMenuEntries({ ...base, isMobile: true }))).not.toContain('notifications');
    expect(ids(accountMenuEntries({ ...base, isMobile: true, notifications: { unreadCount: 0 } }))).toContain(
      'notifications',
    );
  });

  it('shows Billing to subscribers only', () => {
    expect(ids(accountMenuEntries(base))).not.toContain('billing');
    expect(ids(accountMenuEntries({ ...base, isSubscribed: true, billingHref: '/my-billing' }))).toContain(
      'billing',
    );
  });

  it('offers the other theme, only when users may change it', () => {
    expect(ids(accountMenuEntries({ ...base, theme: { canChange: false, isDark: false } }))).not.toContain(
      'theme',
    );
    expect(accountMenuEntries({ ...base, theme: { canChange: true, isDark: false } })[0]).toMatchObject({
      label: 'Dark mode',
    });
    expect(accountMenuEntries({ ...base, theme: { canChange: true, isDark: true } })[0]).toMatchObject({
      label: 'Light mode',
    });
  });

  it('skips menu items without an action', () => {
    const entries = accountMenuEntries({
      ...base,
      items: [
        { id: 1, label: 'Nowhere', action: null, type: 'route' },
        { id: 2, label: 'Account settings', action: '/account-settings', type: 'route' },
      ],
    });
    expect(ids(entries)).toEqual(['menu-2', 'logout']);
  });

  it('keeps a menu item target', () => {
    const [entry] = accountMenuEntries({
      ...base,
      items: [
        { id: 'docs', label: 'API', action: 'https://example.com/api', type: 'link', target: '_blank' },
      ],
    });
    expect(entry).toMatchObject({ href: 'https://example.com/api', target: '_blank' });
  });
});

describe('visitor entries', () => {
  it('offer Login and Register', () => {
    expect(visitorEntries({})).toEqual([
      { id: 'login', label: 'Login', href: '/login' },
      { id: 'register', label: 'Register', href: '/register' },
    ]);
  });

  it('hide Register when registration is disabled', () => {
    expect(ids(visitorEntries({ registrationDisabled: true }))).toEqual(['login']);
  });
});

describe('user helpers', () => {
  it('treat a user as subscribed when one subscription is valid', () => {
    expect(hasValidSubscription(null)).toBe(false);
    expect(hasValidSubscription({ subscriptions: [{ valid: false }] })).toBe(false);
    expect(hasValidSubscription({ subscriptions: [{ valid: false }, { valid: true }] })).toBe(true);
  });

  it('name a user by display name, then full name, then email', () => {
    expect(userDisplayName({ display_name: 'Ada', email: 'a@x.io' })).toBe('Ada');
    expect(userDisplayName({ first_name: 'Ada', last_name: 'Lovelace', email: 'a@x.io' })).toBe(
      'Ada Lovelace',
    );
    expect(userDisplayName({ display_name: ' ', email: 'a@x.io' })).toBe('a@x.io');
  });
});

describe('the workspace switcher entries', () => {
  it('lead the menu when the site has workspaces, with "Manage workspaces" when a page is given', async () => {
    const { accountMenuEntries: entries } = await import('./account-menu');
    const ids = entries({
      isMobile: false,
      isSubscribed: false,
      workspaces: { manageHref: '/workspaces' },
    }).map((e) => e.id);
    expect(ids).toEqual(['workspaces', 'manage-workspaces', 'logout']);
    expect(entries({ isMobile: false, isSubscribed: false, workspaces: {} }).map((e) => e.id)).toEqual([
      'workspaces',
      'logout',
    ]);
    expect(entries({ isMobile: false, isSubscribed: false }).map((e) => e.id)).toEqual(['logout']);
  });
});
