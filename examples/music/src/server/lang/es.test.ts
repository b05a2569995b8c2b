import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_STRINGS } from '@backline/account';
import { ADMIN_STRINGS, pageStrings } from '@backline/admin';
import { APPEARANCE_STRINGS } from '@backline/appearance';
import { APPEARANCE_EDITOR_STRINGS } from '@backline/appearance/editor';
import { AUTH_STRINGS } from '@backline/auth';
import { BILLING_STRINGS } from '@backline/billing';
import { NOTIFICATION_STRINGS } from '@backline/notifications';
import { UI_STRINGS } from '@backline/ui';
import { UPLOADS_STRINGS } from '@backline/uploads';
import { describe, expect, it } from 'vitest';
import { ADS_SETTINGS } from '../../client/admin/ads-settings';
import { DEFAULT_LANDING_CONTENT } from '../../contract/landing';
import { MUSIC_LOCALIZATIONS } from './index';

const CLIENT = join(import.meta.dirname, '../../client');

/** Every literal `t('…')` line of the music site's own client code. */
function siteStrings(dir = CLIENT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return siteStrings(path);
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.(test|stories)\./.test(entry.name)) return [];
    const code = readFileSync(path, 'utf8');
    return [...code.matchAll(/\bt\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)].map((match) =>
      (match[2] ?? '').replace(/\\(['"])/g, '$1'),
    );
  });
}

/** The landing page's default content: its text reaches the page through `t()`, so it is translated too. */
function landingStrings(value: unknown = DEFAULT_LANDING_CONTENT, key = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => landingStrings(item));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => landingStrings(item, name));
  const text = ['headerTitle', 'headerSubtitle', 'inputText', 'label', 'title', 'subtitle', 'description'];
  return typeof value === 'string' && (text.includes(key) || /Title$|Subtitle$/.test(key)) ? [value] : [];
}

const CATALOGS: Record<string, readonly string[]> = {
  UI_STRINGS,
  AUTH_STRINGS,
  ACCOUNT_STRINGS,
  ADMIN_STRINGS,
  UPLOADS_STRINGS,
  NOTIFICATION_STRINGS,
  APPEARANCE_STRINGS,
  // Types and groups the music site's server declares; the settings page translates them.
  'music notification types': [
    'Social',
    'Someone follows me',
    'Workspaces',
    'Someone invites me to a workspace',
  ],
  BILLING_STRINGS,
  APPEARANCE_EDITOR_STRINGS,
  'music site': siteStrings(),
  'landing content': landingStrings(),
  'music ads settings': pageStrings(ADS_SETTINGS),
};

/** `:name` placeholders and `{file}`-style tokens, sorted, so a translation must keep exactly the same ones. */
const tokens = (line: string) =>
  [...line.matchAll(/:[A-Za-z][A-Za-z0-9_]*|\{[A-Za-z0-9_]+\}/g)].map((m) => m[0]).sort();

const spanish = MUSIC_LOCALIZATIONS.find((locale) => locale.language === 'es')!;

describe('the Spanish translation', () => {
  it('is installed as "Español"', () => {
    expect(spanish).toMatchObject({ language: 'es', name: 'Español' });
  });

  it('covers every key of every string catalog', () => {
    expect(siteStrings().length).toBeGreaterThan(3);
    const missing = Object.entries(CATALOGS).flatMap(([catalog, keys]) =>
      keys.filter((key) => !(key in spanish.lines)).map((key) => `${catalog}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('translates every line (no empty or untranslated-looking values besides placeholders)', () => {
    const empty = Object.entries(spanish.lines).filter(([, value]) => !value.trim());
    expect(empty).toEqual([]);
    // A handful of lines are the same in both languages (product words, bare placeholders).
    const SAME = new Set([':speed/s', 'Copyright © :year :name, All Rights Reserved']);
    const untouched = Object.entries(spanish.lines).filter(
      ([key, value]) => key === value && !SAME.has(key) && /[a-z]{3}/i.test(key.replace(/:[A-Za-z]+/g, '')),
    );
    expect(untouched).toEqual([]);
  });

  it('keeps every placeholder and token untouched', () => {
    const broken = Object.entries(spanish.lines)
      .filter(([key, value]) => tokens(key).join() !== tokens(value).join())
      .map(([key, value]) => `${key} → ${value}`);
    expect(broken).toEqual([]);
  });

  it('keeps the linked part inside the sentences that link it', () => {
    for (const [sentence, part] of [
      ["Don't have an account? Sign up.", 'Sign up'],
      ['Already have an account? Sign in.', 'Sign in'],
    ] as const)
      expect(spanish.lines[sentence]).toContain(spanish.lines[part]);
  });

  it('has no keys that no catalog uses', () => {
    const known = new Set(Object.values(CATALOGS).flat());
    expect(Object.keys(spanish.lines).filter((key) => !known.has(key))).toEqual([]);
  });
});
