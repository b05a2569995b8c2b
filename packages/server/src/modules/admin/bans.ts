import type { Context, Middleware } from 'koa';
import { HttpError } from '../../http/errors';
import type { Kit } from '../../kit';
import { signOut } from '../sessions/session-store';
import type { User } from '../users/user-model';

/** The ban columns of a user. */
export type BanColumns = Pick<User, 'banned_at' | 'ban_reason' | 'banned_until'>;

/** Whether a ban is in force at `now`: set, and without an end or with an end still ahead. */
export function isBanned(user: BanColumns, now: Date): boolean {
  if (!user.banned_at) return false;
  return !user.banned_until || new Date(user.banned_until).getTime() > now.getTime();
}

/** What a banned user is told, at login and on the next request of an open session or token. */
export function banMessage(user: BanColumns): string {
  const reason = user.ban_reason ? ` Reason: ${user.ban_reason}` : '';
  const until = user.banned_until
    ? ` The ban ends on ${new Date(user.banned_until).toISOString().slice(0, 10)}.`
    : '';
  return `This account has been banned.${reason}${until}`;
}

const API_PATH = /^\/(api\/|auth(\/|$)|secure(\/|$))/;

/**
 * Refuses a banned user's open session or API token from the very next request: the session is ended at once;
 * an API call answers 403 with the ban message, and a page load continues as a visitor. Runs after the
 * sessions and access-tokens middleware, which identify the caller.
 */
export function banMiddleware(kit: Kit): Middleware {
  return async (ctx: Context, next) => {
    const user = ctx.state.user;
    if (user && isBanned(user, kit.now())) {
      const message = banMessage(user);
      if (ctx.state.session) await signOut(ctx, kit);
      ctx.state.user = null;
      if (ctx.state.accessToken || API_PATH.test(ctx.path)) throw new HttpError(403, message);
    }
    await next();
  };
}
