import { type CookieSource, defaultCookieSource, getCookie, setCookie } from '../cookies/cookies';

/** The cookie that remembers the active workspace. */
export { ACTIVE_WORKSPACE_COOKIE } from '../contract/wire';

import { ACTIVE_WORKSPACE_COOKIE } from '../contract/wire';

/** The default workspace ("Default", the user's own) has id 0. */
export const DEFAULT_WORKSPACE_ID = 0;

/** The active workspace id from the `activeWorkspaceId` cookie; 0 when unset or unreadable. */
export function getActiveWorkspaceId(cookies: CookieSource = defaultCookieSource()): number {
  const id = Number(getCookie(ACTIVE_WORKSPACE_COOKIE, cookies));
  return Number.isSafeInteger(id) && id > 0 ? id : DEFAULT_WORKSPACE_ID;
}

/** Makes a workspace the active one (0 returns to the default workspace). */
export function setActiveWorkspaceId(id: number, cookies: CookieSource = defaultCookieSource()): void {
  setCookie(
    ACTIVE_WORKSPACE_COOKIE,
    Number.isSafeInteger(id) && id > 0 ? id : DEFAULT_WORKSPACE_ID,
    {},
    cookies,
  );
}

/** The active workspace as an external store (for `useSyncExternalStore`); the cookie stays the truth. */
export interface WorkspaceStore {
  getSnapshot(): number;
  subscribe(listener: () => void): () => void;
  /** Switches the active workspace and notifies subscribers. */
  set(id: number): void;
}

/** Creates a workspace store over a cookie source (the browser's by default). */
export function createWorkspaceStore(cookies: CookieSource = defaultCookieSource()): WorkspaceStore {
  const listeners = new Set<() => void>();
  return {
    // Read through every time: another tab, or the server, may have changed the cookie.
    getSnapshot: () => getActiveWorkspaceId(cookies),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(id) {
      setActiveWorkspaceId(id, cookies);
      for (const listener of [...listeners]) listener();
    },
  };
}
