import type { RunningServer } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { can, getRestrictionValue, isLoggedIn, isSubscribed } from '../permissions/permissions';
import { getByPath } from '../settings/settings';
import { browserLikeClient, startEchoServer } from '../test-support/test-server';
import { createBootstrapStore, EMPTY_BOOTSTRAP } from './bootstrap-store';
import {
  applyBootstrapAnswer,
  type BootstrapAnswer,
  loadBootstrap,
  refreshBootstrap,
} from './load-bootstrap';

let server: RunningServer;
beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(() => server?.close());

describe('loading bootstrap data', () => {
  it('reads GET bootstrap-data and decodes data.data', async () => {
    const { http, sent } = browserLikeClient(server);
    const data = await loadBootstrap(http);
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual(['/api/v1/bootstrap-data']);
    expect(getByPath(data.settings, 'client_test.greeting')).toBe('Hello from the server');
    // Private settings never reach the browser.
    expect(JSON.stringify(data)).not.toContain('never-in-the-browser');
    expect(data.themes.all.map((theme) => theme.name)).toEqual(['Light', 'Dark']);
    expect(data.user).toBeNull();
    // A visitor holds the guest role's permissions.
    expect(can(data, 'music.view')).toBe(true);
    expect(can(data, 'admin.access')).toBe(false);
    expect(getRestrictionValue(data, 'music.view', 'max_plays')).toBe(10);
  });

  it('refreshes a store wholesale and notifies its subscribers', async () => {
    const { http } = browserLikeClient(server);
    const store = createBootstrapStore({ ...EMPTY_BOOTSTRAP, stale: true, settings: { old: 1 } });
    const listener = vi.fn();
    store.subscribe(listener);
    const fresh = await refreshBootstrap(store, http);
    expect(fresh).toBe(store.getSnapshot());
    expect(store.getSnapshot().stale).toBeUndefined();
    expect(store.getSnapshot().settings).not.toHaveProperty('old');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('applies a login answer (and then a logout answer) wholesale', async () => {
    const { http } = browserLikeClient(server);
    await http.get('echo');
    // A key only the old state has must be gone afterwards: the answer replaces, it does not merge.
    const store = createBootstrapStore({ ...(await loadBootstrap(http)), visitorOnly: true });
    expect(isLoggedIn(store.getSnapshot())).toBe(false);

    expect(applyBootstrapAnswer(store, await http.post<BootstrapAnswer>('test-login'))).toBe(true);
    const user = store.getSnapshot();
    expect(user.visitorOnly).toBeUndefined();
    expect(user.user?.email).toBe('ada@example.com');
    expect(isLoggedIn(user)).toBe(true);
    expect(isSubscribed(user)).toBe(true);
    expect(can(user, 'admin.access')).toBe(true);
    // The guest role's permissions no longer count once someone is signed in.
    expect(can(user, 'music.view')).toBe(false);

    expect(applyBootstrapAnswer(store, { bootstrapData: await loadBootstrap(http) })).toBe(true);
    expect(store.getSnapshot().user).toBeNull();
  });

  it('leaves the store alone for an answer without bootstrap data (two-factor challenge)', async () => {
    const { http } = browserLikeClient(server);
    await http.get('echo');
    const store = createBootstrapStore(await loadBootstrap(http));
    const before = store.getSnapshot();
    expect(applyBootstrapAnswer(store, await http.post<BootstrapAnswer>('test-login-two-factor'))).toBe(
      false,
    );
    expect(store.getSnapshot()).toBe(before);
  });
});
