import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { BootstrapStore } from '../bootstrap/bootstrap-store';
import type { BootstrapData, Theme, User } from '../bootstrap/types';
import type { CookieSource } from '../cookies/cookies';
import type { HttpClient } from '../http/http-client';
import { can } from '../permissions/permissions';
import { getByPath } from '../settings/settings';
import { activeTheme, canChangeTheme, chooseTheme, toggleTheme } from '../themes/themes';
import type { WorkspaceStore } from '../workspace/workspace';
import { BootstrapContext, CookiesContext, HttpContext, WorkspaceContext } from './contexts';

function required<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} must be used inside <BacklineProvider>`);
  return value;
}

/** The store itself, for code that replaces or updates the state. */
export function useBootstrapStore(): BootstrapStore {
  return required(useContext(BootstrapContext), 'useBootstrapStore');
}

/** The current bootstrap data; re-renders when it is replaced. */
export function useBootstrap(): BootstrapData {
  const store = useBootstrapStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** The signed-in user, or null for a visitor. */
export function useUser(): User | null {
  return useBootstrap().user;
}

/** Reads a setting by dotted path, or the whole settings object. */
export function useSettings(): Record<string, unknown>;
export function useSettings<T>(path: string, fallback?: T): T;
export function useSettings<T>(path?: string, fallback?: T): T | Record<string, unknown> {
  const { settings } = useBootstrap();
  return path ? getByPath<T>(settings, path, fallback) : settings;
}

/** True when the user (for visitors, the guest role) holds the permission or `admin`. */
export function useCan(permission: string): boolean {
  const data = useBootstrap();
  return can(data, permission);
}

/** The http client that applies Backline's call conventions. */
export function useHttp(): HttpClient {
  return required(useContext(HttpContext), 'useHttp');
}

/** The cookie source the provider was given (the browser's document by default). */
export function useCookies(): CookieSource {
  return required(useContext(CookiesContext), 'useCookies');
}

export interface ThemeState {
  /** The theme in force. */
  theme: Theme | undefined;
  themes: Theme[];
  /** Whether users may pick a theme (`themes.user_change`). */
  canChange: boolean;
  isDark: boolean;
  /** Switches between light and dark; does nothing when users may not change the theme. */
  toggle(): void;
  /** Picks a theme by id; does nothing when users may not change the theme. */
  choose(themeId: number): void;
}

/** The active theme, with `toggle` and `choose` (both honour `themes.user_change`). */
export function useTheme(): ThemeState {
  const store = useBootstrapStore();
  const cookies = useCookies();
  const data = useBootstrap();
  const toggle = useCallback(() => void toggleTheme(store, { cookies }), [store, cookies]);
  const choose = useCallback((id: number) => void chooseTheme(store, id, { cookies }), [store, cookies]);
  return useMemo(() => {
    const theme = activeTheme(data, cookies);
    return {
      theme,
      themes: data.themes.all,
      canChange: canChangeTheme(data),
      isDark: Boolean(theme?.is_dark),
      toggle,
      choose,
    };
  }, [data, cookies, toggle, choose]);
}

export interface WorkspaceState {
  /** The active workspace id; 0 is the default workspace. */
  workspaceId: number;
  /** Makes another workspace active (stored in the `activeWorkspaceId` cookie). */
  setWorkspaceId(id: number): void;
}

/** The active workspace and a way to switch it; re-renders on a switch. */
export function useWorkspace(): WorkspaceState {
  const workspace: WorkspaceStore = required(useContext(WorkspaceContext), 'useWorkspace');
  const workspaceId = useSyncExternalStore(workspace.subscribe, workspace.getSnapshot, workspace.getSnapshot);
  return useMemo(() => ({ workspaceId, setWorkspaceId: workspace.set }), [workspaceId, workspace]);
}
