/**
 * Where cookies are read and written: `document` in a browser (it has exactly this shape), or a
 * `createMemoryCookies()` source on the server and in tests. Reading `cookie` answers `a=1; b=2`;
 * assigning it sets one cookie with the `document.cookie` (Set-Cookie) syntax.
 */
export interface CookieSource {
  cookie: string;
}

/** Cookies live 7 days unless told otherwise (spec: cookie default lifetime). */
export const COOKIE_DEFAULT_DAYS = 7;

export interface CookieOptions {
  /** Lifetime in days; 7 by default. */
  days?: number;
  /** Defaults to `/`, so every page sees the cookie. */
  path?: string;
  domain?: string;
  /** Defaults to `Lax`. */
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Defaults to true when the page is served over https. */
  secure?: boolean;
}

const SECONDS_PER_DAY = 24 * 60 * 60;

// A server or a test without a DOM still gets a working (per-process) cookie source.
let fallbackSource: CookieSource | undefined;

/** The browser's `document`, or a process-wide memory source where there is no DOM. */
export function defaultCookieSource(): CookieSource {
  const doc = (globalThis as { document?: CookieSource }).document;
  if (doc && typeof doc.cookie === 'string') return doc;
  fallbackSource ??= createMemoryCookies();
  return fallbackSource;
}

/** Parses a `Cookie` header or `document.cookie` string into a map (values are URL-decoded). */
export function parseCookies(header: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || map.has(name)) continue;
    map.set(name, safeDecode(part.slice(index + 1).trim()));
  }
  return map;
}

/** Reads one cookie, or undefined when it is not set. */
export function getCookie(name: string, source: CookieSource = defaultCookieSource()): string | undefined {
  return parseCookies(source.cookie).get(name);
}

/** Writes a cookie for `days` (default 7) on path `/` with SameSite=Lax. */
export function setCookie(
  name: string,
  value: string | number,
  options: CookieOptions = {},
  source: CookieSource = defaultCookieSource(),
): void {
  source.cookie = serializeCookie(name, String(value), options);
}

/** Removes a cookie (same path and domain as it was written with). */
export function removeCookie(
  name: string,
  options: Pick<CookieOptions, 'path' | 'domain'> = {},
  source: CookieSource = defaultCookieSource(),
): void {
  source.cookie = serializeCookie(name, '', { ...options, days: -1 });
}

/** Builds the `document.cookie` assignment for a cookie. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const days = options.days ?? COOKIE_DEFAULT_DAYS;
  const maxAge = Math.round(days * SECONDS_PER_DAY);
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.max(maxAge, 0)}`,
    // Expires too, for the few readers that ignore Max-Age.
    `Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}`,
    `Path=${options.path ?? '/'}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  const secure = options.secure ?? (globalThis as { location?: Location }).location?.protocol === 'https:';
  if (secure || options.sameSite === 'None') parts.push('Secure');
  return parts.join('; ');
}

/**
 * An in-memory cookie source with `document.cookie` semantics: assigning a Set-Cookie style line stores
 * or (with `Max-Age=0` or a past `Expires`) deletes the cookie; reading answers `a=1; b=2`. For server
 * rendering and for driving the client from Node, where a cookie jar also feeds `fetch`.
 */
export function createMemoryCookies(initial: Record<string, string> = {}): CookieSource {
  const jar = new Map<string, { value: string; expires: number }>();
  for (const [name, value] of Object.entries(initial)) jar.set(name, { value, expires: Infinity });
  return {
    get cookie() {
      const now = Date.now();
      const pairs: string[] = [];
      for (const [name, entry] of jar) {
        if (entry.expires <= now) jar.delete(name);
        else pairs.push(`${name}=${entry.value}`);
      }
      return pairs.join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      if (index <= 0) return;
      const name = safeDecode(pair.slice(0, index).trim());
      const value = pair.slice(index + 1).trim();
      let expires = Infinity;
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=');
        const attrValue = rest.join('=').trim();
        const lower = key.trim().toLowerCase();
        // Max-Age wins over Expires, as in browsers.
        if (lower === 'max-age') expires = Date.now() + Number(attrValue) * 1000;
        else if (lower === 'expires' && expires === Infinity) {
          const at = Date.parse(attrValue);
          if (!Number.isNaN(at)) expires = at;
        }
      }
      if (expires <= Date.now() || Number.isNaN(expires)) jar.delete(name);
      else jar.set(name, { value, expires });
    },
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
