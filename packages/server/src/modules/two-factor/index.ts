import { twoFactor } from '@backline/core/contract';
import type { Context } from 'koa';
import QRCode from 'qrcode';
import { encodeBootstrap } from '../../bootstrap/bootstrap';
import { HttpError, ValidationError } from '../../http/errors';
import { defineModule, type Kit } from '../../kit';
import { passwordConfirmedWithin, requireConfirmedPassword } from '../passwords/confirmation';
import { recordLoginFailure } from '../passwords/login-failures';
import { signIn, signOut, updateSessionPayload } from '../sessions/session-store';
import { serializeUser } from '../users/serialize-user';
import { User } from '../users/user-model';
import { CHALLENGE_MAX_ATTEMPTS } from './challenge';
import {
  encryptTwoFactor,
  generateRecoveryCodes,
  readRecoveryCodes,
  readSecret,
  storeRecoveryCodes,
} from './secrets';
import { consumeTotp, generateTotpSecret, otpauthUrl, safeEqual } from './totp';

declare module '../users/user-model' {
  /** The columns this module adds to `users` (its migration `001-two-factor-columns`). */
  interface User {
    /** Encrypted at rest. */
    two_factor_secret: string | null;
    /** Encrypted JSON list at rest. */
    two_factor_recovery_codes: string | null;
    two_factor_confirmed_at: Date | null;
    /** The last TOTP time step accepted, so a code cannot be used twice. */
    two_factor_last_step: number | null;
  }
}

/** 5 two-factor attempts per minute per pending login (challenge), and per user for confirmations. */
export const TWO_FACTOR_LIMIT = { points: 5, duration: 60 };
const INVALID_CODE = 'The provided two factor authentication code was invalid.';
const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';
const EXPIRED = 'Your login attempt has expired. Please log in again.';

/**
 * Spends a recovery code: inside a transaction that locks the user's row, so a code works exactly once even
 * when two requests race with it.
 */
async function consumeRecoveryCode(kit: Kit, userId: number, code: string): Promise<boolean> {
  return kit.knex.transaction(async (trx) => {
    const user = await User.query(trx).findById(userId).forUpdate();
    if (!user) return false;
    const codes = readRecoveryCodes(kit, user);
    const index = codes.findIndex((candidate) => safeEqual(candidate, code));
    if (index < 0) return false;
    codes.splice(index, 1);
    await storeRecoveryCodes(kit, trx, userId, codes);
    return true;
  });
}

/** The user, freshly read, with the codes the owner may see (password just confirmed). */
async function ownerView(ctx: Context, kit: Kit, userId: number) {
  const user = await User.query(kit.knex).findById(userId);
  if (!user) throw new HttpError(404, 'Not found.');
  // Every caller confirmed the password just before: the owner sees the codes.
  return { user: await serializeUser(kit, user, { ctx }) };
}

/**
 * Two-factor authentication: TOTP secrets and recovery codes (encrypted at rest), the login challenge, and
 * the endpoints that enable, confirm, show, regenerate and disable it. Install after `sessions`.
 */
