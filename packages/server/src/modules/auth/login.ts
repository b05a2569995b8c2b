import type { Context } from 'koa';
import { encodeBootstrap } from '../../bootstrap/bootstrap';
import type { Kit } from '../../kit';
import { signIn } from '../sessions/session-store';
import { beginTwoFactorChallenge } from '../two-factor/challenge';
import type { User } from '../users/user-model';

/** What a login answers: the new bootstrap data, or a request for the second factor. */
export type LoginResult = { bootstrapData: string } | { two_factor: true };

/** The encoded bootstrap data for this request's caller, as register, login and logout answer it. */
export async function bootstrapAnswer(ctx: Context, kit: Kit): Promise<string> {
  return encodeBootstrap(await kit.bootstrap(ctx));
}

/**
 * Finishes a login whose first factor was checked (a password, or a social provider): users with confirmed
 * two-factor get a challenge bound to this browser; everyone else gets a new session and bootstrap data.
 */
export async function completeLogin(
  ctx: Context,
  kit: Kit,
  user: User,
  options: { remember?: boolean } = {},
): Promise<LoginResult> {
  if (user.two_factor_confirmed_at && user.two_factor_secret) {
    await beginTwoFactorChallenge(ctx, kit, user, options.remember ?? false);
    return { two_factor: true };
  }
  await signIn(ctx, kit, user, { remember: options.remember ?? false });
  return { bootstrapData: await bootstrapAnswer(ctx, kit) };
}
