import {
  DEFAULT_LOGIN_PAGE_DEFAULTS,
  DEMO_ACCOUNT_COUNT,
  demoAccountEmail,
  type LoginPageDefaults,
} from '@backline/core/contract';
import type { DemoAccount } from '../config/auth-config';

// The rule lives in the contract, where a demo site's seed reads it too: what is pre-filled is what exists.
export { DEFAULT_LOGIN_PAGE_DEFAULTS, DEMO_ACCOUNT_COUNT, type LoginPageDefaults };

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
  return { email: demoAccountEmail(number), password: account.password };
}
