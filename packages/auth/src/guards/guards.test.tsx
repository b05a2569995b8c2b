import type { BootstrapData } from '@backline/core';
import { createBootstrapStore, EMPTY_BOOTSTRAP } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import { createI18n } from '@backline/ui';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../config/auth-config';
import { AuthRoute, guardOutcome } from './auth-route';
import { GuestRoute } from './guest-route';

const visitor: BootstrapData = { ...EMPTY_BOOTSTRAP, guest_role: { id: 2, permissions: [] } };
const listener: BootstrapData = {
  ...EMPTY_BOOTSTRAP,
  user: { id: 1, email: 'ada@example.com', permissions: [{ name: 'music.view' }] },
};
const admin: BootstrapData = {
  ...EMPTY_BOOTSTRAP,
  user: { id: 2, email: 'root@example.com', permissions: [{ name: 'admin' }] },
};

describe('route guards (spec accounts §6)', () => {
  it('send a logged-out visitor to log in, whatever the route requires', () => {
    expect(guardOutcome(visitor, {})).toBe('login');
    expect(guardOutcome(visitor, { permission: 'admin.access' })).toBe('login');
    expect(guardOutcome(visitor, { requireLogin: false, permission: 'music.view' })).toBe('login');
  });

  it('let a visitor through a public route their guest role may use', () => {
    const guestsMayListen = { ...visitor, guest_role: { id: 2, permissions: [{ name: 'music.view' }] } };
    expect(guardOutcome(guestsMayListen, { requireLogin: false, permission: 'music.view' })).toBe('allow');
  });

  it('show the 404 page to a logged-in user without the permission', () => {
    expect(guardOutcome(listener, {})).toBe('allow');
    expect(guardOutcome(listener, { permission: 'music.view' })).toBe('allow');
    expect(guardOutcome(listener, { permission: 'admin.access' })).toBe('not-found');
    expect(guardOutcome(admin, { permission: 'admin.access' })).toBe('allow');
  });

  const render = (data: BootstrapData, path: string, editor = false) =>
    renderToString(
      <BacklineProvider store={createBootstrapStore(data)}>
        <I18nextProvider i18n={createI18n({ language: 'en', lines: {} })}>
          <AuthProvider isAppearanceEditorActive={() => editor}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route element={<GuestRoute />}>
                  <Route path="/login" element={<p>login screen</p>} />
                </Route>
                <Route element={<AuthRoute permission="admin.access" />}>
                  <Route path="/admin" element={<p>admin area</p>} />
                </Route>
              </Routes>
            </MemoryRouter>
          </AuthProvider>
        </I18nextProvider>
      </BacklineProvider>,
    );

  it('render the 404 page in place of a route the user may not use', () => {
    const html = render(listener, '/admin');
    expect(html).toContain('Looks like you&#x27;ve found the doorway to the great nothing');
    expect(html).not.toContain('admin area');
    expect(render(admin, '/admin')).toContain('admin area');
  });

  it('keep sign-in screens from a logged-in user, except inside the appearance editor', () => {
    expect(render(visitor, '/login')).toContain('login screen');
    expect(render(listener, '/login')).not.toContain('login screen');
    expect(render(listener, '/login', true)).toContain('login screen');
  });
});
