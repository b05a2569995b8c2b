import type { Theme } from '@backline/core';
import { describe, expect, it } from 'vitest';
import {
  type AppearanceDraft,
  draftFromState,
  isDirty,
  menuHolding,
  newMenu,
  nextDraftThemeId,
  savePayload,
  setDefaultTheme,
} from './appearance-draft';
import { type AppearanceEditorSection, sectionOfField, unknownSettingKeys } from './editor-section';

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

describe('draftFromState', () => {
  it('carries every key a section declares, and names every menu', () => {
    const draft = draftFromState(
      {
        values: { 'branding.site_name': 'Backline' },
        themes: [light],
        menus: [{ id: 'legacy', positions: ['footer'], items: [] }],
      },
      ['discover.intro', 'branding.site_name'],
    );
    expect(draft.values).toEqual({ 'branding.site_name': 'Backline', 'discover.intro': null });
    expect(draft.menus[0]?.name).toBe('legacy');
    // A declared key the section then sets is part of the one save.
    expect(
      savePayload(draft, { ...draft, values: { ...draft.values, 'discover.intro': 'Hello' } }).settings,
    ).toEqual({ 'discover.intro': 'Hello' });
  });
});

describe('menus', () => {
  const menus = [
    { id: 'menu-1', name: 'Primary', positions: ['navbar'], items: [] },
    { id: 'menu-3', name: 'Footer', positions: ['footer'], items: [] },
  ];
  it('gives a new menu an unused id and no position', () => {
    expect(newMenu(menus, 'New menu')).toEqual({ id: 'menu-4', name: 'New menu', positions: [], items: [] });
    expect(newMenu([...menus, { id: 'menu-4', positions: [], items: [] }], 'x').id).toBe('menu-5');
  });
  it('names the other menu holding a position', () => {
    expect(menuHolding(menus, 'navbar', 'menu-3')?.name).toBe('Primary');
    expect(menuHolding(menus, 'navbar', 'menu-1')).toBeUndefined();
    expect(menuHolding(menus, 'auth-dropdown', 'menu-1')).toBeUndefined();
  });
});

const Panel = () => null;

describe('sections', () => {
  const sections: AppearanceEditorSection[] = [
    { id: 'themes', label: 'Themes', settings: ['themes.default_id'], component: Panel },
    { id: 'menus', label: 'Menus', component: Panel },
    { id: 'discover', label: 'Discover page', settings: ['discover.intro'], component: Panel },
  ];
  it('finds the section a save error belongs to', () => {
    expect(sectionOfField(sections, 'settings.discover.intro')?.id).toBe('discover');
    expect(sectionOfField(sections, 'settings.themes.default_id')?.id).toBe('themes');
    expect(sectionOfField(sections, 'menus.0.positions')?.id).toBe('menus');
    expect(sectionOfField(sections, 'settings.unknown')).toBeUndefined();
  });
  it('lists declared keys the server did not answer', () => {
    expect(unknownSettingKeys(sections, { 'themes.default_id': 0 })).toEqual(['discover.intro']);
  });
});
