import { RECOVERY_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from '@backline/core/contract';

/**
 * Client-side checks of spec accounts §5. Each answers the English message (the i18n key) of the first
 * rule a value breaks, or null. They run before anything is sent; the server checks everything again.
 */

/** The HTML standard's own definition of a valid e-mail address, so the rule matches `type="email"`. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** How many characters a two-factor code and a recovery code have: the contract's lengths. */
export { RECOVERY_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH };

export type ValidationMessage =
  | 'This field is required.'
  | 'Enter a valid email address.'
  | 'The passwords do not match.'
  | 'The code must be 6 characters.'
  | 'The recovery code must be 21 characters.';

/** Required: empty and whitespace-only values fail. */
export function requiredRule(value: string): ValidationMessage | null {
  return value.trim() === '' ? 'This field is required.' : null;
}

/** Required, and an e-mail address. */
export function emailRule(value: string): ValidationMessage | null {
  return requiredRule(value) ?? (EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid email address.');
}

/** Required, and equal to the password it confirms. */
export function confirmationRule(password: string) {
  return (value: string): ValidationMessage | null =>
    requiredRule(value) ?? (value === password ? null : 'The passwords do not match.');
}

/** Required, and exactly 6 characters (spaces an authenticator app shows between groups are ignored). */
export function twoFactorCodeRule(value: string): ValidationMessage | null {
  return (
    requiredRule(value) ??
    (normalizeCode(value).length === TWO_FACTOR_CODE_LENGTH ? null : 'The code must be 6 characters.')
  );
}

/** Required, and exactly 21 characters. */
export function recoveryCodeRule(value: string): ValidationMessage | null {
  return (
    requiredRule(value) ??
    (value.trim().length === RECOVERY_CODE_LENGTH ? null : 'The recovery code must be 21 characters.')
  );
}

/** A code as typed, without the spaces authenticator apps show between digit groups ("123 456"). */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '');
}
