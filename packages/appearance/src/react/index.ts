/**
 * `@backline/appearance/react`: the site's React bindings: the editor bridge and the cookie notice.
 */
export { CookieNotice, type CookieNoticeProps } from '../cookie-notice/cookie-notice-bar';
export { AppearanceBridge, useAppearanceBridge } from './use-appearance-bridge';
