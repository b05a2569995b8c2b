import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import type { Kit } from '../../kit';
import { verifyPassword } from '../../security/password-hasher';
import type { User } from '../users/user-model';
import { updateSessionPayload } from './session-store';

/** How long a password confirmation lasts (spec: 9000 seconds). */
export const PASSWORD_CONFIRMATION_SECONDS = 9000;

/** Whether this session confirmed the password within `seconds` (never more than the 9000-second window). */
export function passwordConfirmedWithin(
  ctx: Context,
  kit: Kit,
  seconds = PASSWORD_CONFIRMATION_SECONDS,
): boolean {
  const at = ctx.state.session?.payload.password_confirmed_at;
  if (typeof at !== 'number' || !ctx.state.user) return false;
  const window = Math.min(Math.max(seconds, 0), PASSWORD_CONFIRMATION_SECONDS) * 1000;
  const elapsed = kit.now().getTime() - at;
  return elapsed >= 0 && elapsed < window;
}

/** Refuses a sensitive action (423) unless the password was confirmed in this session within the window. */
export function requireConfirmedPassword(ctx: Context, kit: Kit): void {
  if (!passwordConfirmedWithin(ctx, kit)) throw new HttpError(423, 'Password confirmation required.');
}

/** Records that the password was just confirmed in this session. */
export function markPasswordConfirmed(ctx: Context, kit: Kit): Promise<void> {
  return updateSessionPayload(ctx, kit, { password_confirmed_at: kit.now().getTime() });
}

/** 5 password checks per minute per signed-in user (confirm, change, log out others). */
export const PASSWORD_CHECK_LIMIT = { points: 5, duration: 60, field: 'password' };

/** Checks a signed-in user's password, within the per-user limit; a wrong one is a 422 on `field`. */
export async function checkOwnPassword(kit: Kit, user: User, password: string, field: string): Promise<void> {
  await kit.rateLimits.consume('password-check', String(user.id), { ...PASSWORD_CHECK_LIMIT, field });
  if (!(await verifyPassword(user.password, password)))
    throw new ValidationError({ [field]: ['The password is incorrect.'] });
}
