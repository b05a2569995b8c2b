import { describe, expect, it } from 'vitest';
import type { MenuItem, User } from '../bootstrap/types';
import {
  type AccessData,
  can,
  filterMenuItems,
  getRestrictionValue,
  isLoggedIn,
  isSubscribed,
  menuAt,
} from './permissions';

const guest: AccessData['guest_role'] = {
  id: 1,
  name: 'guests',
  permissions: [{ name: 'music.view' }],
};
const as = (user: Partial<User> | null): AccessData => ({
  user: user ? ({ id: 1, email: 'a@b.c', ...user } as User) : null,
  guest_role: guest,
});

describe('permissions', () => {
  it('checks a visitor against the guest role', () => {
    expect(can(as(null), 'music.view')).toBe(true);
    expect(can(as(null), 'music.upload')).toBe(false);
    expect(can({ user: null, guest_role: null }, 'music.view')).toBe(false);
  });

  it("checks a user's own and role permissions, not the guest role's", () => {
    const user = as({
      permissions: [{ name: 'api.access' }],
      roles: [{ id: 3, permissions: [{ name: 'music.upload' }] }],
    });
    expect(can(user, 'api.access')).toBe(true);
    expect(can(user, 'music.upload')).toBe(true);
    expect(can(user, 'music.view')).toBe(false);
  });

  it('lets the admin permission grant everything', () => {
    expect(can(as({ permissions: [{ name: 'admin' }] }), 'anything.at.all')).toBe(true);
    expect(can({ user: null, guest_role: { id: 1, permissions: [{ name: 'admin' }] } }, 'x')).toBe(true);
  });

  it('reads a restriction value by permission and restriction name', () => {
    const user = as({
      permissions: [
        {
          name: 'files.create',
          restrictions: [
            { name: 'max_size', value: 2048 },
            { name: 'types', value: 'image/*' },
          ],
        },
        { name: 'other', restrictions: [{ name: 'max_size', value: 1 }] },
      ],
    });
    expect(getRestrictionValue(user, 'files.create', 'max_size')).toBe(2048);
    expect(getRestrictionValue(user, 'files.create', 'types')).toBe('image/*');
    expect(getRestrictionValue(user, 'files.create', 'missing')).toBeUndefined();
    expect(getRestrictionValue(user, 'files.delete', 'max_size')).toBeUndefined();
  });

  it('knows who is logged in and who is subscribed', () => {
    expect(isLoggedIn(as(null))).toBe(false);
    expect(isLoggedIn(as({}))).toBe(true);
    expect(isSubscribed(as({}))).toBe(false);
    expect(isSubscribed(as({ subscriptions: [{ valid: false }] }))).toBe(false);
    expect(isSubscribed(as({ subscriptions: [{ valid: false }, { valid: true }] }))).toBe(true);
    expect(isSubscribed(as(null))).toBe(false);
  });
});

describe('menu items', () => {
  const item = (id: number, extra: Partial<MenuItem> = {}): MenuItem => ({
    id,
    label: `item ${id}`,
    type: 'route',
    action: `/item/${id}`,
    ...extra,
  });
  const items = [
    item(1),
    item(2, { roles: [2, 3] }),
    item(3, { roles: [2] }),
    item(4, { permissions: ['billing.view', 'music.view'] }),
    item(5, { permissions: ['music.view'] }),
    item(6, { action: '' }),
    item(7, { action: null }),
  ];

  it('keeps items whose roles and permissions are ALL held, and only items with an action', () => {
    const user = as({ roles: [{ id: 2 }], permissions: [{ name: 'music.view' }] });
    expect(filterMenuItems(items, user).map((i) => i.id)).toEqual([1, 3, 5]);
    const more = as({
      roles: [{ id: 2 }, { id: 3 }],
      permissions: [{ name: 'music.view' }, { name: 'billing.view' }],
    });
    expect(filterMenuItems(items, more).map((i) => i.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('treats a visitor as holding the guest role', () => {
    expect(filterMenuItems([...items, item(8, { roles: [1] })], as(null)).map((i) => i.id)).toEqual([
      1, 5, 8,
    ]);
  });

  it('finds the menu at a position, filtered', () => {
    const menus = [
      { id: 1, positions: ['footer'], items: [item(1)] },
      { id: 2, positions: ['navbar', 'auth-dropdown'], items: [item(2, { roles: [99] }), item(3)] },
    ];
    expect(menuAt(menus, 'auth-dropdown', as({}))?.items.map((i) => i.id)).toEqual([3]);
    expect(menuAt(menus, 'nowhere', as({}))).toBeUndefined();
  });
});
