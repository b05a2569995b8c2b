/*
 * The contract's plain constants, in a module without schemas: sign-in screens read them on pages that must not
 * load zod (the `/login` budget), while the route modules that need them re-export them from here.
 */

/** Two-factor codes: six characters from an authenticator app. */
export const TWO_FACTOR_CODE_LENGTH = 6;
/** Recovery codes: exactly 21 characters (`xxxxxxxxxx-xxxxxxxxxx`). */
export const RECOVERY_CODE_LENGTH = 21;

/** The providers a user can sign in with. */
export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter'] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];

/** The outcomes a social popup reports to its opener. */
export const SOCIAL_STATUSES = ['SUCCESS', 'REQUEST_PASSWORD', 'ALREADY_LOGGED_IN', 'ERROR'] as const;
export type SocialStatus = (typeof SOCIAL_STATUSES)[number];

/** The window message the popup posts to its opener (addressed to the site's own origin only). */
export const SOCIAL_MESSAGE_TYPE = 'social-auth';

/* Appearance (the `appearance` routes re-export these). */

/** Editing themes, menus, landing content, custom code, SEO and the cookie notice; `admin` also grants it. */
export const APPEARANCE_PERMISSION = 'appearance.update';

/**
 * The marker every appearance-editor message carries in its `source` field. The site ignores window messages
 * without it (other scripts and extensions post messages too).
 */
export const APPEARANCE_EDITOR_SOURCE = 'be-appearance-editor';

/** The query parameter that tells the site it runs inside the editor's preview frame (`?appearanceEditor=true`). */
export const APPEARANCE_EDITOR_PARAM = 'appearanceEditor';

/** The id of the custom CSS `<style>` in the head and of the custom HTML `<div>` in the body. */
export const CUSTOM_CODE_ID = 'be-custom-code';

/** The cookie that records an accepted cookie notice; it lives 30 days on path `/` (spec: cookie notice lifetime). */
export const COOKIE_NOTICE_COOKIE = 'cookie_notice';
export const COOKIE_NOTICE_DAYS = 30;
export const COOKIE_NOTICE_POSITIONS = ['top', 'bottom'] as const;

/**
 * Menu positions the shipped chrome reads. Products may add positions of their own (`appearanceModule({menuPositions})`);
 * the server refuses any other, since a menu at a position nothing reads would never show.
 */
export const MENU_POSITIONS = [
  'navbar',
  'footer',
  'footer-secondary',
  'auth-dropdown',
  'auth-page-footer',
  'admin-sidebar',
  'music-sidebar',
] as const;

/** Custom CSS and HTML are the admin's own code; capped so one setting cannot bloat every page. */
export const CUSTOM_CODE_MAX = 100_000;
export const MAX_THEMES = 50;
export const MAX_THEME_COLORS = 100;
export const MAX_MENUS = 30;
export const MAX_MENU_ITEMS = 50;

/** A CSS custom property name: `--be-primary`. */
export const CSS_VARIABLE_PATTERN = /^--[a-zA-Z0-9-]{1,80}$/;
/**
 * A colour value: hex, a colour function or a keyword. No `;`, `{`, `}`, `<`, quotes or `url(`: the value is written
 * into a style attribute of every page, so it must not be able to end the declaration or the attribute.
 */
export const CSS_COLOR_PATTERN = /^(?!.*url\()[#a-zA-Z0-9(),.%\s/+-]{1,100}$/;
