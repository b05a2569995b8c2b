import { timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { authenticator } from 'otplib';
import { User } from '../users/user-model';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps; one step of drift either way. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;

const at = (now: Date) =>
  authenticator.clone({
    step: TOTP_STEP_SECONDS,
    digits: TOTP_DIGITS,
    window: TOTP_WINDOW,
    epoch: now.getTime(),
  });

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function generateTotpSecret(): string {
  return authenticator.generateSecret(20);
}

/** The `otpauth://` URL authenticator apps scan. */
export function otpauthUrl(account: string, issuer: string, secret: string): string {
  return authenticator.keyuri(account, issuer, secret);
}

/** The time step a code belongs to, if it is valid at `now` (within the window); null otherwise. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  let delta: number | null = null;
  try {
    delta = at(now).checkDelta(code, secret);
  } catch {
    return null;
  }
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS) + delta;
}

/**
 * Accepts a code once. The step it belongs to must be later than the last step this user spent, and the
 * update that records it is conditional on exactly that, so two requests racing with one code cannot both
 * win, and an observed code is dead the moment it was used.
 */
export async function consumeTotp(
  knex: Knex,
  userId: number,
  secret: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const step = totpStep(secret, code, now);
  if (step === null) return false;
  const updated = await User.query(knex)
    .findById(userId)
    .where((q) => q.whereNull('two_factor_last_step').orWhere('two_factor_last_step', '<', step))
    .patch({ two_factor_last_step: step });
  return updated === 1;
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
