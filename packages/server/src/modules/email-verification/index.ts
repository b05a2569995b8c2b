import { createHash, randomBytes } from 'node:crypto';
import { emailVerification } from '@backline/core/contract';
import type { Context } from 'koa';
import { defineModule, type Kit } from '../../kit';
import type { BackgroundTasks } from '../accounts/background';
import { sendVerificationMail } from '../accounts/mails';
import { siteUrl } from '../accounts/site-url';
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
  tasks.run(kit.log, 'verification mail', async () => {
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
          if (!row || row.expires_at.getTime() <= now.getTime()) return false;
          const updated = await User.query(trx)
            .findById(row.user_id)
            .where({ email: row.email })
            .patch({ email_verified_at: now, updated_at: now });
          return updated === 1;
        });
        ctx.set('Cache-Control', 'no-store');
        ctx.redirect(siteUrl(ctx, kit, verified ? '/?email_verified=1' : '/?email_verification=invalid'));
      });
    },
  });
