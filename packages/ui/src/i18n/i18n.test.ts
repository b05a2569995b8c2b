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
