import { auth, booleanish } from '@backline/core/contract';
import { z } from 'zod';
import type { BackgroundTasks } from '../../http/background-tasks';
import { HttpError } from '../../http/errors';
import { validateInput } from '../../http/routes';
import { siteUrl } from '../../http/site-url';
import { defineModule } from '../../kit';
import { sendAlreadyRegisteredMail } from '../../mail/account-mails';
import { hashPassword, needsRehash, verifyPassword, warmUpHasher } from '../../security/password-hasher';
import { queueVerificationMail, VERIFICATION_MAIL_LIMIT } from '../email-verification/index';
import { requireHuman } from '../human-check/index';
import { createResetToken } from '../passwords/index';
import { LOGIN_DELAY_HEADER, recordLoginFailure, slowDownForAccount } from '../passwords/login-failures';
import { rememberAccess } from '../permissions/index';
import { signIn, signOut } from '../sessions/session-store';
import { createUser, findUserByEmail, findUserForLogin } from '../users/create-user';
import { User } from '../users/user-model';
import { bootstrapAnswer, completeLogin } from './login';

/** One message for a wrong password, an unknown address and a locked-out login alike. */
export const FAILED_LOGIN_MESSAGE = 'These credentials do not match our records.';
/** 5 login attempts per minute per normalised address and IP. */
export const LOGIN_LIMIT = { points: 5, duration: 60, message: FAILED_LOGIN_MESSAGE, field: 'email' };
/**
 * 30 failed logins per minute per IP, whatever the addresses: one source spraying a password over many accounts
 * (or flooding unknown addresses to load the hasher) gets 429s, checked before anything else. Only failures
 * count, so many people signing in successfully behind one NAT address are never held up; a parallel burst can
 * overshoot by what is in flight, which the hasher's queue cap bounds.
 */
export const LOGIN_IP_LIMIT = { points: 30, duration: 60, message: FAILED_LOGIN_MESSAGE, field: 'email' };
export const NEEDS_VERIFICATION_MESSAGE =
  'We have sent you an email with a link to verify your address. Please check your inbox.';

/** A registration policy (terms, privacy…), from the `registration.policies` setting. */
export type RegistrationPolicy = auth.RegistrationPolicy;

/** One required checkbox per policy, named by its id. */
function policiesSchema(policies: RegistrationPolicy[]) {
  return z.object(
    Object.fromEntries(
      policies.map((policy) => {
        const message = `You must accept the ${policy.label ?? policy.name ?? policy.id}.`;
        return [
          String(policy.id),
          z.unknown().refine((value) => booleanish.safeParse(value).data === true, { message }),
        ];
      }),
    ),
  );
}

