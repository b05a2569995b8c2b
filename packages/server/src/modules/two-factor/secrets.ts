import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { Kit } from '../../kit';
import { User } from '../users/user-model';

/** How many recovery codes a user gets, and their shape: `xxxxxxxxxx-xxxxxxxxxx` (21 characters). */
export const RECOVERY_CODE_COUNT = 8;
export { RECOVERY_CODE_LENGTH } from '@backline/core/contract';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ten random characters from 62, twice: about 119 bits per code, from the CSPRNG. */
function recoveryCode(): string {
  const half = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${half()}-${half()}`;
}

/** A fresh set of recovery codes. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
}

// The row id is bound into each ciphertext, so a value copied onto another user never decrypts there.
const secretContext = (userId: number) => `users.two_factor_secret:${userId}`;
const codesContext = (userId: number) => `users.two_factor_recovery_codes:${userId}`;

/** The user's TOTP secret (base32), decrypted; null when two-factor was never enabled. */
export function readSecret(kit: Kit, user: User): string | null {
  return user.two_factor_secret
    ? kit.encrypter.decrypt(user.two_factor_secret, secretContext(user.id))
    : null;
}

/** The user's unused recovery codes, decrypted. */
export function readRecoveryCodes(kit: Kit, user: User): string[] {
  if (!user.two_factor_recovery_codes) return [];
  return JSON.parse(kit.encrypter.decrypt(user.two_factor_recovery_codes, codesContext(user.id))) as string[];
}

/** The encrypted column values for a secret and codes. */
export function encryptTwoFactor(
  kit: Kit,
  userId: number,
  values: { secret?: string; codes?: string[] },
): Partial<Pick<User, 'two_factor_secret' | 'two_factor_recovery_codes'>> {
  const out: Partial<Pick<User, 'two_factor_secret' | 'two_factor_recovery_codes'>> = {};
  if (values.secret !== undefined)
    out.two_factor_secret = kit.encrypter.encrypt(values.secret, secretContext(userId));
  if (values.codes !== undefined)
    out.two_factor_recovery_codes = kit.encrypter.encrypt(JSON.stringify(values.codes), codesContext(userId));
  return out;
}

/** Saves new recovery codes for a user. */
export async function storeRecoveryCodes(
  kit: Kit,
  knex: Knex,
  userId: number,
  codes: string[],
): Promise<void> {
  await User.query(knex)
    .findById(userId)
    .patch(encryptTwoFactor(kit, userId, { codes }));
}
