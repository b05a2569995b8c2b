import type { AccountUser } from '../shared/types';

/** 0: not enabled; 1: enabled, waiting for a code to confirm it; 2: enabled and confirmed. */
export type TwoFactorState = 0 | 1 | 2;

/**
 * Spec accounts §4: 2 when `two_factor_confirmed_at` is set, 1 when only recovery codes exist (enabled,
 * not yet confirmed), else 0.
 */
export function twoFactorState(
  user: Pick<AccountUser, 'two_factor_confirmed_at' | 'two_factor_recovery_codes'>,
): TwoFactorState {
  if (user.two_factor_confirmed_at) return 2;
  if (user.two_factor_recovery_codes && user.two_factor_recovery_codes.length > 0) return 1;
  return 0;
}
