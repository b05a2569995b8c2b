import { z } from 'zod';
import { requiredString } from '../../http/fields';

/**
 * The one normal form of an address: NFKC folds compatibility look-alikes (full-width `ａｄｍｉｎ`,
 * ligatures) into plain letters, then lower case. Storage, look-up and every rate-limit key use it, so
 * `ADMIN@…`, `Admin@…` and `ａｄｍｉｎ@…` are one account and one counter, never several.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** An email field: required, normalised, then checked as an address. */
export const emailField = requiredString('email')
  .max(255, 'The email field must not be greater than 255 characters.')
  .transform(normalizeEmail)
  .pipe(z.email('The email field must be a valid email address.'));
