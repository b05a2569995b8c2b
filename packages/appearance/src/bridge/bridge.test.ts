import { appearance } from '@backline/core/contract';
import { describe, expect, it } from 'vitest';
import { acceptEditorMessage } from './accept-message';
import { isEditorMode } from './bridge';
import { mergeSettings } from './merge-settings';

const SOURCE = appearance.APPEARANCE_EDITOR_SOURCE;

describe('acceptEditorMessage', () => {
  const message = { source: SOURCE, type: 'setThemeColor', name: '--bl-primary', value: '#123456' };

  it('accepts a marked message from the page host name, on any port or scheme of it', () => {
    expect(acceptEditorMessage({ data: message, origin: 'https://radio.test' }, 'radio.test')).toEqual(
      message,
    );
    expect(acceptEditorMessage({ data: message, origin: 'http://radio.test:8080' }, 'radio.test')).toEqual(
      message,
    );
  });

  it('ignores another host name, a null origin, a missing or wrong marker and malformed messages', () => {
    expect(acceptEditorMessage({ data: message, origin: 'https://evil.test' }, 'radio.test')).toBeUndefined();
    expect(
      acceptEditorMessage({ data: message, origin: 'https://radio.test.evil.test' }, 'radio.test'),
    ).toBeUndefined();
    expect(acceptEditorMessage({ data: message, origin: 'null' }, 'radio.test')).toBeUndefined();
    const { source: _source, ...unmarked } = message;
    expect(
      acceptEditorMessage({ data: unmarked, origin: 'https://radio.test' }, 'radio.test'),
    ).toBeUndefined();
    expect(
      acceptEditorMessage(
        { data: { ...message, source: 'other' }, origin: 'https://radio.test' },
        'radio.test',
      ),
    ).toBeUndefined();
    // A value that could end the declaration, and an unknown type.
    expect(
      acceptEditorMessage(
        { data: { ...message, value: 'red; background: url(x)' }, origin: 'https://radio.test' },
        'radio.test',
      ),
    ).toBeUndefined();
    expect(
      acceptEditorMessage(
        { data: { source: SOURCE, type: 'eval' }, origin: 'https://radio.test' },
        'radio.test',
      ),
    ).toBeUndefined();
    expect(
      acceptEditorMessage({ data: 'hello', origin: 'https://radio.test' }, 'radio.test'),
    ).toBeUndefined();
  });
});

describe('mergeSettings', () => {
  it('sets dotted keys without touching the rest or the original tree, and refuses prototype keys', () => {
    const tree = { cookie_notice: { enable: false, position: 'bottom' }, menus: [{ id: 1 }], other: 1 };
    const merged = mergeSettings(tree, {
      'cookie_notice.enable': true,
      menus: [],
      '__proto__.polluted': true,
      'homepage.appearance': { headerTitle: 'Hi' },
    });
    expect(merged).toEqual({
      cookie_notice: { enable: true, position: 'bottom' },
      menus: [],
      other: 1,
      homepage: { appearance: { headerTitle: 'Hi' } },
    });
    expect(tree.cookie_notice.enable).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('isEditorMode', () => {
  it('is off without the parameter and stays on once the page was loaded with it', () => {
    expect(isEditorMode({ search: '?appearanceEditor=false' })).toBe(false);
    expect(isEditorMode({ search: '' })).toBe(false);
    expect(isEditorMode({ search: '?appearanceEditor=true' })).toBe(true);
    expect(isEditorMode({ search: '' })).toBe(true);
  });
});
