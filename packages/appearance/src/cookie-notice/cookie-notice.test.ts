import { createMemoryCookies } from '@backline/core';
import { describe, expect, it } from 'vitest';
import { acceptCookieNotice, cookieNoticeSettings, shouldShowCookieNotice } from './cookie-notice';

describe('cookie notice rules', () => {
  const on = { cookie_notice: { enable: true, position: 'top', button: null } };

  it('shows only when enabled and not yet accepted; OK writes the cookie for 30 days on /', () => {
    const cookies = createMemoryCookies();
    expect(shouldShowCookieNotice({ cookie_notice: { enable: false } }, cookies)).toBe(false);
    expect(shouldShowCookieNotice(on, cookies)).toBe(true);
    const writes: string[] = [];
    const spy = {
      get cookie() {
        return cookies.cookie;
      },
      set cookie(value: string) {
        writes.push(value);
        cookies.cookie = value;
      },
    };
    acceptCookieNotice(spy);
    expect(writes[0]).toMatch(/^cookie_notice=true;.*Max-Age=2592000/i);
    expect(writes[0]).toMatch(/Path=\//i);
    expect(shouldShowCookieNotice(on, cookies)).toBe(false);
  });

  it('reads the position (bottom unless top) and a link only when it has a label and an action', () => {
    expect(cookieNoticeSettings(on)).toEqual({ enabled: true, position: 'top', link: null });
    expect(cookieNoticeSettings({ cookie_notice: { enable: true, position: 'left' } }).position).toBe(
      'bottom',
    );
    const link = { label: 'Privacy', type: 'route', action: '/pages/privacy-policy' };
    expect(cookieNoticeSettings({ cookie_notice: { button: link } }).link).toEqual(link);
    expect(cookieNoticeSettings({ cookie_notice: { button: { label: '', action: '/x' } } }).link).toBeNull();
  });
});
