import type { AccessData } from '../permissions/permissions';
import { can } from '../permissions/permissions';

/** Where the pricing page keeps a logged-out visitor's chosen plan, in localStorage. */
export const ONBOARDING_STORAGE_KEY = 'be.onboarding.selected';
/** The permission that marks an admin, who lands on the admin area after login. */
export const ADMIN_ACCESS_PERMISSION = 'admin.access';

/** A stored onboarding selection: the plan picked on the pricing page before signing up. */
export interface OnboardingSelection {
  productId: string | number;
  priceId: string | number;
}

export interface RedirectOptions {
  /** The configured post-login address; `/` by default. */
  redirectUri?: string;
  /** Where admins go; `/admin` by default. */
  adminRedirectUri?: string;
  /** Where the onboarding selection is read; `localStorage` by default. */
  storage?: Pick<Storage, 'getItem'> | null;
  /** The site's origin; `location.origin` by default. Targets elsewhere are refused. */
  origin?: string;
}

/** Reads the stored onboarding selection, or undefined when there is none or it is malformed. */
export function readOnboardingSelection(
  storage: Pick<Storage, 'getItem'> | null | undefined = defaultStorage(),
): OnboardingSelection | undefined {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(ONBOARDING_STORAGE_KEY);
  } catch {
    return undefined; // storage can throw when blocked by the browser
  }
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<OnboardingSelection> | null;
    const valid = (id: unknown) =>
      (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id));
    return value && valid(value.productId) && valid(value.priceId)
      ? { productId: value.productId!, priceId: value.priceId! }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where to send someone after registering or logging in (spec accounts §4): a stored onboarding
 * selection goes to `/checkout/{productId}/{priceId}`; otherwise admins (`admin.access`, which `admin`
 * also grants) go to `/admin` and everyone else to the configured redirect URI, default `/`. The answer is
 * always a same-origin path.
 */
export function redirectTarget(data: AccessData, options: RedirectOptions = {}): string {
  const origin = options.origin;
  const selection = readOnboardingSelection(
    options.storage === undefined ? defaultStorage() : options.storage,
  );
  if (selection) {
    const path = `/checkout/${encodeURIComponent(selection.productId)}/${encodeURIComponent(selection.priceId)}`;
    return safeRedirectPath(path, origin) ?? '/';
  }
  if (data.user && can(data, ADMIN_ACCESS_PERMISSION)) {
    return safeRedirectPath(options.adminRedirectUri ?? '/admin', origin) ?? '/';
  }
  return safeRedirectPath(options.redirectUri ?? '/', origin) ?? '/';
}

/**
 * Answers `target` as a path on this origin (`/path?query#hash`), or undefined when following it could
 * leave the site: other origins, protocol-relative `//host`, backslash tricks, `javascript:` and other
 * schemes. Absolute URLs on this very origin are reduced to their path.
 */
export function safeRedirectPath(target: unknown, origin: string = defaultOrigin()): string | undefined {
  if (typeof target !== 'string' || target === '') return undefined;
  // Browsers strip tabs and newlines and read `\` as `/`, so `/\evil.com` and `/\t/evil.com` leave the site.
  if (target.includes('\\') || [...target].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f')) {
    return undefined;
  }
  let base: URL;
  try {
    base = new URL(origin);
  } catch {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(target, `${base.origin}/`);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

function defaultOrigin(): string {
  return (globalThis as { location?: Location }).location?.origin ?? 'http://localhost';
}

function defaultStorage(): Pick<Storage, 'getItem'> | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return undefined;
  }
}