export const twoFactorModule = () => {
  // The secret, the codes and the last step never reach JSON, whatever serialises a user.
  for (const column of ['two_factor_secret', 'two_factor_recovery_codes', 'two_factor_last_step'])
    User.secretColumns.add(column);
  return defineModule({
    id: 'two-factor',
    user: {
      /**
       * Whether two-factor is on, for everyone who sees the user; the recovery codes only to the owner, with a
       * password confirmed in this session: they are a second factor in themselves.
       */
      serialize: (kit, user, { ctx, own }) => ({
        two_factor_confirmed_at: user.two_factor_confirmed_at,
        two_factor_recovery_codes:
          own && ctx && passwordConfirmedWithin(ctx, kit) ? readRecoveryCodes(kit, user) : [],
        // The owner's panel state comes from the stored enablement (a secret exists), not from whether the codes
        // were sent: enabled but unconfirmed stays "pending" in every later session, with its secrets still
        // behind the password window.
        ...(own && { two_factor_enabled: Boolean(user.two_factor_secret) }),
      }),
    },
    migrations: {
      '001-two-factor-columns': {
        async up(knex) {
          await knex.schema.alterTable('users', (t) => {
            t.text('two_factor_secret');
            t.text('two_factor_recovery_codes');
            t.timestamp('two_factor_confirmed_at', { useTz: true });
            t.integer('two_factor_last_step');
          });
        },
        async down(knex) {
          await knex.schema.alterTable('users', (t) => {
            t.dropColumns(
              'two_factor_secret',
              'two_factor_recovery_codes',
              'two_factor_confirmed_at',
              'two_factor_last_step',
            );
          });
        },
      },
    },
    routes(router) {
      router.route(twoFactor.challenge).handle(async ({ body, ctx, kit }) => {
        const field = body.code ? 'code' : 'recovery_code';
        const challenge = ctx.state.session?.payload.two_factor_challenge;
        if (!challenge || challenge.expires_at <= kit.now().getTime())
          throw new ValidationError({ [field]: [EXPIRED] }, EXPIRED);
        // Counted per pending login, never per account: someone who holds the password can open challenges of
        // their own, and their wrong codes must not make the owner's right code (in the owner's login) answer
        // 429. Each challenge also ends after CHALLENGE_MAX_ATTEMPTS wrong codes, and every wrong code slows
        // the account's next password checks, so guessing over many logins stays slow.
        const challengeKey = `challenge:${challenge.id ?? challenge.user_id}`;
        await kit.rateLimits.consume('two-factor', challengeKey, { ...TWO_FACTOR_LIMIT, field });
        const user = await User.query(kit.knex).findById(challenge.user_id);
        const secret = user?.two_factor_confirmed_at ? readSecret(kit, user) : null;
        const valid =
          !!user &&
          !!secret &&
          (body.code
            ? await consumeTotp(kit.knex, user.id, secret, body.code, kit.now())
            : await consumeRecoveryCode(kit, user.id, body.recovery_code!));
        if (!valid) {
          if (user) await recordLoginFailure(kit, user.email);
          const attempts = challenge.attempts + 1;
          // Past the cap the pending login is gone: guessing must start over from the password.
          if (attempts >= CHALLENGE_MAX_ATTEMPTS) await signOut(ctx, kit);
          else await updateSessionPayload(ctx, kit, { two_factor_challenge: { ...challenge, attempts } });
          const message = body.code ? INVALID_CODE : INVALID_RECOVERY_CODE;
          throw new ValidationError({ [field]: [message] }, message);
        }
        await kit.rateLimits.reset('two-factor', challengeKey, TWO_FACTOR_LIMIT);
        // A new session id on completion; the pending one is deleted.
        await signIn(ctx, kit, user, { remember: challenge.remember });
        return { bootstrapData: encodeBootstrap(await kit.bootstrap(ctx)) };
      });

      router.route(twoFactor.enable).handle(async ({ ctx, kit }) => {
        requireConfirmedPassword(ctx, kit);
        const user = ctx.state.user!;
        // Enabling twice keeps the secret the user may already have scanned; disable first to start over.
        if (!user.two_factor_secret) {
          const patch = {
            ...encryptTwoFactor(kit, user.id, {
              secret: generateTotpSecret(),
              codes: generateRecoveryCodes(),
            }),
            two_factor_confirmed_at: null,
            two_factor_last_step: null,
          };
          await User.query(kit.knex).findById(user.id).patch(patch);
        }
        return ownerView(ctx, kit, user.id);
      });

      router.route(twoFactor.disable).handle(async ({ ctx, kit }) => {
        requireConfirmedPassword(ctx, kit);
        await User.query(kit.knex).findById(ctx.state.user!.id).patch({
          two_factor_secret: null,
          two_factor_recovery_codes: null,
          two_factor_confirmed_at: null,
          two_factor_last_step: null,
        });
        return ownerView(ctx, kit, ctx.state.user!.id);
      });

      router.route(twoFactor.qrCode).handle(async ({ ctx, kit }) => {
        // The secret is a second factor in itself, so showing it needs the same fresh confirmation.
        requireConfirmedPassword(ctx, kit);
        const user = ctx.state.user!;
        const secret = readSecret(kit, user);
        if (!secret) throw new HttpError(404, 'Two factor authentication is not enabled.');
        const issuer = await kit.settings.get<string>('branding.site_name', 'Backline');
        const svg = await QRCode.toString(otpauthUrl(user.email, issuer, secret), {
          type: 'svg',
          margin: 1,
        });
        ctx.set('Cache-Control', 'no-store');
        return { svg, secret };
      });

      router.route(twoFactor.confirm).handle(async ({ body, ctx, kit }) => {
        requireConfirmedPassword(ctx, kit);
        const user = ctx.state.user!;
        await kit.rateLimits.consume('two-factor', String(user.id), {
          ...TWO_FACTOR_LIMIT,
          field: 'code',
        });
        const secret = readSecret(kit, user);
        if (!secret || !(await consumeTotp(kit.knex, user.id, secret, body.code, kit.now())))
          throw new ValidationError({ code: [INVALID_CODE] }, INVALID_CODE);
        await kit.rateLimits.reset('two-factor', String(user.id), TWO_FACTOR_LIMIT);
        await User.query(kit.knex).findById(user.id).patch({ two_factor_confirmed_at: kit.now() });
        return ownerView(ctx, kit, user.id);
      });

      router.route(twoFactor.regenerateRecoveryCodes).handle(async ({ ctx, kit }) => {
        requireConfirmedPassword(ctx, kit);
        const user = ctx.state.user!;
        if (!user.two_factor_secret) throw new HttpError(404, 'Two factor authentication is not enabled.');
        await storeRecoveryCodes(kit, kit.knex, user.id, generateRecoveryCodes());
        return ownerView(ctx, kit, user.id);
      });
    },
  });
};
