import { type CookieSource, defaultCookieSource, getByPath, getCookie, setCookie } from '@backline/core';
import { type appearance, COOKIE_NOTICE_COOKIE, COOKIE_NOTICE_DAYS } from '@backline/core/contract';

type CookieNoticeLink = appearance.CookieNoticeLink;

/** The cookie notice's sentence (spec §2), also the i18next key. */
export const COOKIE_NOTICE_TEXT =
  'We use cookies to optimize site functionality and provide you with the best possible experience.';

export interface CookieNoticeSettings {
  enabled: boolean;
  position: 'top' | 'bottom';
  /** The optional configured link ("Learn more"); null when none is set. */
  link: CookieNoticeLink | null;
}

/** Reads `cookie_notice.enable`, `cookie_notice.position` and `cookie_notice.button` from the settings tree. */
export function cookieNoticeSettings(settings: unknown): CookieNoticeSettings {
  const button = getByPath<CookieNoticeLink | null>(settings, 'cookie_notice.button', null);
  return {
    enabled: getByPath<boolean>(settings, 'cookie_notice.enable', false) === true,
    position: getByPath<string>(settings, 'cookie_notice.position', 'bottom') === 'top' ? 'top' : 'bottom',
    link: button && typeof button === 'object' && button.label && button.action ? button : null,
  };
}

/** True once the visitor pressed OK (the cookie is set). */
export function cookieNoticeAccepted(cookies: CookieSource = defaultCookieSource()): boolean {
  return getCookie(COOKIE_NOTICE_COOKIE, cookies) !== undefined;
}

/** Shown only when enabled and not yet accepted (spec §2). */
export function shouldShowCookieNotice(
  settings: unknown,
  cookies: CookieSource = defaultCookieSource(),
): boolean {
  return cookieNoticeSettings(settings).enabled && !cookieNoticeAccepted(cookies);
}

/** OK: remembers the choice for 30 days on path `/` (spec §4, §9). */
export function acceptCookieNotice(cookies: CookieSource = defaultCookieSource()): void {
  setCookie(COOKIE_NOTICE_COOKIE, 'true', { days: COOKIE_NOTICE_DAYS, path: '/' }, cookies);
}
