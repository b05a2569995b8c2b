import { social } from '@backline/core/contract';
import grant, { type GrantResponse } from 'grant';
import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import { siteOrigin } from '../../http/site-url';
import { defineModule, type Kit } from '../../kit';
import { verifyPassword } from '../../security/password-hasher';
import { LOGIN_LIMIT } from '../auth/index';
import { bootstrapAnswer, completeLogin } from '../auth/login';
import { startSession, updateSessionPayload } from '../sessions/session-store';
import { createUser, findUserByEmail, isUniqueViolation } from '../users/create-user';
import { User } from '../users/user-model';
import { renderCallbackPage, type SocialCallbackData, type SocialStatus } from './callback-page';
import { SOCIAL_FLOWS_TABLE, type SocialFlow, type SocialMode, saveFlow, takeFlow } from './flow-store';
import {
  grantConfig,
  readIdentity,
  SOCIAL_PREFIX,
  type SocialIdentity,
  type SocialOptions,
  type SocialService,
} from './providers';
import { SocialProfile, serializeSocialProfile } from './social-profile-model';

export {
  SOCIAL_SERVICES,
  type SocialOptions,
  type SocialProviderOptions,
  type SocialService,
} from './providers';
export { SocialProfile, serializeSocialProfile } from './social-profile-model';

/** A provider account waiting for the existing account's password (REQUEST_PASSWORD). */
interface PendingSocial {
  service: SocialService;
  user_service_id: string;
  username: string | null;
  user_id: number;
  /** ms since the epoch */
  expires_at: number;
}

declare module 'koa' {
  interface DefaultState {
    /** Grant's per-request input (dynamic overrides) and, after a callback, its result. */
    grant?: { dynamic?: Record<string, unknown>; response?: GrantResponse };
  }
}

declare module '../sessions/session-model' {
  interface SessionPayload {
    /** Set by a social sign-in that found an existing account with the same address; kept server-side only. */
    social_pending?: PendingSocial;
  }
}

/** How long the password dialog may stay open before the social sign-in must start over. */
export const SOCIAL_PENDING_TTL_MS = 10 * 60 * 1000;

export const SOCIAL_MESSAGES = {
  expired: 'This sign-in attempt has expired or was already used. Please try again.',
  stateMismatch: 'This sign-in attempt could not be verified. Please try again.',
  failed: 'Could not sign in with :service. Please try again.',
  denied: 'Sign in with :service was cancelled or refused.',
  noEmail: 'Your :service account did not share a verified email address.',
  notEnabled: ':service sign-in is not enabled.',
  registrationDisabled: 'Registration is disabled.',
  takenByOther: 'This :service account is already connected to another user.',
  noPending: 'There is no social account waiting to be connected. Please sign in again.',
  lastMethod: 'Set a password before disconnecting :service: it is your only way to sign in at the moment.',
} as const;

const SERVICE_NAMES: Record<SocialService, string> = { google: 'Google', facebook: 'Facebook', twitter: 'X' };
const say = (message: string, service: SocialService) => message.replace(':service', SERVICE_NAMES[service]);

type GrantContext = Context & { session?: { grant?: SocialFlow['grant'] } | null };

/**
 * Social sign-in (google, facebook, twitter) through grant, with account linking: the popup routes under
 * `/secure/auth/social/{service}/login|connect`, the provider callback, `POST secure/auth/social/connect`
 * for the password dialog and `POST secure/auth/social/{service}/disconnect`. A provider is offered when its
 * setting `social.{service}.enable` is on and `options.providers` holds its credentials.
 */
