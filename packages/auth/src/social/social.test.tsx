import { type BootstrapData, createBootstrapStore, EMPTY_BOOTSTRAP } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import { createI18n } from '@backline/ui';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AUTH_STRINGS } from '../i18n/auth-strings';
import { LoginPage } from '../login/login-page';
import { RegisterPage } from '../register/register-page';
import { SocialButtonsPlaceholder } from './lazy-social-buttons';
import { readSocialMessage } from './open-social-popup';
import { PasswordRequiredDialog } from './password-required-dialog';
import { SocialButtons } from './social-buttons';
import { SOCIAL_ERROR_MESSAGE } from './use-social-popup';

const ORIGIN = 'https://music.example.com';

describe('readSocialMessage', () => {
  const message = (data: unknown, origin = ORIGIN) => readSocialMessage({ origin, data }, ORIGIN);

  it('accepts a social-auth message from the site origin, comparing the status case-insensitively', () => {
    expect(
      message({ type: 'social-auth', status: 'success', callbackData: { bootstrapData: '{}' } }),
    ).toEqual({
      status: 'SUCCESS',
      callbackData: { bootstrapData: '{}' },
    });
    expect(message({ type: 'social-auth', status: 'Request_Password' })).toEqual({
      status: 'REQUEST_PASSWORD',
      callbackData: {},
    });
  });

  it('ignores messages from another origin, of another type, or with an unknown status', () => {
    const good = { type: 'social-auth', status: 'SUCCESS', callbackData: {} };
    expect(message(good, 'https://evil.example.com')).toBeNull();
    expect(message(good, 'http://music.example.com')).toBeNull();
    expect(message({ ...good, type: 'other' })).toBeNull();
    expect(message({ ...good, status: 'PWNED' })).toBeNull();
    expect(message('SUCCESS')).toBeNull();
    expect(message(null)).toBeNull();
  });
});

const site = (settings: Record<string, unknown>): BootstrapData => ({
  ...EMPTY_BOOTSTRAP,
  settings: { branding: { site_name: 'Night Owl Radio' }, registration: { disable: false }, ...settings },
});

const tree = (element: ReactNode, settings: Record<string, unknown>, path: string) => (
  <BacklineProvider store={createBootstrapStore(site(settings))}>
    <I18nextProvider i18n={createI18n({ language: 'en', lines: {} })}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </I18nextProvider>
  </BacklineProvider>
);

const render = (element: ReactNode, settings: Record<string, unknown>, path = '/login') =>
  renderToString(tree(element, settings, path));

/** Renders after every lazy part has loaded (the screens load the social block on demand). */
async function renderLoaded(element: ReactNode, settings: Record<string, unknown>, path = '/login') {
  const { prelude } = await prerenderToNodeStream(tree(element, settings, path));
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

const google = { social: { google: { enable: true } } };

describe('social buttons', () => {
  it('shows one button per enabled provider, in the spec order', () => {
    const html = render(<SocialButtons />, {
      social: { twitter: { enable: true }, google: { enable: true }, facebook: { enable: false } },
    });
    expect(html).toContain('Continue with Google');
    expect(html).toContain('Continue with Twitter');
    expect(html).not.toContain('Continue with Facebook');
    expect(html.indexOf('Continue with Google')).toBeLessThan(html.indexOf('Continue with Twitter'));
  });

  it('renders nothing without an enabled provider; disabled registration does not hide it', () => {
    expect(render(<SocialButtons />, {})).toBe('');
    expect(render(<SocialButtons />, { ...google, registration: { disable: true } })).toContain(
      'Continue with Google',
    );
  });

  it('is icon-only when compact, each button still named', () => {
    const html = render(<SocialButtons />, { social: { google: { enable: true }, compact_buttons: true } });
    expect(html).toContain('data-compact="true"');
    expect(html).toContain('aria-label="Continue with Google"');
  });

  it('sits under the login and register forms only when a provider is enabled', async () => {
    expect(await renderLoaded(<LoginPage />, google)).toContain('Continue with Google');
    expect(await renderLoaded(<RegisterPage />, google, '/register')).toContain('Continue with Google');
    expect(await renderLoaded(<LoginPage />, {})).not.toContain('Or continue with');
  });

  it('keeps the social buttons on the login page while registration is disabled (linked accounts sign in)', async () => {
    const html = await renderLoaded(<LoginPage />, { ...google, registration: { disable: true } });
    expect(html).toContain('Continue with Google');
    expect(html).not.toContain('Sign up');
  });

  it('holds the space of the buttons while their code loads', () => {
    const settings = { social: { google: { enable: true }, twitter: { enable: true } } };
    const html = render(<SocialButtonsPlaceholder />, settings);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Or continue with');
    expect(html.match(/class="bl-skeleton"/g)).toHaveLength(2);
    const compact = render(<SocialButtonsPlaceholder />, {
      social: { ...settings.social, compact_buttons: true },
    });
    expect(compact).toContain('data-compact="true"');
    expect(compact.match(/width:2.5rem/g)).toHaveLength(2);
  });
});

describe('password-required dialog and strings', () => {
  it('lists every line it shows in AUTH_STRINGS, including the spec’s error fallback', () => {
    const strings: readonly string[] = AUTH_STRINGS;
    for (const line of [
      'Password required',
      'Cancel',
      'Connect',
      'Continue with :service',
      SOCIAL_ERROR_MESSAGE,
      'Could not verify you are human.',
    ])
      expect(strings).toContain(line);
    expect(SOCIAL_ERROR_MESSAGE).toBe('An error occurred. Please try again later');
  });

  it('renders closed without output (it opens as a modal in the browser)', () => {
    expect(
      render(<PasswordRequiredDialog isOpen={false} onConnected={() => {}} onCancel={() => {}} />, {}),
    ).toBe('');
  });
});
