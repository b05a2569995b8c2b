import { createHash, randomBytes } from 'node:crypto';
import { passwords } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { BackgroundTasks } from '../../http/background-tasks';
import { HttpError, ValidationError } from '../../http/errors';
import { siteUrl } from '../../http/site-url';
import { defineModule, type Kit } from '../../kit';
import { sendPasswordResetMail } from '../../mail/account-mails';
import { hashPassword } from '../../security/password-hasher';
import { checkOwnPassword } from '../sessions/password-confirmation';
import { Session } from '../sessions/session-model';
import { prepareSessionRevocation } from '../sessions/session-sources';
import { signIn, signOut } from '../sessions/session-store';
import { findUserByEmail } from '../users/create-user';
import { User } from '../users/user-model';
import {
  markPasswordConfirmed,
  PASSWORD_CONFIRMATION_SECONDS,
  passwordConfirmedWithin,
} from './confirmation';

/** A reset link works for 60 minutes, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The one answer to forgot-password, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If that email address belongs to an account, a link to reset its password is on its way.';
/** 3 reset mails per minute per address. */
export const RESET_MAIL_LIMIT = { points: 3, duration: 60, field: 'email' };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const INVALID_TOKEN = 'This password reset token is invalid.';

/**
 * Issues a reset token for a user: only its SHA-256 is stored, and earlier tokens of that user stop working.
 * Pass a transaction as `db` to make the token part of a larger write (an admin's audited request).
 */
