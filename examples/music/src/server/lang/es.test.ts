import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_STRINGS } from '@backline/account';
import { ADMIN_STRINGS, pageStrings } from '@backline/admin';
import { APPEARANCE_STRINGS } from '@backline/appearance';
import { APPEARANCE_EDITOR_STRINGS } from '@backline/appearance/editor';
import { AUTH_STRINGS } from '@backline/auth';
import { BILLING_STRINGS } from '@backline/billing';
import { NOTIFICATION_STRINGS } from '@backline/notifications';
import { createI18n, UI_STRINGS } from '@backline/ui';
import { UPLOADS_STRINGS } from '@backline/uploads';
import { describe, expect, it } from 'vitest';
import { ADS_SETTINGS } from '../../client/admin/ads-settings';
import { DEFAULT_LANDING_CONTENT } from '../../contract/landing';
import { MUSIC_LOCALIZATIONS } from './index';

const CLIENT = join(import.meta.dirname, '../../client');

/** The music site's own client code, file by file (tests and stories aside). */
function siteFiles(dir = CLIENT): { path: string; code: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return siteFiles(path);
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.(test|stories)\./.test(entry.name)) return [];
    return [{ path, code: readFileSync(path, 'utf8') }];
  });
}

const unquote = (text: string | undefined) => (text ?? '').replace(/\\(['"])/g, '$1');

/** Every literal `t('…')` line of the music site's own client code, with the `_one` key of each counted line. */
function siteStrings(): string[] {
  return [
    ...siteFiles().flatMap(({ code }) =>
      [...code.matchAll(/\bt\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)].map((match) => unquote(match[2])),
    ),
    ...countedCalls().flatMap((call) => (call.one === undefined ? [] : [`${call.key}_one`])),
  ];
}

/**
 * Every literal `t('…', { count… })` call of the site's client code: its file, key and the English singular
 * (`defaultValue_one`) it passes, the i18next plural convention for counted lines.
 */
function countedCalls(): { file: string; key: string; one: string | undefined }[] {
  return siteFiles().flatMap(({ path, code }) =>
    [...code.matchAll(/\bt\(\s*(['"])((?:\\.|(?!\1).)*)\1\s*,\s*\{([^{}]*)\}/g)]
      .filter((match) => /(?:^|[\s,{])count\s*(?:[:,]|$)/.test(match[3] ?? ''))
      .map((match) => {
        const one = /defaultValue_one:\s*(['"])((?:\\.|(?!\1).)*)\1/.exec(match[3] ?? '');
        return {
          file: path.slice(CLIENT.length + 1),
          key: unquote(match[2]),
          one: one ? unquote(one[2]) : undefined,
        };
      }),
  );
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
    'Music',
    'New releases from artists I follow',
    'Changes to playlists I follow',
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

describe('counted lines (i18next plurals)', () => {
  // Lines whose count is never 1: one item gets a line of its own (`Delete :name`, `Added to :name`), or the
  // count is a unit symbol that reads the same for every number.
  const ONE_ELSEWHERE = new Set([
    'Delete :count artists? Albums by them alone are deleted too.',
    'Delete :count tracks? They leave every playlist too.',
    'Delete :count albums and their tracks?',
    'Delete :count playlists? Their owners lose them too.',
    'Delete :count genres? Artists and tracks only lose the tag.',
    ':count tracks added to :name',
    ':count s',
  ]);

  it('give the English singular as the `one` form, and Spanish has its `_one` line', () => {
    const calls = countedCalls();
    expect(calls.map((call) => call.key)).toContain(':count tracks');
    const withoutOne = calls
      .filter((call) => call.one === undefined && !ONE_ELSEWHERE.has(call.key))
      .map((call) => `${call.file}: ${call.key}`);
    expect(withoutOne).toEqual([]);
    const untranslated = calls
      .filter((call) => call.one !== undefined && !(`${call.key}_one` in spanish.lines))
      .map((call) => `${call.file}: ${call.key}_one`);
    expect(untranslated).toEqual([]);
  });

  it('says "1 track" and "2 tracks" on the album page, in English and Spanish', () => {
    const call = countedCalls().find(
      (item) => item.file === 'pages/album/album-page.tsx' && item.key === ':count tracks',
    );
    expect(call).toBeDefined();
    const say = (i18n: ReturnType<typeof createI18n>, count: number) =>
      i18n.t(call!.key, { count, ...(call!.one === undefined ? {} : { defaultValue_one: call!.one }) });
    const english = createI18n({ language: 'en', lines: {} });
    expect([1, 2].map((count) => say(english, count))).toEqual(['1 track', '2 tracks']);
    const es = createI18n({ language: 'es', lines: spanish.lines });
    expect([1, 2].map((count) => say(es, count))).toEqual(['1 canción', '2 canciones']);
  });

  it('writes the count in the language\'s digits ("1,234 plays")', () => {
    const call = countedCalls().find(
      (item) => item.file === 'pages/track/track-page.tsx' && item.key === ':count plays',
    );
    expect(call?.one).toBe(':count play');
    const english = createI18n({ language: 'en', lines: {} });
    expect(english.t(call!.key, { count: 1234, defaultValue_one: call!.one })).toBe('1,234 plays');
    expect(english.t(call!.key, { count: 1, defaultValue_one: call!.one })).toBe('1 play');
  });
});
