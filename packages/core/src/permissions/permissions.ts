import type { BootstrapData, Menu, MenuItem, Permission } from '../bootstrap/types';

/** The parts of bootstrap data that decide what someone may do. */
export type AccessData = Pick<BootstrapData, 'user' | 'guest_role'>;

/** The permission that grants every other permission. */
export const ADMIN_PERMISSION = 'admin';

/**
 * Every permission the current person holds: a user's own and their roles' permissions; for a visitor,
 * the guest role's.
 */
export function heldPermissions(data: AccessData): Permission[] {
  if (data.user) {
    return [
      ...(data.user.permissions ?? []),
      ...(data.user.roles ?? []).flatMap((role) => role.permissions ?? []),
    ];
  }
  return data.guest_role?.permissions ?? [];
}

/** True when the user (for visitors, the guest role) holds `name` or `admin`. */
export function can(data: AccessData, name: string): boolean {
  return heldPermissions(data).some(
    (permission) => permission.name === name || permission.name === ADMIN_PERMISSION,
  );
}

/** A restriction's value, by permission name and restriction name; undefined when not held or not set. */
export function getRestrictionValue(data: AccessData, permission: string, restriction: string): unknown {
  for (const held of heldPermissions(data)) {
    if (held.name !== permission) continue;
    const found = held.restrictions?.find((entry) => entry.name === restriction);
    if (found) return found.value;
  }
  return undefined;
}

/** Logged in means a user exists. */
export function isLoggedIn(data: Pick<BootstrapData, 'user'>): boolean {
  return Boolean(data.user);
}

/** Subscribed means at least one subscription has the `valid` flag. */
export function isSubscribed(data: Pick<BootstrapData, 'user'>): boolean {
  return Boolean(data.user?.subscriptions?.some((subscription) => subscription.valid));
}

/** Role ids the current person holds (a visitor holds the guest role). */
export function heldRoleIds(data: AccessData): number[] {
  if (data.user) return (data.user.roles ?? []).map((role) => role.id);
  return data.guest_role ? [data.guest_role.id] : [];
}

/** The items this person may see: ALL listed role ids and ALL listed permissions held, and an action set. */
export function filterMenuItems<T extends MenuItem>(items: readonly T[], data: AccessData): T[] {
  const roles = new Set(heldRoleIds(data));
  return items.filter(
    (item) =>
      Boolean(item.action) &&
      (item.roles ?? []).every((id) => roles.has(id)) &&
      (item.permissions ?? []).every((name) => can(data, name)),
  );
}

/** The first menu placed at `position`, with its items filtered for this person. */
export function menuAt(
  menus: readonly Menu[] | undefined,
  position: string,
  data: AccessData,
): Menu | undefined {
  const menu = menus?.find((candidate) => candidate.positions?.includes(position));
  return menu ? { ...menu, items: filterMenuItems(menu.items ?? [], data) } : undefined;
}
