export {
  BOOTSTRAP_GLOBAL,
  type BootstrapStore,
  createBootstrapStore,
  decodeBootstrap,
  EMPTY_BOOTSTRAP,
  readBootstrapGlobal,
} from './bootstrap/bootstrap-store';
export {
  applyBootstrapAnswer,
  type BootstrapAnswer,
  type BootstrapDataResponse,
  loadBootstrap,
  refreshBootstrap,
} from './bootstrap/load-bootstrap';
export type { BootstrapData, Menu, MenuItem, Permission, Role, Theme, User } from './bootstrap/types';
export {
  API_PREFIX,
  apiPath,
  isAbsoluteUrl,
  METHOD_OVERRIDE_HEADER,
  METHOD_OVERRIDE_PARAM,
  WORKSPACE_PARAM,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './contract/wire';
export {
  COOKIE_DEFAULT_DAYS,
  type CookieOptions,
  type CookieSource,
  createMemoryCookies,
  defaultCookieSource,
  getCookie,
  parseCookies,
  removeCookie,
  serializeCookie,
  setCookie,
} from './cookies/cookies';
export { A_FEW_SECONDS_AGO, formatRelativeTime, type RelativeTimeOptions } from './dates/relative-time';
export {
  type DatePreset,
  DEFAULT_TIMEZONE_SETTING,
  type FormatDateOptions,
  formatDate,
  isValidTimezone,
  resolveTimezone,
} from './dates/timezone';
export { type HtmlNode, hardenHtmlNode, SAFE_HTML_CONFIG, SAFE_LINK_REL } from './html/safe-html';
export {
  DEFAULT_ERROR_MESSAGE,
  type ErrorFeedback,
  type ErrorFeedbackOptions,
  errorFeedback,
  errorMessage,
} from './http/error-feedback';
export {
  createHttpClient,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_DELAY,
  exponentialDelay,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type QueryParams,
  type QueryValue,
  type RequestBody,
  type RequestOptions,
  type RetryInfo,
} from './http/http-client';
export {
  type ErrorAction,
  type ErrorResponseBody,
  type FieldErrors,
  HttpError,
  type HttpErrorInit,
  isHttpError,
  normalizeFieldErrors,
} from './http/http-error';
export {
  type AccessData,
  ADMIN_PERMISSION,
  can,
  filterMenuItems,
  getRestrictionValue,
  heldPermissions,
  heldRoleIds,
  isLoggedIn,
  isSubscribed,
  menuAt,
} from './permissions/permissions';
export {
  QUERY_RETRY_LIMIT,
  QUERY_STALE_TIME,
  type QueryDefaults,
  queryDefaults,
  shouldRetryQuery,
} from './query/query-defaults';
export {
  ADMIN_ACCESS_PERMISSION,
  ONBOARDING_STORAGE_KEY,
  type OnboardingSelection,
  type RedirectOptions,
  readOnboardingSelection,
  redirectTarget,
  safeRedirectPath,
} from './redirect/redirect-target';
export { getByPath } from './settings/settings';
export {
  ACTIVE_THEME_COOKIE,
  activeTheme,
  applyTheme,
  canChangeTheme,
  chooseTheme,
  oppositeTheme,
  readThemeCookie,
  resolveTheme,
  type ThemeChangeOptions,
  toggleTheme,
} from './themes/themes';
export {
  ACTIVE_WORKSPACE_COOKIE,
  createWorkspaceStore,
  DEFAULT_WORKSPACE_ID,
  getActiveWorkspaceId,
  setActiveWorkspaceId,
  type WorkspaceStore,
} from './workspace/workspace';
