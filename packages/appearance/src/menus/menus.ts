import { type BootstrapData, filterMenuItems, type Menu, menuAt } from '@backline/core';

type AccessData = Parameters<typeof filterMenuItems>[1];

/** The menus stored in the `menus` setting of the bootstrap data (an empty list when unset or malformed). */
export function storedMenus(data: Pick<BootstrapData, 'settings'>): Menu[] {
  const menus = (data.settings as { menus?: unknown }).menus;
  return Array.isArray(menus) ? (menus as Menu[]) : [];
}

/**
 * Every menu with its items filtered for this viewer: an item shows only when the viewer holds ALL its role ids and
 * ALL its permissions, and only when it has an action (spec accounts §3). The server filters the bootstrap copy
 * the same way; the client filters again because the editor's live values arrive unfiltered.
 */
export function filterMenus(menus: readonly Menu[], data: AccessData): Menu[] {
  return menus.map((menu) => ({ ...menu, items: filterMenuItems(menu.items ?? [], data) }));
}

/** The items of the first menu at `position`, filtered for the viewer. */
export function menuItemsAt(data: BootstrapData, position: string) {
  return menuAt(storedMenus(data), position, data)?.items ?? [];
}
