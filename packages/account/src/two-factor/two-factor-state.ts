import type { AccountUser } from '../shared/types';

/** 0: not enabled; 1: enabled, waiting for a code to confirm it; 2: enabled and confirmed. */
export type TwoFactorState = 0 | 1 | 2;

/**
 * 2 when `two_factor_confirmed_at` is set; 1 when two-factor is enabled but not confirmed; else 0. "Enabled"
 * is the stored enablement the server reports to the owner (`two_factor_enabled`), not whether recovery codes
 * were sent: those only come within the password window, so a user who enabled two-factor in an earlier
 * session would otherwise see state 0. Recovery codes still count, for servers that do not report it.
 */
export function twoFactorState(
  user: Pick<AccountUser, 'two_factor_confirmed_at' | 'two_factor_recovery_codes' | 'two_factor_enabled'>,
): TwoFactorState {
  if (user.two_factor_confirmed_at) return 2;
  if (user.two_factor_enabled) return 1;
  if (user.two_factor_recovery_codes && user.two_factor_recovery_codes.length > 0) return 1;
  return 0;
}
