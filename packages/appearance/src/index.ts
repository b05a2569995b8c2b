/**
 * `@backline/appearance`: the framework-free site half of the appearance feature: theme helpers, custom CSS/HTML,
 * the cookie notice rules, menu filtering and the appearance-editor bridge. React bindings: `./react`; the admin
 * editor: `./editor`. The wire contract (themes, menus, the save route, bridge messages) is `appearance` in
 * `@backline/core/contract`.
 */
export { acceptEditorMessage } from './bridge/accept-message';
export {
  type BridgeOptions,
  displayedTheme,
  type EditorMessageBody,
  handleEditorMessage,
  isEditorMode,
  listenToEditor,
  postToPreview,
} from './bridge/bridge';
export { mergeSettings } from './bridge/merge-settings';
export {
  acceptCookieNotice,
  COOKIE_NOTICE_TEXT,
  type CookieNoticeSettings,
  cookieNoticeAccepted,
  cookieNoticeSettings,
  shouldShowCookieNotice,
} from './cookie-notice/cookie-notice';
export {
  type CustomCodeMode,
  type CustomCodeOptions,
  customCodeSelector,
  pageNonce,
  setCustomCode,
} from './custom-code/custom-code';
export { APPEARANCE_STRINGS, type AppearanceString } from './i18n/appearance-strings';
export { filterMenus, menuItemsAt, storedMenus } from './menus/menus';
export { defaultThemeFor, themeStyleText } from './theme/theme';
