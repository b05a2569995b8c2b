import type { DemoAccount } from '../config/auth-config';

/** How a demo site pre-fills the login page (setting `site.loginPageDefaults`). */
export type LoginPageDefaults = 'singleAccount' | 'randomAccount';

/** The default of `site.loginPageDefaults`. */
export const DEFAULT_LOGIN_PAGE_DEFAULTS: LoginPageDefaults = 'singleAccount';

/** Random demo admins are numbered 1 to this many. */
export const DEMO_ACCOUNT_COUNT = 100;

/**
 * The credentials a demo site pre-fills: the fixed demo admin (`singleAccount`), or one of the numbered
 * demo admins `admin@demo001.com` … `admin@demo100.com` (`randomAccount`), so visitors trying the demo at
 * the same time do not edit each other's data.
 */
export function demoCredentials(
  mode: LoginPageDefaults | string | undefined,
  account: DemoAccount,
  random: () => number = Math.random,
): DemoAccount {
  if (mode !== 'randomAccount') return account;
  const number = Math.min(DEMO_ACCOUNT_COUNT, Math.floor(random() * DEMO_ACCOUNT_COUNT) + 1);
  return { email: `admin@demo${String(number).padStart(3, '0')}.com`, password: account.password };
}
