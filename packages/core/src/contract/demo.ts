/**
 * Demo mode (public setting `site.demo`): the login page pre-fills credentials, and a demo site seeds exactly
 * those accounts, both from these constants, so what is pre-filled always signs in.
 */

/** How a demo site pre-fills the login page (setting `site.loginPageDefaults`). */
export type LoginPageDefaults = 'singleAccount' | 'randomAccount';

/** The default of `site.loginPageDefaults`. */
export const DEFAULT_LOGIN_PAGE_DEFAULTS: LoginPageDefaults = 'singleAccount';

/** The fixed demo admin (`singleAccount`); the numbered ones share its password. */
export const DEMO_ACCOUNT = { email: 'admin@admin.com', password: 'admin' } as const;

/** Random demo admins are numbered 1 to this many. */
export const DEMO_ACCOUNT_COUNT = 100;

/** The address of numbered demo admin `number` (1 … `DEMO_ACCOUNT_COUNT`): `admin@demo007.com`. */
export function demoAccountEmail(number: number): string {
  return `admin@demo${String(number).padStart(3, '0')}.com`;
}
