import { createHash, randomBytes } from 'node:crypto';
import {
  apiPath,
  auth,
  emailVerification,
  isServerPath,
  localization,
  system,
} from '@backline/core/contract';
import type { Context, Middleware } from 'koa';
import type { BacklineApp } from '../../create-backline';
import type { BackgroundTasks } from '../../http/background-tasks';
import { HttpError } from '../../http/errors';
import { siteUrl } from '../../http/site-url';
import { defineModule, type Kit } from '../../kit';
import { sendVerificationMail } from '../../mail/account-mails';
import { signIn } from '../sessions/session-store';
import { User } from '../users/user-model';

/** A verification link works for 24 hours. */
export const VERIFICATION_TTL_MS = 24 * 3600 * 1000;
/** 3 verification mails per minute per address. */
export const VERIFICATION_MAIL_LIMIT = { points: 3, duration: 60, field: 'email' };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Mails a verification link to the user's current address, after the response. The token is stored
 * hashed with that address, so a link sent before an address change cannot verify the new one.
 */
export function queueVerificationMail(ctx: Context, kit: Kit, tasks: BackgroundTasks, user: User): void {
  const base = siteUrl(ctx, kit, '/auth/email/verify/');
  tasks.run(ctx, kit.log, 'verification mail', async () => {
    const token = randomBytes(32).toString('base64url');
    const now = kit.now();
    await kit.knex.transaction(async (trx) => {
      // Only the newest link works.
      await trx('email_verification_tokens').where({ user_id: user.id }).delete();
      await trx('email_verification_tokens').insert({
        user_id: user.id,
        email: user.email,
        token_hash: sha256(token),
        created_at: now,
        expires_at: new Date(now.getTime() + VERIFICATION_TTL_MS),
      });
    });
    await sendVerificationMail(kit, user.email, `${base}${token}`);
  });
}

/** What a gated (signed-in, unverified) user's refused API call answers, with status 403. */
export const EMAIL_UNVERIFIED_MESSAGE = 'Your email address is not verified.';

/**
 * The calls a gated user still needs: the bootstrap data and health probe, logging out, switching the language
 * the verify screen is shown in, asking for a new link and following it. Paths come from the contract's routes
 * through its prefix rule, so they cannot drift from where the routes are served.
 */
const GATE_OPEN = new Set(
  [system.health, system.bootstrapData, auth.logout, localization.changeLocale, emailVerification.resend].map(
    (route) => `/${apiPath(route.path)}`,
  ),
);
const VERIFY_LINK = `/${apiPath(emailVerification.verify.path.replace('{token}', ''))}`;

/**
 * With `require_email_confirmation` on, a signed-in user whose address is unverified may call nothing else: the
 * browser shows only the verify screen, and the server refuses the rest with 403 rather than trusting the client
 * (a token or a hand-made request gets the same answer). Pages and assets are left alone so the screen can load.
 */
export const emailVerificationGate: Middleware = async (ctx, next) => {
  const user = ctx.state.user as User | undefined;
  if (!user || user.email_verified_at || !isServerPath(ctx.path)) return next();
  if (GATE_OPEN.has(ctx.path) || ctx.path.startsWith(VERIFY_LINK)) return next();
  const { kit } = ctx.app as BacklineApp;
  if (!(await kit.settings.get<boolean>('require_email_confirmation', false))) return next();
  throw new HttpError(403, EMAIL_UNVERIFIED_MESSAGE);
};

/** Email verification: the mailed link (24 hours, single use) and "send it again". */
export const emailVerificationModule = (tasks: BackgroundTasks) =>
  defineModule({
    id: 'email-verification',
    migrations: {
      '001-email-verification-tokens': {
        async up(knex) {
          await knex.schema.createTable('email_verification_tokens', (t) => {
            t.increments('id');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
            t.string('email', 255).notNullable();
            t.string('token_hash', 64).notNullable().unique();
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.timestamp('expires_at', { useTz: true }).notNullable();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('email_verification_tokens');
        },
      },
    },
    settings: {
      require_email_confirmation: { value: false, public: true },
    },
    middleware: [emailVerificationGate],
    routes(router) {
      router.route(emailVerification.resend).handle(async ({ ctx, kit }) => {
        const user = ctx.state.user!;
        if (user.email_verified_at) return { message: 'Your email address is already verified.' };
        await kit.rateLimits.consume('verification-mail', user.email, VERIFICATION_MAIL_LIMIT);
        queueVerificationMail(ctx, kit, tasks, user);
        return { message: 'A new verification link has been sent to your email address.' };
      });

      router.route(emailVerification.verify).handle(async ({ params, ctx, kit }) => {
        const now = kit.now();
        const verified = await kit.knex.transaction(async (trx) => {
          // Deleting claims the token: it works once.
          const [row]: { user_id: number; email: string; expires_at: Date }[] = await trx(
            'email_verification_tokens',
          )
            .where({ token_hash: sha256(params.token) })
            .delete()
            .returning(['user_id', 'email', 'expires_at']);
          if (!row || row.expires_at.getTime() <= now.getTime()) return null;
          const updated = await User.query(trx)
            .findById(row.user_id)
            .where({ email: row.email })
            .patch({ email_verified_at: now, updated_at: now });
          return updated === 1 ? row.user_id : null;
        });
        // The link signs its owner in on this browser, unless a second factor guards the account (the link alone
        // must not get past it) or they are already signed in here.
        if (verified && ctx.state.user?.id !== verified) {
          const user = await User.query(kit.knex).findById(verified);
          // Read off the row, not through the two-factor module: this module must not depend on it.
          const secondFactor = (user as { two_factor_confirmed_at?: Date | null } | undefined)
            ?.two_factor_confirmed_at;
          if (user && !secondFactor) await signIn(ctx, kit, user);
        }
        ctx.set('Cache-Control', 'no-store');
        ctx.redirect(siteUrl(ctx, kit, verified ? '/?email_verified=1' : '/?email_verification=invalid'));
      });
    },
  });
