import type { Kit } from '../../kit';

/**
 * Failed sign-in steps per account (a wrong password, or a wrong second-factor code), counted across every IP
 * over 15 minutes. Past `after` failures, each login attempt on that account waits `baseDelayMs`, doubling per
 * further failure up to `maxDelayMs`, before its password is checked: a slow-down, never a lock, so guessing
 * from many IPs gets slow while the owner, with the right password, still gets in.
 */
export const LOGIN_ACCOUNT_SLOWDOWN = { after: 10, duration: 900, baseDelayMs: 250, maxDelayMs: 2000 };
/** The counter behind the slow-down: it never refuses (the points are out of reach), it only counts. */
export const ACCOUNT_FAILURES = { points: 1_000_000, duration: LOGIN_ACCOUNT_SLOWDOWN.duration };
const NAME = 'login-account-failures';

/** How long an attempt on an account with `failures` recent failed sign-in steps waits before its check. */
export function accountSlowdownMs(failures: number): number {
  const { after, baseDelayMs, maxDelayMs } = LOGIN_ACCOUNT_SLOWDOWN;
  if (failures < after) return 0;
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(failures - after, 16));
}

/** Counts a failed sign-in step against an account (by its normalised address). */
export async function recordLoginFailure(kit: Kit, email: string): Promise<void> {
  await kit.rateLimits.consume(NAME, email, ACCOUNT_FAILURES);
}

/** The account's recent failed sign-in steps. */
export function loginFailures(kit: Kit, email: string): Promise<number> {
  return kit.rateLimits.spent(NAME, email, ACCOUNT_FAILURES);
}

/**
 * The header that tells a client how long its login attempt was held by the account's slow-down, in
 * milliseconds. Sent only when it was; the delay is what an attacker measures anyway, and it lets a client (and
 * a test, without a clock) see the slow-down at work.
 */
export const LOGIN_DELAY_HEADER = 'Login-Delay';

/** Waits out the account's slow-down, if it has one; resolves with the milliseconds waited. */
export async function slowDownForAccount(kit: Kit, email: string): Promise<number> {
  const wait = accountSlowdownMs(await loginFailures(kit, email));
  if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
  return wait;
}
