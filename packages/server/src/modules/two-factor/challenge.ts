import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Kit } from '../../kit';
import { startSession } from '../sessions/session-store';
import type { User } from '../users/user-model';

/** How long a login may wait for its second factor. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one challenge tolerates before the login must start over. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * Parks a password-checked login until the second factor arrives. The pending state lives in a new session
 * of this browser that has no user yet, so only this browser can finish it, and only until it expires.
 */
export async function beginTwoFactorChallenge(
  ctx: Context,
  kit: Kit,
  user: User,
  remember: boolean,
): Promise<void> {
  const expiresAt = kit.now().getTime() + CHALLENGE_TTL_MS;
  await startSession(ctx, kit, {
    userId: null,
    payload: {
      two_factor_challenge: {
        id: randomBytes(16).toString('base64url'),
        user_id: user.id,
        remember,
        expires_at: expiresAt,
        attempts: 0,
      },
    },
    lifetimeMs: CHALLENGE_TTL_MS,
  });
  ctx.state.user = null;
}