export async function createResetToken(kit: Kit, userId: number, db: Knex = kit.knex): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = kit.now();
  await db.transaction(async (trx) => {
    await trx('password_reset_tokens').where({ user_id: userId }).delete();
    await trx('password_reset_tokens').insert({
      user_id: userId,
      token_hash: sha256(token),
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  });
  return token;
}

/** Where reset links point: the site's reset page (read from the request while it is still open). */
export const resetLinkBase = (ctx: Context, kit: Kit): string => siteUrl(ctx, kit, '/password/reset/');

/** The link a reset mail carries: the reset page with the token in the path and the address in the query. */
export const resetLink = (base: string, email: string, token: string): string =>
  `${base}${token}?email=${encodeURIComponent(email)}`;

/**
 * Counts one reset mail against the address's limit (3 a minute, shared by forgot-password and an admin's
 * "Send password reset link", so neither path can be used to flood an inbox); 429 once it is spent.
 */
export async function consumeResetMailLimit(kit: Kit, email: string): Promise<void> {
  await kit.rateLimits.consume('password-reset-mail', email, RESET_MAIL_LIMIT);
}

/** Mails a user a fresh reset link (earlier links stop working). */
export async function mailResetLink(
  ctx: Context,
  kit: Kit,
  user: { id: number; email: string },
  db: Knex = kit.knex,
): Promise<void> {
  const token = await createResetToken(kit, user.id, db);
  await sendPasswordResetMail(kit, user.email, resetLink(resetLinkBase(ctx, kit), user.email, token));
}

/**
 * Passwords: forgot and reset (mailed single-use links), change, and the recent-confirmation window that
 * guards sensitive actions.
 */
export const passwordsModule = (tasks: BackgroundTasks) =>
  defineModule({
    id: 'passwords',
    migrations: {
      '001-password-reset-tokens': {
        async up(knex) {
          await knex.schema.createTable('password_reset_tokens', (t) => {
            t.increments('id');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
            t.string('token_hash', 64).notNullable().unique();
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.timestamp('expires_at', { useTz: true }).notNullable();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('password_reset_tokens');
        },
      },
    },
    routes(router) {
      router.route(passwords.forgot).handle(async ({ body, ctx, kit }) => {
        // Limited per address whether or not it has an account, so the limit itself tells nothing.
        await consumeResetMailLimit(kit, body.email);
        const base = resetLinkBase(ctx, kit);
        // Everything that depends on the address having an account happens after the answer.
        tasks.run(ctx, kit.log, 'password reset mail', async () => {
          const user = await findUserByEmail(kit.knex, body.email);
          if (!user) return;
          const token = await createResetToken(kit, user.id);
          await sendPasswordResetMail(kit, user.email, resetLink(base, user.email, token));
        });
        return { message: FORGOT_PASSWORD_MESSAGE };
      });

      router.route(passwords.reset).handle(async ({ body, ctx, kit }) => {
        const invalid = () => new ValidationError({ email: [INVALID_TOKEN] });
        const now = kit.now();
        const row: { id: number; user_id: number; expires_at: Date } | undefined = await kit
          .knex('password_reset_tokens')
          .where({ token_hash: sha256(body.token) })
          .first('id', 'user_id', 'expires_at');
        if (!row) throw invalid();
        if (row.expires_at.getTime() <= now.getTime()) {
          await kit.knex('password_reset_tokens').where({ id: row.id }).delete();
          throw invalid();
        }
        const user = await User.query(kit.knex).findById(row.user_id);
        if (!user || user.email !== body.email) throw invalid();
        const hash = await hashPassword(body.password);
        const revoke = await prepareSessionRevocation(kit, user.id, 'password-reset');
        await kit.knex.transaction(async (trx) => {
          // Claiming the token by deleting it is atomic: of two requests racing with one token, one wins.
          if (!(await trx('password_reset_tokens').where({ id: row.id }).delete())) throw invalid();
          await trx('password_reset_tokens').where({ user_id: user.id }).delete();
          // Following the mailed link proves the address too.
          await User.query(trx)
            .findById(user.id)
            .patch({ password: hash, email_verified_at: user.email_verified_at ?? now, updated_at: now });
          // Whoever knew the old password is signed out everywhere, this browser included, and the API tokens
          // they may have made end too: a reset is how an account is recovered.
          await Session.query(trx).where({ user_id: user.id }).delete();
          await revoke(trx);
        });
        if (ctx.state.user?.id === user.id) await signOut(ctx, kit);
        return { message: 'Your password has been reset!' };
      });

      router.route(passwords.change).handle(async ({ body, ctx, kit }) => {
        const user = ctx.state.user!;
        const session = ctx.state.session;
        // A token has no browser session to keep signed in: the password changes from the account page only.
        if (!session) throw new HttpError(403, 'Change your password from the account settings page.');
        await checkOwnPassword(kit, user, body.current_password, 'current_password');
        const hash = await hashPassword(body.password);
        const now = kit.now();
        const revoke = await prepareSessionRevocation(kit, user.id, 'password-change');
        await kit.knex.transaction(async (trx) => {
          await User.query(trx).findById(user.id).patch({ password: hash, updated_at: now });
          await Session.query(trx).where({ user_id: user.id }).whereNot({ id: session.id }).delete();
          await revoke(trx);
        });
        user.password = hash;
        // A new id for this browser too, still remembered if it was, and confirmed: the password was just typed.
        await signIn(ctx, kit, user, {
          remember: session.remember,
          payload: { password_confirmed_at: now.getTime() },
        });
        return { message: 'Password changed' };
      });

      router.route(passwords.confirmedStatus).handle(({ query, ctx, kit }) => ({
        confirmed: passwordConfirmedWithin(ctx, kit, query.seconds ?? PASSWORD_CONFIRMATION_SECONDS),
      }));

      router.route(passwords.confirm).handle(async ({ body, ctx, kit }) => {
        // The confirmation lives in a browser session; a token has none, so answering `confirmed` would be a lie.
        if (!ctx.state.session)
          throw new HttpError(403, 'Confirm your password from the account settings page.');
        await checkOwnPassword(kit, ctx.state.user!, body.password, 'password');
        await markPasswordConfirmed(ctx, kit);
        return { confirmed: true };
      });
    },
  });
