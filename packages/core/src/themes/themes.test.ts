import { describe, expect, it } from 'vitest';
import { createBootstrapStore, EMPTY_BOOTSTRAP } from '../bootstrap/bootstrap-store';
import type { Theme } from '../bootstrap/types';
import { createMemoryCookies, getCookie } from '../cookies/cookies';
import {
  ACTIVE_THEME_COOKIE,
  activeTheme,
  applyTheme,
  chooseTheme,
  readThemeCookie,
  resolveTheme,
  toggleTheme,
} from './themes';

const theme = (id: number, is_dark = false, defaults: Partial<Theme> = {}): Theme => ({
  id,
  name: `t${id}`,
  is_dark,
  default_light: false,
  default_dark: false,
  colors: { '--bl-bg': is_dark ? '#000' : '#fff', '--bl-fg': is_dark ? '#fff' : '#000' },
  ...defaults,
});
const all = [
  theme(1),
  theme(2, true),
  theme(3),
  theme(4, true, { default_dark: true }),
  theme(5, false, { default_light: true }),
];

/** A stand-in for <html>: the two DOM APIs applyTheme touches, recording what they were given. */
function fakeRoot() {
  const vars = new Map<string, string>();
  const classes = new Set<string>();
  return {
    vars,
    classes,
    style: { setProperty: (name: string, value: string) => void vars.set(name, value) },
    classList: {
      toggle: (name: string, force?: boolean) => {
        if (force ?? !classes.has(name)) classes.add(name);
        else classes.delete(name);
        return classes.has(name);
      },
    },
  } as unknown as HTMLElement & { vars: Map<string, string>; classes: Set<string> };
}

const storeWith = (settings: Record<string, unknown>, selectedThemeId: number | null = null) =>
  createBootstrapStore({
    ...EMPTY_BOOTSTRAP,
    settings: { themes: settings },
    themes: { all, selectedThemeId },
  });

describe('resolveTheme', () => {
  it('applies the chosen theme only when users may change it', () => {
    const data = {
      themes: { all, selectedThemeId: null },
      settings: { themes: { user_change: true, default_id: 3 } },
    };
    expect(resolveTheme(data, 2)?.id).toBe(2);
    const locked = { ...data, settings: { themes: { user_change: false, default_id: 3 } } };
    expect(resolveTheme(locked, 2)?.id).toBe(3);
  });

  it('falls back to the default theme, then to the first', () => {
    const data = {
      themes: { all, selectedThemeId: null },
      settings: { themes: { user_change: true, default_id: 9 } },
    };
    expect(resolveTheme(data, 42)?.id).toBe(1);
    expect(resolveTheme({ ...data, themes: { all: [], selectedThemeId: null } })).toBeUndefined();
  });
});

describe('applyTheme', () => {
  it('sets every color as a CSS variable and adds or removes the dark class', () => {
    const root = fakeRoot();
    applyTheme(theme(2, true), root);
    expect(Object.fromEntries(root.vars)).toEqual({ '--bl-bg': '#000', '--bl-fg': '#fff' });
    expect(root.classes.has('dark')).toBe(true);
    applyTheme(theme(1), root);
    expect(root.vars.get('--bl-bg')).toBe('#fff');
    expect(root.classes.has('dark')).toBe(false);
  });
});

describe('choosing and toggling', () => {
  it('keeps the choice in the be-active-theme cookie, the store and the page', () => {
    const cookies = createMemoryCookies();
    const store = storeWith({ user_change: true, default_id: 1 });
    const root = fakeRoot();
    expect(chooseTheme(store, 2, { cookies, root })?.id).toBe(2);
    expect(ACTIVE_THEME_COOKIE).toBe('be-active-theme');
    expect(getCookie('be-active-theme', cookies)).toBe('2');
    expect(readThemeCookie(cookies)).toBe(2);
    expect(store.getSnapshot().themes.selectedThemeId).toBe(2);
    expect(root.classes.has('dark')).toBe(true);
    expect(activeTheme(store.getSnapshot(), cookies)?.id).toBe(2);
  });

  it('ignores a choice when themes.user_change is off, and an unknown theme', () => {
    const cookies = createMemoryCookies();
    const store = storeWith({ user_change: false, default_id: 3 });
    expect(chooseTheme(store, 2, { cookies, root: null })?.id).toBe(3);
    expect(getCookie('be-active-theme', cookies)).toBeUndefined();
    expect(store.getSnapshot().themes.selectedThemeId).toBeNull();
    const open = storeWith({ user_change: true, default_id: 3 });
    expect(chooseTheme(open, 99, { cookies, root: null })?.id).toBe(3);
    expect(getCookie('be-active-theme', cookies)).toBeUndefined();
  });

  it('toggles between the default light and dark themes', () => {
    const cookies = createMemoryCookies();
    const store = storeWith({ user_change: true, default_id: 1 });
    expect(toggleTheme(store, { cookies, root: null })?.id).toBe(4);
    expect(readThemeCookie(cookies)).toBe(4);
    expect(toggleTheme(store, { cookies, root: null })?.id).toBe(5);
    expect(toggleTheme(store, { cookies, root: null })?.id).toBe(4);
  });

  it('toggles to the first theme of the other kind when none is marked default', () => {
    const cookies = createMemoryCookies();
    const store = createBootstrapStore({
      ...EMPTY_BOOTSTRAP,
      settings: { themes: { user_change: true } },
      themes: { all: [theme(1), theme(2, true)], selectedThemeId: null },
    });
    expect(toggleTheme(store, { cookies, root: null })?.id).toBe(2);
    expect(toggleTheme(store, { cookies, root: null })?.id).toBe(1);
  });

  it('does not toggle when users may not change the theme', () => {
    const cookies = createMemoryCookies();
    const store = storeWith({ user_change: false, default_id: 1 });
    expect(toggleTheme(store, { cookies, root: null })?.id).toBe(1);
    expect(readThemeCookie(cookies)).toBeNull();
  });

  it("starts from the server's selected theme when no cookie is set", () => {
    const store = storeWith({ user_change: true, default_id: 1 }, 4);
    expect(activeTheme(store.getSnapshot(), createMemoryCookies())?.id).toBe(4);
    expect(activeTheme(store.getSnapshot(), createMemoryCookies({ 'be-active-theme': '2' }))?.id).toBe(2);
  });
});
