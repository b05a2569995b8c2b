import { describe, expect, it } from 'vitest';
import type { Theme } from '../bootstrap/types';
import { resolveTheme } from './themes';

const theme = (id: number, is_dark = false): Theme => ({
  id,
  name: `t${id}`,
  is_dark,
  default_light: false,
  default_dark: false,
  colors: {},
});
const all = [theme(1), theme(2, true), theme(3)];

describe('resolveTheme', () => {
  it('applies the chosen theme only when users may change it', () => {
    const data = {
      themes: { all, selectedThemeId: null },
      settings: { themes: { user_change: true, default_id: 3 } },
    };
    expect(resolveTheme(data, 2)?.id).toBe(2);
    const locked = { ...data, settings: { themes: { user_change: false, default_id: 3 } } };
    expect(resolveTheme(locked, 2)?.id).toBe(3);
  });

  it('falls back to the default theme, then to the first', () => {
    const data = {
      themes: { all, selectedThemeId: null },
      settings: { themes: { user_change: true, default_id: 9 } },
    };
    expect(resolveTheme(data, 42)?.id).toBe(1);
    expect(resolveTheme({ ...data, themes: { all: [], selectedThemeId: null } })).toBeUndefined();
  });
});
