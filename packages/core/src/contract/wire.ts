/**
 * The wire constants both sides speak. They are defined here once: the server sets and checks them, the
 * browser reads and echoes them. A test (`wire.test.ts`) proves no other source file spells them out.
 */

/** The readable anti-forgery cookie the server sets on every response. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The header an unsafe same-origin request echoes the `XSRF-TOKEN` cookie in (double submit). */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** PUT, PATCH and DELETE travel as POST with this header (and a `_method` query parameter). */
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';
/** The query parameter twin of the method-override header. */
export const METHOD_OVERRIDE_PARAM = '_method';
/** The window global the server injects the encoded bootstrap data into (`window.bootstrapData`). */
export const BOOTSTRAP_GLOBAL = 'bootstrapData';
/** The cookie that keeps the active workspace id; 0, or no cookie, is the default workspace. */
export const ACTIVE_WORKSPACE_COOKIE = 'activeWorkspaceId';
/** The query parameter that carries the active workspace on GET, POST and PUT calls. */
export const WORKSPACE_PARAM = 'workspaceId';
/** The cookie that keeps the visitor's chosen theme id. */
export const ACTIVE_THEME_COOKIE = 'be-active-theme';
/** Where API routes live; `auth…` and `secure…` paths stay at the site root. */
export const API_PREFIX = 'api/v1/';

const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;
const ROOT_PATHS = /^(auth|secure)(\/|$|\?)/;

/** True for `https://…`, `//host/…` and other URLs with a scheme or authority. */
export function isAbsoluteUrl(path: string): boolean {
  return ABSOLUTE_URL.test(path);
}

/**
 * Whether a request path (`/api/v1/users/me`, `/auth/login`) is the server's rather than a page of the client:
 * everything under `/api/`, and the root paths `auth…` and `secure…` of the prefix rule.
 */
export function isServerPath(pathname: string): boolean {
  const clean = pathname.replace(/^\/+/, '');
  return clean === 'api' || clean.startsWith('api/') || ROOT_PATHS.test(clean);
}

/**
 * The prefix rule, the same on both ends: paths starting with `auth` or `secure` stay at the root,
 * absolute URLs stay as they are, and every other path goes under `api/v1/`. Leading slashes are ignored.
 * Answers without a leading slash (`api/v1/users/me`), ready to join to a base URL.
 */
export function apiPath(path: string): string {
  if (isAbsoluteUrl(path)) return path;
  const clean = path.replace(/^\/+/, '');
  return ROOT_PATHS.test(clean) ? clean : `${API_PREFIX}${clean}`;
}
