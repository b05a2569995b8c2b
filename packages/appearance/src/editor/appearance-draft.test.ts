import type { Theme } from '@backline/core';
import { describe, expect, it } from 'vitest';
import {
  type AppearanceDraft,
  isDirty,
  nextDraftThemeId,
  savePayload,
  setDefaultTheme,
} from './appearance-draft';

const light: Theme = {
  id: 1,
  name: 'Light',
  is_dark: false,
  default_light: true,
  default_dark: false,
  colors: { '--bl-primary': '#5b3fd9' },
};
const dark: Theme = {
  ...light,
  id: 2,
  name: 'Dark',
  is_dark: true,
  default_light: false,
  default_dark: true,
};
const saved: AppearanceDraft = {
  values: { 'branding.site_name': 'Backline', 'custom_code.css': '' },
  themes: [light, dark],
  menus: [{ id: 'primary', positions: ['navbar'], items: [] }],
};

describe('savePayload', () => {
  it('is empty when nothing changed', () => {
    expect(savePayload(saved, saved)).toEqual({});
    expect(isDirty(saved, structuredClone(saved))).toBe(false);
  });

  it('sends only the changed settings, and the menus when they changed', () => {
    const draft = {
      ...saved,
      values: { ...saved.values, 'custom_code.css': 'body{}' },
      menus: [
        {
          id: 'primary',
          positions: ['navbar'],
          items: [{ id: 'a', label: 'A', type: 'route' as const, action: '/a' }],
        },
      ],
    };
    expect(isDirty(saved, draft)).toBe(true);
    expect(savePayload(saved, draft)).toEqual({
      settings: { 'custom_code.css': 'body{}' },
      menus: draft.menus,
    });
  });

  it('splits themes into create (with a key), update and delete', () => {
    const copy = { ...light, id: nextDraftThemeId(saved.themes), name: 'Copy' };
    const draft = {
      ...saved,
      themes: [{ ...light, colors: { '--bl-primary': '#ff0000' } }, copy],
    };
    const body = savePayload(saved, draft);
    expect(copy.id).toBe(-1);
    expect(body.themes?.create).toEqual([
      {
        name: 'Copy',
        is_dark: false,
        default_light: true,
        default_dark: false,
        colors: light.colors,
        key: '-1',
      },
    ]);
    expect(
      body.themes?.update?.map((theme: { id: number; colors: Record<string, string> }) => [
        theme.id,
        theme.colors['--bl-primary'],
      ]),
    ).toEqual([[1, '#ff0000']]);
    expect(body.themes?.delete).toEqual([2]);
  });
});

describe('setDefaultTheme', () => {
  it('leaves exactly one default of the kind', () => {
    const themes = setDefaultTheme([light, { ...dark, is_dark: false }], 2, 'light');
    expect(themes.map((theme) => theme.default_light)).toEqual([false, true]);
  });
});
