import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import { type BootstrapStore, createBootstrapStore } from '../bootstrap/bootstrap-store';
import type { BootstrapData } from '../bootstrap/types';
import { getByPath } from '../settings/settings';

const StoreContext = createContext<BootstrapStore | null>(null);

export interface BacklineProviderProps {
  /** A store to share; by default one is created from the injected bootstrap global. */
  store?: BootstrapStore;
  children: ReactNode;
}

/** Provides the bootstrap store to every Backline hook below it. */
export function BacklineProvider({ store, children }: BacklineProviderProps) {
  const [ownStore] = useState(() => store ?? createBootstrapStore());
  return <StoreContext.Provider value={store ?? ownStore}>{children}</StoreContext.Provider>;
}

/** The store itself, for code that replaces or updates the state. */
export function useBootstrapStore(): BootstrapStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('Backline hooks must be used inside <BacklineProvider>');
  return store;
}

/** The current bootstrap data; re-renders when it is replaced. */
export function useBootstrap(): BootstrapData {
  const store = useBootstrapStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** Reads a setting by dotted path, or the whole settings object. */
export function useSettings(): Record<string, unknown>;
export function useSettings<T>(path: string, fallback?: T): T;
export function useSettings<T>(path?: string, fallback?: T): T | Record<string, unknown> {
  const { settings } = useBootstrap();
  return path ? getByPath<T>(settings, path, fallback) : settings;
}
