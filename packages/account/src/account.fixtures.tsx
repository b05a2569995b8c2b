import { AuthProvider } from '@backline/auth';
import { type BootstrapData, createBootstrapStore, createHttpClient, EMPTY_BOOTSTRAP } from '@backline/core';
import { API_PREFIX, METHOD_OVERRIDE_HEADER } from '@backline/core/contract';
import { BacklineProvider } from '@backline/core/react';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { accountQueryKeys } from './shared/queries';
import type { AccountUser, UserSession, ValueLists } from './shared/types';

// Fixtures for the account page's stories and tests (not published): a user, their sessions, the value
// lists, and a stub server that answers by method and path.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A signed-in listener with a connected Google account and one token. */
export function storyUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id: 7,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    display_name: 'Ada Lovelace',
    avatar: null,
    language: 'en',
    country: 'GB',
    timezone: 'Europe/London',
    roles: [{ id: 2, name: 'users' }],
    permissions: [{ name: 'api.access' }],
    two_factor_confirmed_at: null,
    two_factor_recovery_codes: [],
    social_profiles: [
      { id: 1, service_name: 'google', username: 'ada.lovelace', created_at: minutesAgo(9000) },
    ],
    tokens: [
      { id: 3, name: 'Playlist sync', last_used_at: minutesAgo(90), created_at: minutesAgo(20000) },
      { id: 4, name: 'Backup script', last_used_at: null, created_at: minutesAgo(600) },
    ],
    ...overrides,
  };
}

/** Three sessions: this browser, a phone in another city, and an API token. */
export const storySessions: UserSession[] = [
  {
    id: 1,
    platform: 'Linux',
    browser: 'Chrome',
    city: 'London',
    country: 'GB',
    ip_address: '81.2.69.160',
    token: null,
    device_type: 'other',
    last_active: minutesAgo(0),
    is_current_device: true,
  },
  {
    id: 2,
    platform: 'iOS',
    browser: 'Mobile Safari',
    city: 'Paris',
    country: 'FR',
    ip_address: '90.84.12.3',
    token: null,
    device_type: 'mobile',
    last_active: minutesAgo(180),
    is_current_device: false,
  },
  {
    id: 3,
    platform: 'iPadOS',
    browser: 'Safari',
    city: null,
    country: null,
    ip_address: '10.0.0.4',
    token: null,
    device_type: 'tablet',
    last_active: minutesAgo(60 * 24 * 3),
    is_current_device: false,
  },
  {
    id: -3,
    platform: null,
    browser: null,
    city: null,
    country: null,
    ip_address: '203.0.113.9',
    token: 'Playlist sync',
    device_type: 'other',
    last_active: minutesAgo(90),
    is_current_device: false,
  },
];

export const storyValueLists: ValueLists = {
  timezones: {
    Africa: [{ value: 'Africa/Lagos', text: '(UTC+01:00) Lagos' }],
    America: [
      { value: 'America/New_York', text: '(UTC-05:00) New York' },
      { value: 'America/Sao_Paulo', text: '(UTC-03:00) Sao Paulo' },
    ],
    Europe: [
      { value: 'Europe/London', text: '(UTC+00:00) London' },
      { value: 'Europe/Madrid', text: '(UTC+01:00) Madrid' },
    ],
  },
  countries: [
    { code: 'FR', name: 'France' },
    { code: 'GB', name: 'United Kingdom' },
    { code: 'ES', name: 'Spain' },
  ],
  localizations: [
    { language: 'en', name: 'English' },
    { language: 'es', name: 'Español' },
  ],
};

/** The bootstrap data of the music site with the API integrated and Google and Facebook sign-in on. */
export function storyBootstrap(
  user: AccountUser | null,
  settings: Record<string, unknown> = {},
): BootstrapData {
  return {
    ...EMPTY_BOOTSTRAP,
    user,
    settings: {
      branding: { site_name: 'Backline Music' },
      api: { integrated: true },
      social: { google: { enable: true }, facebook: { enable: true }, twitter: { enable: false } },
      dates: { default_timezone: 'UTC' },
      i18n: { enable: true },
      ...settings,
    },
  };
}

/** An answer of the stub server: a status and a JSON body, or a function of the request body. */
export interface StubAnswer {
  status?: number;
  body: unknown;
}

/** `"METHOD path"` (path without `/api/v1/` and query) to answer; unknown calls get `{}`. */
export type StubRoutes = Record<string, StubAnswer>;

/** A fetch that answers from `routes`, so stories can show what follows a press. */
export function stubFetch(routes: StubRoutes): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : (input as Request).url, 'http://stub.test');
    const method =
      (init?.headers as Record<string, string> | undefined)?.[METHOD_OVERRIDE_HEADER] ??
      init?.method ??
      'GET';
    const path = url.pathname.replace(/^\//, '').replace(API_PREFIX, '');
    const answer = routes[`${method.toUpperCase()} ${path}`] ?? { body: {} };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

/** How a story sets up the page, in `parameters.account` (a story's values replace the meta's). */
export interface AccountStoryParameters {
  user?: AccountUser;
  settings?: Record<string, unknown>;
  sessions?: UserSession[];
  /** A visitor: no user in the bootstrap data. */
  signedOut?: boolean;
  /** Leave the user, sessions and value lists unloaded, their calls pending (the loading states). */
  loading?: boolean;
  routes?: StubRoutes;
}

/** Wraps a section the way an app does (store, http, query cache filled from fixtures, router). */
export const withAccount: Decorator = (Story, context) => {
  const parameters = (context.parameters.account ?? {}) as AccountStoryParameters;
  return (
    <AccountFixture key={context.id} {...parameters}>
      <Story />
    </AccountFixture>
  );
};

/** The providers of `withAccount`, for tests. */
export function AccountFixture({
  user = storyUser(),
  settings,
  sessions = storySessions,
  loading,
  signedOut,
  routes = {},
  children,
}: AccountStoryParameters & { children: ReactNode }) {
  const [services] = useState(() => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    if (!loading) {
      queryClient.setQueryData(accountQueryKeys.user(user.id), user);
      queryClient.setQueryData(accountQueryKeys.sessions, sessions);
      queryClient.setQueryData(accountQueryKeys.valueLists, storyValueLists);
    }
    const never: typeof fetch = () => new Promise(() => {});
    return {
      store: createBootstrapStore(storyBootstrap(signedOut ? null : user, settings)),
      queryClient,
      http: createHttpClient({ retries: 0, fetch: loading ? never : stubFetch(routes) }),
    };
  });
  return (
    <BacklineProvider store={services.store} http={services.http} queryClient={services.queryClient}>
      <AuthProvider isAppearanceEditorActive={() => false}>
        <MemoryRouter initialEntries={['/account-settings']}>
          <Routes>
            <Route path="/account-settings" element={<div className="sb-account">{children}</div>} />
            <Route path="*" element={<p>Left the page for another one.</p>} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </BacklineProvider>
  );
}
