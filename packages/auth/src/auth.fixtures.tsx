import { type BootstrapData, createBootstrapStore, createHttpClient, EMPTY_BOOTSTRAP } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import type { Decorator } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from './config/auth-config';

// Fixtures for the auth screens' stories (not published): a site's bootstrap data, and a server stub.

const svg = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="36" viewBox="0 0 150 36"><circle cx="18" cy="18" r="14" fill="${color}"/><text x="40" y="25" font-family="system-ui,sans-serif" font-size="20" font-weight="800" fill="${color}">Backline</text></svg>`,
  )}`;

/** The bootstrap data of a small music site, with two registration policies and an auth-page footer. */
export function storySite(settings: Record<string, unknown> = {}): BootstrapData {
  return {
    ...EMPTY_BOOTSTRAP,
    settings: {
      branding: { site_name: 'Backline Music', logo_dark: svg('#14161a'), logo_light: svg('#f2f3f5') },
      registration: {
        disable: false,
        policies: [
          { id: 'terms', label: 'Terms of service', action: '/pages/terms-of-service' },
          { id: 'privacy', label: 'Privacy policy', action: '/pages/privacy-policy' },
        ],
      },
      menus: [
        {
          id: 'auth-page-footer',
          positions: ['auth-page-footer'],
          items: [
            { id: 1, label: 'Privacy policy', type: 'route', action: '/pages/privacy-policy' },
            { id: 2, label: 'Contact us', type: 'route', action: '/contact' },
          ],
        },
      ],
      ...settings,
    },
  };
}

/** What the stub server answers every call with. */
export interface StubAnswer {
  status: number;
  body: unknown;
}

/** How a story sets up its screen, in `parameters.authScreen` (a story's values replace the meta's). */
export interface AuthScreenParameters {
  /** The URL the router starts at. */
  path: string;
  /** The route pattern the screen is mounted on (`/password/reset/:token`); any path by default. */
  route?: string;
  /** Settings merged over the story site's. */
  settings?: Record<string, unknown>;
  /** What the stub server answers every call with. */
  answer?: StubAnswer;
}

/**
 * Wraps a screen the way an app does (bootstrap store, http client, router), set up by the story's
 * `parameters.authScreen`, with a stub server so a story can show the states that follow a submission.
 */
export const withAuthScreen: Decorator = (Story, context) => {
  const {
    path,
    route = '*',
    settings,
    answer = { status: 200, body: {} },
  } = context.parameters.authScreen as AuthScreenParameters;
  return (
    <AuthScreen key={context.id} path={path} route={route} settings={settings} answer={answer}>
      <Story />
    </AuthScreen>
  );
};

function AuthScreen({
  path,
  route,
  settings,
  answer,
  children,
}: {
  path: string;
  route: string;
  settings?: Record<string, unknown>;
  answer: StubAnswer;
  children: ReactNode;
}) {
  const [services] = useState(() => ({
    store: createBootstrapStore(storySite(settings)),
    http: createHttpClient({
      retries: 0,
      fetch: async () =>
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        }),
    }),
  }));
  return (
    <BacklineProvider store={services.store} http={services.http}>
      <AuthProvider isAppearanceEditorActive={() => false}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={children} />
            <Route path="*" element={<p>Left the screen for another page.</p>} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </BacklineProvider>
  );
}

/** Types into a field the way a user does, so React sees the change. */
export function typeInto(root: HTMLElement, name: string, value: string): void {
  const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no field named ${name}`);
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Submits the screen's form and waits until `done` holds (an error shown, say), for at most 3 s. */
export async function submit(root: HTMLElement, done: () => boolean): Promise<void> {
  root.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  for (let waited = 0; waited < 3000 && !done(); waited += 25) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** True once a field error is shown. */
export const hasFieldError = (root: HTMLElement) => () => root.querySelector('.bl-field-error') !== null;
