import type { BootstrapStore } from '../bootstrap/bootstrap-store';
import type { BootstrapData, Theme } from '../bootstrap/types';
import { type CookieSource, defaultCookieSource, getCookie, setCookie } from '../cookies/cookies';
import { getByPath } from '../settings/settings';

/** The cookie that remembers the theme a user picked. */
export { ACTIVE_THEME_COOKIE } from '../contract/wire';

import { ACTIVE_THEME_COOKIE } from '../contract/wire';

type ThemeData = Pick<BootstrapData, 'settings' | 'themes'>;

/** True when the settings let users pick their own theme (`themes.user_change`). */
export function canChangeTheme(data: Pick<BootstrapData, 'settings'>): boolean {
  return getByPath<boolean>(data.settings, 'themes.user_change', false) === true;
}

/**
 * The theme to show: the user's choice (`chosenId`) only when `themes.user_change` allows it, otherwise
 * `themes.default_id`, falling back to the first theme.
 */
export function resolveTheme(data: ThemeData, chosenId?: number | null): Theme | undefined {
  const all = data.themes.all;
  const byId = (id: unknown) => all.find((theme) => theme.id === Number(id));
  return (
    (canChangeTheme(data) && chosenId != null ? byId(chosenId) : undefined) ??
    byId(getByPath(data.settings, 'themes.default_id')) ??
    all[0]
  );
}

/** The theme id stored in the `be-active-theme` cookie, or null. */
export function readThemeCookie(cookies: CookieSource = defaultCookieSource()): number | null {
  const id = Number(getCookie(ACTIVE_THEME_COOKIE, cookies));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The theme in force now: the `be-active-theme` cookie, else the server's `selectedThemeId`, resolved
 * through the `themes.user_change` and `themes.default_id` rules.
 */
export function activeTheme(
  data: ThemeData,
  cookies: CookieSource = defaultCookieSource(),
): Theme | undefined {
  return resolveTheme(data, readThemeCookie(cookies) ?? data.themes.selectedThemeId);
}

/** Sets every theme color as a CSS variable on the root element and toggles the `dark` class. */
export function applyTheme(
  theme: Pick<Theme, 'colors' | 'is_dark'>,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(theme.colors)) root.style.setProperty(name, value);
  root.classList.toggle('dark', theme.is_dark);
}

export interface ThemeChangeOptions {
  cookies?: CookieSource;
  /** The element the theme is applied to; `<html>` in a browser, nothing where there is no DOM. */
  root?: Pick<HTMLElement, 'style' | 'classList'> | null;
}

/**
 * Picks a theme for this user: remembers it in the `be-active-theme` cookie, records it as the store's
 * `selectedThemeId` and applies it. Does nothing when `themes.user_change` is off or the id is unknown.
 * Answers the theme in force afterwards.
 */
export function chooseTheme(
  store: BootstrapStore,
  themeId: number,
  options: ThemeChangeOptions = {},
): Theme | undefined {
  const cookies = options.cookies ?? defaultCookieSource();
  const data = store.getSnapshot();
  const theme = data.themes.all.find((candidate) => candidate.id === themeId);
  if (!theme || !canChangeTheme(data)) return activeTheme(data, cookies);
  setCookie(ACTIVE_THEME_COOKIE, theme.id, {}, cookies);
  store.update((current) => ({ ...current, themes: { ...current.themes, selectedThemeId: theme.id } }));
  const root = options.root === undefined ? defaultRoot() : options.root;
  if (root) applyTheme(theme, root as HTMLElement);
  return theme;
}

/**
 * The theme `toggleTheme` switches to: from a dark theme the default light one (else the first light
 * theme), from a light theme the default dark one (else the first dark theme).
 */
export function oppositeTheme(data: ThemeData, current: Theme | undefined): Theme | undefined {
  const wantDark = !current?.is_dark;
  const all = data.themes.all;
  return (
    all.find(
      (theme) => theme.is_dark === wantDark && (wantDark ? theme.default_dark : theme.default_light),
    ) ?? all.find((theme) => theme.is_dark === wantDark)
  );
}

/** Switches between light and dark (spec: "Theme: toggles between light and dark"), when users may. */
export function toggleTheme(store: BootstrapStore, options: ThemeChangeOptions = {}): Theme | undefined {
  const cookies = options.cookies ?? defaultCookieSource();
  const data = store.getSnapshot();
  const target = oppositeTheme(data, activeTheme(data, cookies));
  if (!target) return activeTheme(data, cookies);
  return chooseTheme(store, target.id, { ...options, cookies });
}

function defaultRoot(): HTMLElement | undefined {
  return (globalThis as { document?: Document }).document?.documentElement;
}