export const socialModule = (options: SocialOptions = {}) => {
  const config = grantConfig(options);
  const oauth = grant.koa()(config);
  /**
   * The client id and secret to use: both saved in the admin settings (the integrations page; the secret is
   * stored encrypted) win, so an admin can set or rotate them without a restart; otherwise the ones given in
   * code or env. Half a pair from the settings never mixes with the other half from the options.
   */
  const credentialsFor = async (kit: Kit, service: SocialService) => {
    const id = (await kit.settings.get<string>(`social.${service}.client_id`, ''))?.trim();
    const secret = (await kit.settings.get<string>(`social.${service}.client_secret`, ''))?.trim();
    if (id && secret) return { key: id, secret };
    const given = options.providers?.[service];
    return given?.clientId && given.clientSecret ? { key: given.clientId, secret: given.clientSecret } : null;
  };
  const enabled = async (kit: Kit, service: SocialService) =>
    (await credentialsFor(kit, service)) !== null &&
    (await kit.settings.get<boolean>(`social.${service}.enable`, false)) === true;

  /** Runs grant for this request. Grant reads `ctx.session.grant`; here that is the server-side flow. */
  async function runGrant(
    ctx: Context,
    kit: Kit,
    service: SocialService,
    flow: SocialFlow['grant'] | undefined,
  ) {
    const context = ctx as GrantContext;
    context.session = { grant: flow };
    // The redirect URI follows the site's trusted origin (APP_URL, an allowed Host, else the listening address),
    // the same at both ends; a forged Host must not send the provider's code to another site.
    ctx.state.grant = {
      dynamic: {
        redirect_uri: `${siteOrigin(ctx, kit)}${SOCIAL_PREFIX}/${service}/callback`,
        ...(await credentialsFor(kit, service)),
      },
    };
    let reachedNext = false;
    await oauth(ctx, async () => {
      reachedNext = true;
    });
    const session = context.session?.grant;
    context.session = null;
    return { redirected: !reachedNext, session };
  }

  async function start(ctx: Context, kit: Kit, service: SocialService, mode: SocialMode) {
    const origin = siteOrigin(ctx, kit);
    const page = (status: SocialStatus, data?: SocialCallbackData) =>
      renderCallbackPage(ctx, origin, status, data);
    if (!(await enabled(kit, service)))
      return page('ERROR', { errorMessage: say(SOCIAL_MESSAGES.notEnabled, service) });
    if (mode === 'login' && ctx.state.user) return page('ALREADY_LOGGED_IN');
    if (mode === 'connect' && !ctx.state.user) throw new HttpError(401, 'Unauthenticated.');
    const { redirected, session } = await runGrant(ctx, kit, service, undefined);
    if (!redirected || !session?.state) {
      ctx.status = 200;
      return page('ERROR', { errorMessage: say(SOCIAL_MESSAGES.failed, service) });
    }
    await saveFlow(ctx, kit, { service, mode, userId: ctx.state.user?.id ?? null, grant: session });
  }

  async function callback(ctx: Context, kit: Kit, service: SocialService) {
    const origin = siteOrigin(ctx, kit);
    const page = (status: SocialStatus, data?: SocialCallbackData) =>
      renderCallbackPage(ctx, origin, status, data);
    const error = (message: string) => page('ERROR', { errorMessage: say(message, service) });
    const flow = await takeFlow(ctx, kit);
    if (!flow || flow.service !== service || !flow.grant.state) return error(SOCIAL_MESSAGES.expired);
    // Grant checks the state too, but only when its session has one; this check does not depend on that.
    if (typeof ctx.query.state !== 'string' || ctx.query.state !== flow.grant.state)
      return error(SOCIAL_MESSAGES.stateMismatch);
    if (ctx.query.error) return error(SOCIAL_MESSAGES.denied);
    if (!(await enabled(kit, service))) return error(SOCIAL_MESSAGES.notEnabled);

    await runGrant(ctx, kit, service, flow.grant);
    const response = ctx.state.grant?.response;
    const profile = response?.profile as { error?: unknown } | undefined;
    if (!response || response.error || !profile || profile.error) {
      kit.log.warn(
        `Social sign-in with ${service} failed: ${JSON.stringify(response?.error ?? profile?.error)}`,
      );
      return error(SOCIAL_MESSAGES.failed);
    }
    const identity = readIdentity(service, profile);
    if (!identity) return error(SOCIAL_MESSAGES.failed);

    if (flow.mode === 'connect') {
      const user = ctx.state.user;
      // The popup must come back to the same signed-in user that opened it.
      if (!user || user.id !== flow.userId) return error(SOCIAL_MESSAGES.expired);
      const outcome = await link(kit, user.id, service, identity);
      if (outcome === 'taken') return error(SOCIAL_MESSAGES.takenByOther);
      return page('SUCCESS', { bootstrapData: await bootstrapAnswer(ctx, kit) });
    }

    if (ctx.state.user) return page('ALREADY_LOGGED_IN');
    const linked = await SocialProfile.query(kit.knex).findOne({
      service_name: service,
      user_service_id: identity.id,
    });
    if (linked) {
      const user = await User.query(kit.knex).findById(linked.user_id);
      if (!user) return error(SOCIAL_MESSAGES.failed);
      if (identity.username && identity.username !== linked.username)
        await SocialProfile.query(kit.knex)
          .findById(linked.id)
          .patch({ username: identity.username, updated_at: kit.now() });
      return page('SUCCESS', await loginData(ctx, kit, user));
    }
    if (!identity.email) return error(SOCIAL_MESSAGES.noEmail);

    const existing = await findUserByEmail(kit.knex, identity.email);
    if (existing) {
      // Same address, not linked yet: only the account's password may link them. The provider's answer
      // stays on the server, bound to this browser's session, so the client can never substitute another.
      const pending: PendingSocial = {
        service,
        user_service_id: identity.id,
        username: identity.username,
        user_id: existing.id,
        expires_at: kit.now().getTime() + SOCIAL_PENDING_TTL_MS,
      };
      if (ctx.state.session) await updateSessionPayload(ctx, kit, { social_pending: pending });
      else
        await startSession(ctx, kit, {
          userId: null,
          payload: { social_pending: pending },
          lifetimeMs: SOCIAL_PENDING_TTL_MS,
        });
      return page('REQUEST_PASSWORD', { email: existing.email });
    }

    if (await kit.settings.get<boolean>('registration.disable', false))
      return error(SOCIAL_MESSAGES.registrationDisabled);
    let user: User;
    try {
      user = await kit.knex.transaction(async (trx) => {
        const now = kit.now();
        // The provider vouched for the address; there is no password until the user sets one.
        const created = await createUser(trx, {
          email: identity.email!,
          passwordHash: null,
          first_name: identity.firstName,
          last_name: identity.lastName,
          emailVerifiedAt: now,
          now,
        });
        await SocialProfile.query(trx).insert({
          user_id: created.id,
          service_name: service,
          user_service_id: identity.id,
          username: identity.username,
          created_at: now,
          updated_at: now,
        });
        return created;
      });
    } catch (cause) {
      // A concurrent callback for the same address or provider account won the race.
      if (cause instanceof ValidationError || isUniqueViolation(cause)) return error(SOCIAL_MESSAGES.failed);
      throw cause;
    }
    return page('SUCCESS', await loginData(ctx, kit, user));
  }

  return defineModule({
    id: 'social',
    user: {
      relations: {
        /** The linked provider accounts (never their tokens), for `GET users/{id}?with=social_profiles`. */
        social_profiles: async (kit, user) =>
          (await SocialProfile.query(kit.knex).where({ user_id: user.id }).orderBy('id')).map(
            serializeSocialProfile,
          ),
      },
    },
    migrations: {
      '001-social-profiles': {
        async up(knex) {
          await knex.schema.createTable('social_profiles', (t) => {
            t.increments('id');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
            t.string('service_name', 20).notNullable();
            t.string('user_service_id', 255).notNullable();
            t.string('username', 255);
            t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
            t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
            t.unique(['service_name', 'user_service_id']);
            t.unique(['user_id', 'service_name']);
          });
          await knex.schema.createTable(SOCIAL_FLOWS_TABLE, (t) => {
            t.string('token_hash', 64).primary();
            t.string('service', 20).notNullable();
            t.string('mode', 10).notNullable();
            t.integer('user_id').references('users.id').onDelete('CASCADE');
            t.jsonb('grant').notNullable();
            t.timestamp('expires_at', { useTz: true }).notNullable().index();
            t.timestamp('created_at', { useTz: true }).notNullable();
          });
        },
        async down(knex) {
          await knex.schema.dropTable(SOCIAL_FLOWS_TABLE);
          await knex.schema.dropTable('social_profiles');
        },
      },
    },
    settings: {
      'social.google.enable': { value: false, public: true },
      'social.facebook.enable': { value: false, public: true },
      'social.twitter.enable': { value: false, public: true },
      'social.compact_buttons': { value: false, public: true },
    },
    routes(router) {
      // The popup pages answer HTML or a redirect themselves.
      router.route(social.login).handle(async ({ params, ctx, kit }) => {
        await start(ctx, kit, params.service, 'login');
        return undefined;
      });
      router.route(social.connectPopup).handle(async ({ params, ctx, kit }) => {
        await start(ctx, kit, params.service, 'connect');
        return undefined;
      });
      router.route(social.callback).handle(async ({ params, ctx, kit }) => {
        await callback(ctx, kit, params.service);
        return undefined;
      });
      router.route(social.connect).handle(async ({ body, ctx, kit }) => {
        const pending = ctx.state.session?.payload.social_pending;
        if (!pending || pending.expires_at <= kit.now().getTime())
          throw new HttpError(422, SOCIAL_MESSAGES.noPending);
        const user = await User.query(kit.knex).findById(pending.user_id);
        if (!user) throw new HttpError(422, SOCIAL_MESSAGES.noPending);
        // The same limit as the login form: this is a password guess against the same account.
        const key = `${user.email}|${ctx.ip}`;
        await kit.rateLimits.consume('login', key, { ...LOGIN_LIMIT, field: 'password' });
        if (!(await verifyPassword(user.password, body.password)))
          throw new ValidationError({ password: ['The password is incorrect.'] });
        await updateSessionPayload(ctx, kit, { social_pending: undefined });
        const outcome = await link(kit, user.id, pending.service, {
          id: pending.user_service_id,
          username: pending.username,
          email: null,
          firstName: null,
          lastName: null,
        });
        if (outcome === 'taken') throw new HttpError(422, say(SOCIAL_MESSAGES.takenByOther, pending.service));
        return completeLogin(ctx, kit, user, { remember: body.remember ?? false });
      });
      router.route(social.disconnect).handle(async ({ params, ctx, kit }) => {
        const user = ctx.state.user!;
        await kit.knex.transaction(async (trx) => {
          // Locked, so two parallel disconnects cannot each see "another way in" and remove both.
          await trx('users').where({ id: user.id }).forUpdate().first('id');
          const profiles = await SocialProfile.query(trx).where({ user_id: user.id });
          const target = profiles.find((profile) => profile.service_name === params.service);
          if (!target) return;
          const fresh = await User.query(trx).findById(user.id);
          if (!fresh?.password && profiles.length <= 1)
            throw new HttpError(422, say(SOCIAL_MESSAGES.lastMethod, params.service));
          await SocialProfile.query(trx).deleteById(target.id);
        });
        const remaining = await SocialProfile.query(kit.knex).where({ user_id: user.id }).orderBy('id');
        return { social_profiles: remaining.map(serializeSocialProfile) };
      });
    },
  });
};