/** Register, login and logout. */
export const authModule = (tasks: BackgroundTasks) =>
  defineModule({
    id: 'auth',
    settings: {
      'registration.disable': { value: false, public: true },
      'registration.policies': { value: [], public: true },
    },
    async start() {
      await warmUpHasher();
    },
    async stop() {
      await tasks.drain();
    },
    routes(router) {
      router.route(auth.register).handle(async ({ body, ctx, kit }) => {
        if (await kit.settings.get<boolean>('registration.disable', false))
          throw new HttpError(403, 'Registration is disabled.');
        // The human check is enforced here too, so a client that skips the widget gets nowhere.
        await requireHuman(ctx, kit, 'register', body.recaptcha_token);
        validateInput(
          policiesSchema(await kit.settings.get<RegistrationPolicy[]>('registration.policies', [])),
          body,
        );
        const confirm = await kit.settings.get<boolean>('require_email_confirmation', false);
        if (confirm) await kit.rateLimits.consume('verification-mail', body.email, VERIFICATION_MAIL_LIMIT);
        // Hashed whether or not the address is taken, so both answers take the same time.
        const hash = await hashPassword(body.password);
        const now = kit.now();

        if (!confirm) {
          // Without a mail round-trip there is no way to hide a taken address: it answers 422.
          const user = await kit.knex.transaction((trx) =>
            createUser(trx, { email: body.email, passwordHash: hash, now }),
          );
          await signIn(ctx, kit, user);
          return { status: 'success', bootstrapData: await bootstrapAnswer(ctx, kit) };
        }

        const user = await kit.knex.transaction(async (trx) =>
          (await User.query(trx).findOne({ email: body.email }))
            ? null
            : createUser(trx, { email: body.email, passwordHash: hash, now }),
        );
        if (user) queueVerificationMail(ctx, kit, tasks, user);
        else {
          // The address has an account: its owner hears about it; the answer is the same as for a new one.
          const resetBase = siteUrl(ctx, kit, '/password/reset/');
          tasks.run(ctx, kit.log, 'already registered mail', async () => {
            const existing = await findUserByEmail(kit.knex, body.email);
            if (!existing) return;
            const token = await createResetToken(kit, existing.id);
            await sendAlreadyRegisteredMail(
              kit,
              existing.email,
              `${resetBase}${token}?email=${encodeURIComponent(existing.email)}`,
            );
          });
        }
        return {
          status: 'needs_email_verification',
          message: NEEDS_VERIFICATION_MESSAGE,
          bootstrapData: await bootstrapAnswer(ctx, kit),
        };
      });

      router.route(auth.login).handle(async ({ body, ctx, kit }) => {
        const key = `${body.email}|${ctx.ip}`;
        // `ctx.ip` is the socket's address unless the app trusts a proxy (`proxy`, `TRUST_PROXY`): only then
        // does `X-Forwarded-For` name the client, so a direct caller cannot rotate it to dodge these limits.
        if ((await kit.rateLimits.spent('login-ip', ctx.ip, LOGIN_IP_LIMIT)) >= LOGIN_IP_LIMIT.points)
          await kit.rateLimits.consume('login-ip', ctx.ip, LOGIN_IP_LIMIT); // spent: answers 429 with Retry-After
        // Spent before the check, so parallel guesses cannot all slip in ahead of the count.
        const { spent } = await kit.rateLimits.consume('login', key, LOGIN_LIMIT);
        // Guessing at one account from many IPs is slowed (never locked) by its failures across all of them.
        const delayed = await slowDownForAccount(kit, body.email);
        if (delayed) ctx.set(LOGIN_DELAY_HEADER, String(delayed));
        const found = await findUserForLogin(kit.knex, body.email);
        // Without an account the dummy hash is checked instead: same work, same time, same answer.
        if (!(await verifyPassword(found?.user.password, body.password)) || !found) {
          await recordLoginFailure(kit, body.email);
          // The failure that spends the IP's last point still answers as a failure; the next attempt gets the 429.
          await kit.rateLimits.consume('login-ip', ctx.ip, LOGIN_IP_LIMIT).catch((error) => {
            if (!(error instanceof HttpError && error.status === 429)) throw error;
          });
          throw new HttpError(422, FAILED_LOGIN_MESSAGE, { email: [FAILED_LOGIN_MESSAGE] });
        }
        const { user, access } = found;
        // The roles and permissions came with the user: the bootstrap answer below does not load them again.
        rememberAccess(ctx, user.id, access);
        // Success clears earlier failures. A first attempt leaves its one point (this login counts toward the
        // five a minute), which spares the common case a round trip to the store.
        if (spent > 1) await kit.rateLimits.reset('login', key, LOGIN_LIMIT);
        if (needsRehash(user.password!)) {
          user.password = await hashPassword(body.password);
          await User.query(kit.knex).findById(user.id).patch({ password: user.password });
        }
        return completeLogin(ctx, kit, user, { remember: body.remember });
      });

      router.route(auth.logout).handle(async ({ ctx, kit }) => {
        await signOut(ctx, kit);
        return { bootstrapData: await bootstrapAnswer(ctx, kit) };
      });
    },
  });
