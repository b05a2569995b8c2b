import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createI18n } from '@backline/ui';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { AccountFixture, type AccountStoryParameters, storySessions, storyUser } from './account.fixtures';
import { AccountSettingsLayout, AccountSettingsPage } from './account-settings-page';
import { ACCOUNT_STRINGS } from './i18n/account-strings';
import { ACCOUNT_SECTIONS } from './shared/sections';
import { isConnected } from './social/social-login-section';
import { twoFactorState } from './two-factor/two-factor-state';

const render = (
  element: ReactNode,
  fixture: AccountStoryParameters = {},
  lines: Record<string, string> = {},
) =>
  renderToString(
    <I18nextProvider i18n={createI18n({ language: 'en', lines })}>
      <AccountFixture {...fixture}>{element}</AccountFixture>
    </I18nextProvider>,
  );

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

const sectionIds = (html: string) => [...html.matchAll(/<section id="([^"]+)"/g)].map((match) => match[1]);

describe('account settings page', () => {
  it('shows the title, subtitle and every section in page order, with the side navigation', () => {
    const html = render(<AccountSettingsPage />);
    const words = text(html);
    expect(words).toContain('Account settings');
    expect(words).toContain('View and update your account details, profile and more');
    expect(sectionIds(html)).toEqual([
      'account-details',
      'social-login',
      'password',
      'two-factor',
      'sessions',
      'location-and-language',
      'developers',
      'delete-account',
    ]);
    const links = [...html.matchAll(/<a href="#([^"]+)" class="bl-account__nav-link"/g)].map(
      (match) => match[1],
    );
    expect(links).toEqual(ACCOUNT_SECTIONS.map((section) => section.id));
  });

  it('shows developers only with api.integrated and the api.access permission', () => {
    const withoutSetting = render(<AccountSettingsLayout user={storyUser()} />, {
      settings: { api: { integrated: false } },
    });
    expect(sectionIds(withoutSetting)).not.toContain('developers');
    expect(withoutSetting).not.toContain('href="#developers"');
    const withoutPermission = storyUser({ permissions: [] });
    expect(
      sectionIds(render(<AccountSettingsLayout user={withoutPermission} />, { user: withoutPermission })),
    ).not.toContain('developers');
    // `admin` grants every permission.
    const admin = storyUser({ permissions: [{ name: 'admin' }] });
    expect(sectionIds(render(<AccountSettingsLayout user={admin} />, { user: admin }))).toContain(
      'developers',
    );
  });

  it('renders nothing of itself for a visitor (the guard sends them to log in)', () => {
    const html = render(<AccountSettingsPage />, { signedOut: true });
    expect(html).not.toContain('bl-account');
    expect(text(html)).not.toContain('View and update your account details');
  });

  it('lists tokens with their last use or "Never", and sessions with device, place, IP and this device', () => {
    const words = text(render(<AccountSettingsLayout user={storyUser()} />));
    expect(words).toContain('Playlist sync');
    expect(words).toMatch(/Backup script Last used: Never/);
    expect(words).toContain('Linux - Chrome');
    expect(words).toContain('London, GB');
    expect(words).toContain('90.84.12.3');
    expect(words).toContain('This device');
    expect(words).toContain('Last active 3 hours ago');
    expect(words).toContain('API token');
    expect(storySessions.some((session) => session.token)).toBe(true);
  });

  it('speaks the site language, with the English line as the key', () => {
    const words = text(
      render(
        <AccountSettingsPage />,
        {},
        {
          'Account settings': 'Configuración de la cuenta',
          'Log out other sessions': 'Cerrar las demás sesiones',
        },
      ),
    );
    expect(words).toContain('Configuración de la cuenta');
    expect(words).toContain('Cerrar las demás sesiones');
  });
});

describe('two-factor state (spec accounts §4)', () => {
  it('is 2 when confirmed, 1 with only recovery codes, else 0', () => {
    expect(twoFactorState({ two_factor_confirmed_at: '2026-01-01', two_factor_recovery_codes: [] })).toBe(2);
    expect(twoFactorState({ two_factor_confirmed_at: null, two_factor_recovery_codes: ['a'] })).toBe(1);
    expect(twoFactorState({ two_factor_confirmed_at: null, two_factor_recovery_codes: [] })).toBe(0);
    expect(twoFactorState({})).toBe(0);
  });

  it('is 1 from the stored enablement in a later session, where no recovery codes were sent', () => {
    expect(
      twoFactorState({
        two_factor_enabled: true,
        two_factor_confirmed_at: null,
        two_factor_recovery_codes: [],
      }),
    ).toBe(1);
    expect(
      twoFactorState({
        two_factor_enabled: false,
        two_factor_confirmed_at: null,
        two_factor_recovery_codes: [],
      }),
    ).toBe(0);
    const later = storyUser({ two_factor_enabled: true, two_factor_recovery_codes: [] });
    const panel = text(render(<AccountSettingsLayout user={later} />, { user: later }));
    expect(panel).toContain('Finish enabling two factor authentication.');
    expect(panel).not.toContain('You have not enabled two factor authentication.');
  });

  it('renders each state', () => {
    const codes = ['aaaaa-bbbbb-ccccc-ddddd'];
    const state0 = text(render(<AccountSettingsLayout user={storyUser()} />));
    expect(state0).toContain('You have not enabled two factor authentication.');
    const pending = storyUser({ two_factor_recovery_codes: codes });
    const state1 = text(render(<AccountSettingsLayout user={pending} />, { user: pending }));
    expect(state1).toContain('Finish enabling two factor authentication.');
    expect(state1).toContain('Confirm');
    const enabled = storyUser({ two_factor_confirmed_at: '2026-01-01', two_factor_recovery_codes: codes });
    const state2 = text(render(<AccountSettingsLayout user={enabled} />, { user: enabled }));
    expect(state2).toContain('You have enabled two factor authentication.');
    expect(state2).toContain(codes[0]);
    expect(state2).toContain('Regenerate recovery codes');
  });
});

describe('social rows', () => {
  it('counts a service as connected only with a username', () => {
    expect(
      isConnected({ social_profiles: [{ id: 1, service_name: 'google', username: 'ada' }] }, 'google'),
    ).toBe(true);
    expect(
      isConnected({ social_profiles: [{ id: 1, service_name: 'google', username: null }] }, 'google'),
    ).toBe(false);
    expect(isConnected({ social_profiles: [] }, 'facebook')).toBe(false);
  });
});

/** Component sources: everything but tests, stories and fixtures. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|stories|fixtures)\./.test(entry.name) ? [path] : [];
  });
}

describe('account strings', () => {
  it('list every literal line the page translates, and the spec lines verbatim', () => {
    const used = new Set<string>();
    for (const file of sources(import.meta.dirname)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)) {
        used.add((match[2] ?? '').replace(/\\(['"])/g, '$1'));
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((line) => !(ACCOUNT_STRINGS as readonly string[]).includes(line))).toEqual([]);
    for (const section of ACCOUNT_SECTIONS) expect(ACCOUNT_STRINGS).toContain(section.label);
    for (const line of [
      'Account settings',
      'View and update your account details, profile and more',
      'Updated account details',
      'Uploaded avatar',
      'Removed avatar',
      'Password changed',
      'Token deleted',
      'Token create',
      'Enabled :service account',
      'Disabled :service account',
      'Logged out other sessions.',
      'Two factor authentication has been disabled.',
      'Account deleted.',
      'Copied!',
      'Never',
    ])
      expect(ACCOUNT_STRINGS).toContain(line);
  });
});
