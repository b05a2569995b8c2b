import { describe, expect, it } from 'vitest';
import { getByPath } from './settings';

describe('getByPath', () => {
  const settings = { branding: { site_name: 'Music' }, themes: { user_change: false }, empty: null };
  it('reads nested values by dotted path', () => {
    expect(getByPath(settings, 'branding.site_name')).toBe('Music');
    expect(getByPath(settings, 'themes.user_change', true)).toBe(false);
  });
  it('answers the fallback for missing paths', () => {
    expect(getByPath(settings, 'branding.logo_dark', 'none')).toBe('none');
    expect(getByPath(settings, 'empty.deeper', 1)).toBe(1);
    expect(getByPath(undefined, 'a.b')).toBeUndefined();
  });
});
