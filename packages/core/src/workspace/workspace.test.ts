import { describe, expect, it, vi } from 'vitest';
import { createMemoryCookies, getCookie } from '../cookies/cookies';
import {
  ACTIVE_WORKSPACE_COOKIE,
  createWorkspaceStore,
  DEFAULT_WORKSPACE_ID,
  getActiveWorkspaceId,
  setActiveWorkspaceId,
} from './workspace';

describe('active workspace', () => {
  it('defaults to workspace 0', () => {
    expect(DEFAULT_WORKSPACE_ID).toBe(0);
    expect(getActiveWorkspaceId(createMemoryCookies())).toBe(0);
    expect(getActiveWorkspaceId(createMemoryCookies({ activeWorkspaceId: 'junk' }))).toBe(0);
    expect(getActiveWorkspaceId(createMemoryCookies({ activeWorkspaceId: '-4' }))).toBe(0);
  });

  it('lives in the activeWorkspaceId cookie', () => {
    const cookies = createMemoryCookies();
    setActiveWorkspaceId(12, cookies);
    expect(ACTIVE_WORKSPACE_COOKIE).toBe('activeWorkspaceId');
    expect(getCookie('activeWorkspaceId', cookies)).toBe('12');
    expect(getActiveWorkspaceId(cookies)).toBe(12);
  });

  it('notifies subscribers of a switch', () => {
    const cookies = createMemoryCookies();
    const store = createWorkspaceStore(cookies);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(4);
    expect(store.getSnapshot()).toBe(4);
    expect(listener).toHaveBeenCalledTimes(1);
    store.set(0);
    expect(store.getSnapshot()).toBe(0);
  });
});
