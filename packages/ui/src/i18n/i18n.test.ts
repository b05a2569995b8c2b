import { describe, expect, it } from 'vitest';
import { createI18n, setI18nLines } from './i18n';

describe('i18n', () => {
  it('uses the English line as the key and fills :name placeholders', () => {
    const i18n = createI18n({ language: 'en', lines: {} });
    expect(i18n.t('I accept the :name', { name: 'Terms of service' })).toBe('I accept the Terms of service');
  });

  it('translates and keeps placeholders working in the translated line', async () => {
    const i18n = createI18n({ language: 'en', lines: {} });
    await setI18nLines(i18n, { language: 'fr', lines: { 'I accept the :name': "J'accepte les :name" } });
    expect(i18n.language).toBe('fr');
    expect(i18n.t('I accept the :name', { name: 'CGU' })).toBe("J'accepte les CGU");
  });

  it('leaves unknown placeholders alone', () => {
    const i18n = createI18n({ language: 'en', lines: {} });
    expect(i18n.t('Hello :who')).toBe('Hello :who');
  });
});

describe('i18n plurals', () => {
  // The convention for counted lines: the English plural is the key, the English singular the `one` form's
  // default value, and a language adds `key_one` (`_few`, `_many`, …) lines as its plural rules need.
  const members = (i18n: ReturnType<typeof createI18n>, count: number) =>
    i18n.t(':count members', { count, defaultValue_one: ':count member' });

  it('says "1 member" and "2 members" in English, which has no lines', () => {
    const i18n = createI18n({ language: 'en', lines: {} });
    expect([0, 1, 2].map((count) => members(i18n, count))).toEqual(['0 members', '1 member', '2 members']);
  });

  it("uses a language's own forms, falling back to the plain key for the other form", () => {
    const i18n = createI18n({
      language: 'es',
      lines: { ':count members': ':count miembros', ':count members_one': ':count miembro' },
    });
    expect([1, 2].map((count) => members(i18n, count))).toEqual(['1 miembro', '2 miembros']);
  });

  it("follows the language's plural rules, not English ones (Polish has a few-form)", () => {
    const i18n = createI18n({
      language: 'pl',
      lines: {
        ':count members_one': ':count członek',
        ':count members_few': ':count członków (few)',
        ':count members_many': ':count członków',
      },
    });
    expect([1, 3, 5].map((count) => members(i18n, count))).toEqual([
      '1 członek',
      '3 członków (few)',
      '5 członków',
    ]);
  });
});

describe('i18n counts', () => {
  // `count` stays a number so i18next can pick the plural form; the placeholder writes it in the language's digits.
  it("writes a numeric count in the language's number format", () => {
    const english = createI18n({ language: 'en', lines: {} });
    expect(english.t(':count plays', { count: 1234, defaultValue_one: ':count play' })).toBe('1,234 plays');
    const german = createI18n({ language: 'de', lines: { ':count plays': ':count Wiedergaben' } });
    expect(german.t(':count plays', { count: 1234567 })).toBe('1.234.567 Wiedergaben');
  });

  it('leaves other numbers and a count given as text as they are', () => {
    const english = createI18n({ language: 'en', lines: {} });
    expect(english.t('Copyright :year', { year: 2026 })).toBe('Copyright 2026');
    expect(english.t(':count plays', { count: '1.2K' })).toBe('1.2K plays');
  });
});
