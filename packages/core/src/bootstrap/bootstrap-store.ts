import { BOOTSTRAP_GLOBAL } from '../contract/wire';
import type { BootstrapData } from './types';

export { BOOTSTRAP_GLOBAL };

export const EMPTY_BOOTSTRAP: BootstrapData = {
  user: null,
  guest_role: null,
  settings: {},
  themes: { all: [], selectedThemeId: null },
  i18n: { language: 'en', lines: {} },
};

/** Decodes the wire form of bootstrap data (the JSON text of the object; see docs/packages/core.md). */
export function decodeBootstrap(encoded: string | BootstrapData): BootstrapData {
  const data = typeof encoded === 'string' ? (JSON.parse(encoded) as BootstrapData) : encoded;
  return { ...EMPTY_BOOTSTRAP, ...data };
}

/** Reads and decodes the injected global, or undefined when the page was not served by a Backline server. */
export function readBootstrapGlobal(win: unknown = globalThis): BootstrapData | undefined {
  const raw = (win as Record<string, unknown> | undefined)?.[BOOTSTRAP_GLOBAL];
  if (typeof raw !== 'string' && (typeof raw !== 'object' || raw === null)) return undefined;
  return decodeBootstrap(raw as string | BootstrapData);
}

type Listener = () => void;

/** A tiny external store: `getSnapshot` and `subscribe` plug straight into `useSyncExternalStore`. */
export interface BootstrapStore {
  getSnapshot(): BootstrapData;
  subscribe(listener: Listener): () => void;
  /** Replaces the whole state, as register, login and logout answers do. */
  replace(data: BootstrapData | string): void;
  /** Merges part of the state (the appearance editor's live values, for example). */
  update(updater: (current: BootstrapData) => BootstrapData): void;
}

/** Creates the store, starting from `initial`, else the injected global, else an empty state. */
export function createBootstrapStore(initial?: BootstrapData | string): BootstrapStore {
  let state = initial !== undefined ? decodeBootstrap(initial) : (readBootstrapGlobal() ?? EMPTY_BOOTSTRAP);
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    replace(data) {
      state = decodeBootstrap(data);
      emit();
    },
    update(updater) {
      state = updater(state);
      emit();
    },
  };
}
