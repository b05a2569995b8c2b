import type { BootstrapData, Theme } from '../bootstrap/types';
import { getByPath } from '../settings/settings';

/** The cookie that remembers the theme a user picked. */
export const ACTIVE_THEME_COOKIE = 'be-active-theme';

/**
 * The theme to show: the user's choice (`chosenId`) only when `themes.user_change` allows it, otherwise
 * `themes.default_id`, falling back to the first theme.
 */
export function resolveTheme(
  data: Pick<BootstrapData, 'settings' | 'themes'>,
  chosenId?: number | null,
): Theme | undefined {
  const all = data.themes.all;
  const byId = (id: unknown) => all.find((theme) => theme.id === Number(id));
  const userChange = getByPath<boolean>(data.settings, 'themes.user_change', false);
  return (
    (userChange && chosenId != null ? byId(chosenId) : undefined) ??
    byId(getByPath(data.settings, 'themes.default_id')) ??
    all[0]
  );
}

/** Sets every theme color as a CSS variable on the root element and toggles the `dark` class. */
export function applyTheme(
  theme: Pick<Theme, 'colors' | 'is_dark'>,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(theme.colors)) root.style.setProperty(name, value);
  root.classList.toggle('dark', theme.is_dark);
}
