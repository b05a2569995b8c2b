import type { Menu, Theme } from '@backline/core';
import type { appearance } from '@backline/core/contract';

type AppearanceSave = appearance.AppearanceSave;
type AppearanceState = appearance.AppearanceState;

/**
 * Everything the editor edits, unsaved: the appearance settings by their dotted key (`branding.site_name`,
 * `homepage.appearance`, `custom_code.css`…), the themes and the menus. A theme created in the editor has a
 * negative id until it is saved, so the preview can show it (`setActiveTheme`) before it exists on the server.
 */
export interface AppearanceDraft {
  values: Record<string, unknown>;
  themes: Theme[];
  menus: Menu[];
}

/**
 * The draft the editor starts from. Every key in `settingKeys` (what the sections declare) is in `values`, `null`
 * when the server had none, so a section's edits are tracked and saved like the built-in ones. A menu stored
 * without a name gets its id as one: the server requires a name on save.
 */
export function draftFromState(state: AppearanceState, settingKeys: readonly string[] = []): AppearanceDraft {
  const values = { ...state.values };
  for (const key of settingKeys) if (!Object.hasOwn(values, key)) values[key] = null;
  return {
    values,
    themes: state.themes,
    menus: state.menus.map((menu) => ({ ...menu, name: menu.name?.trim() || String(menu.id) })),
  };
}

/** A new, empty menu at no position yet, with an id no other menu has. */
export function newMenu(menus: readonly Menu[], name: string): Menu {
  const ids = new Set(menus.map((menu) => String(menu.id)));
  let n = menus.length + 1;
  while (ids.has(`menu-${n}`)) n += 1;
  return { id: `menu-${n}`, name, positions: [], items: [] };
}

/** The menu other than `menuId` already placed at `position` (a position holds one menu), if any. */
export function menuHolding(menus: readonly Menu[], position: string, menuId: Menu['id']): Menu | undefined {
  return menus.find((menu) => menu.id !== menuId && menu.positions.includes(position));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** True when the draft differs from what was saved. */
export function isDirty(saved: AppearanceDraft, draft: AppearanceDraft): boolean {
  return (
    !same(saved.values, draft.values) || !same(saved.themes, draft.themes) || !same(saved.menus, draft.menus)
  );
}

/** A temporary id for a theme created in the editor: negative, below every other temporary id. */
export function nextDraftThemeId(themes: readonly Theme[]): number {
  return Math.min(0, ...themes.map((theme) => theme.id)) - 1;
}

const themeInput = (theme: Theme) => ({
  name: theme.name,
  is_dark: theme.is_dark,
  default_light: theme.default_light,
  default_dark: theme.default_dark,
  colors: theme.colors,
});

/**
 * The one `POST admin/appearance` body for the changes in `draft`: only the settings whose value changed, the
 * themes to create (negative ids, matched back through `key`), update and delete, and the menus when any changed.
 */
export function savePayload(saved: AppearanceDraft, draft: AppearanceDraft): AppearanceSave {
  const body: AppearanceSave = {};
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft.values)) {
    if (!same(saved.values[key], value)) settings[key] = value;
  }
  if (Object.keys(settings).length) body.settings = settings;

  const savedById = new Map(saved.themes.map((theme) => [theme.id, theme]));
  const create = draft.themes
    .filter((theme) => theme.id < 0)
    .map((theme) => ({ ...themeInput(theme), key: String(theme.id) }));
  const update = draft.themes
    .filter((theme) => theme.id > 0 && !same(savedById.get(theme.id), theme))
    .map((theme) => ({ ...themeInput(theme), id: theme.id }));
  const kept = new Set(draft.themes.map((theme) => theme.id));
  const remove = saved.themes.filter((theme) => !kept.has(theme.id)).map((theme) => theme.id);
  if (create.length || update.length || remove.length) {
    body.themes = {
      ...(create.length ? { create } : {}),
      ...(update.length ? { update } : {}),
      ...(remove.length ? { delete: remove } : {}),
    };
  }
  if (!same(saved.menus, draft.menus)) body.menus = draft.menus as AppearanceSave['menus'];
  return body;
}

/** Makes `theme` the only default light (or dark) theme. */
export function setDefaultTheme(themes: Theme[], id: number, which: 'light' | 'dark'): Theme[] {
  const flag = which === 'light' ? 'default_light' : 'default_dark';
  return themes.map((theme) => ({ ...theme, [flag]: theme.id === id }));
}