/** Signs the user in (or starts their two-factor challenge) and says what the popup reports. */
async function loginData(ctx: Context, kit: Kit, user: User): Promise<SocialCallbackData> {
  const result = await completeLogin(ctx, kit, user, { remember: true });
  return 'two_factor' in result ? { two_factor: true } : { bootstrapData: result.bootstrapData };
}

/** Links a provider account to a user, replacing the user's earlier account of that provider. */
async function link(
  kit: Kit,
  userId: number,
  service: SocialService,
  identity: SocialIdentity,
): Promise<'linked' | 'taken'> {
  return kit.knex.transaction(async (trx) => {
    const now = kit.now();
    const owner = await SocialProfile.query(trx).findOne({
      service_name: service,
      user_service_id: identity.id,
    });
    if (owner && owner.user_id !== userId) return 'taken';
    if (owner) {
      await SocialProfile.query(trx)
        .findById(owner.id)
        .patch({ username: identity.username, updated_at: now });
      return 'linked';
    }
    await SocialProfile.query(trx).where({ user_id: userId, service_name: service }).delete();
    try {
      await SocialProfile.query(trx).insert({
        user_id: userId,
        service_name: service,
        user_service_id: identity.id,
        username: identity.username,
        created_at: now,
        updated_at: now,
      });
    } catch (cause) {
      if (isUniqueViolation(cause)) return 'taken';
      throw cause;
    }
    return 'linked';
  });
}
