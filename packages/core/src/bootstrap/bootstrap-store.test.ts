import { describe, expect, it, vi } from 'vitest';
import {
  createBootstrapStore,
  decodeBootstrap,
  EMPTY_BOOTSTRAP,
  readBootstrapGlobal,
} from './bootstrap-store';
import type { BootstrapData } from './types';

const data = (siteName: string): BootstrapData => ({
  ...EMPTY_BOOTSTRAP,
  settings: { branding: { site_name: siteName } },
});

describe('bootstrap store', () => {
  it('decodes the wire encoding (JSON text) and fills missing parts', () => {
    const decoded = decodeBootstrap(JSON.stringify({ settings: { a: 1 } }));
    expect(decoded.settings).toEqual({ a: 1 });
    expect(decoded.user).toBeNull();
    expect(decoded.i18n).toEqual({ language: 'en', lines: {} });
  });

  it('starts from the injected window global', () => {
    const win = { bootstrapData: JSON.stringify(data('Injected')) };
    expect(readBootstrapGlobal(win)?.settings).toEqual({ branding: { site_name: 'Injected' } });
    expect(readBootstrapGlobal({})).toBeUndefined();
  });

  it('replaces the state wholesale and notifies subscribers', () => {
    const store = createBootstrapStore(data('Before'));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.replace(JSON.stringify({ ...data('After'), user: { id: 1, email: 'a@b.c' } }));
    expect(store.getSnapshot().settings).toEqual({ branding: { site_name: 'After' } });
    expect(store.getSnapshot().user?.id).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.replace(data('Again'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the snapshot identity stable until something changes', () => {
    const store = createBootstrapStore(data('Same'));
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    store.update((current) => ({ ...current, settings: { x: 1 } }));
    expect(store.getSnapshot().settings).toEqual({ x: 1 });
  });
});
