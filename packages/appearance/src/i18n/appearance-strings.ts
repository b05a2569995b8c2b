import { COOKIE_NOTICE_TEXT } from '../cookie-notice/cookie-notice';

/**
 * Every line the site half of @backline/appearance translates, as i18next keys (the English text). Lines quoted by
 * the spec appear verbatim. The editor adds its own catalogue.
 */
export const APPEARANCE_STRINGS = [COOKIE_NOTICE_TEXT, 'Cookie notice', 'OK'] as const;
export type AppearanceString = (typeof APPEARANCE_STRINGS)[number];
