import { accessTokens } from '@backline/core/contract';
import type { Middleware } from 'koa';
import { HttpError } from '../../http/errors';
import { defineModule, type Kit } from '../../kit';
import { can } from '../permissions/index';
import { ensurePermission, grantToRole } from '../permissions/permissions';
import { describeSession } from '../sessions/describe-session';
import type { Session } from '../sessions/session-model';
import { addSessionRevoker, addSessionSource } from '../sessions/session-sources';
import { hasBearerToken } from '../sessions/session-store';
import {
  createAccessToken,
  findAccessToken,
  PersonalAccessToken,
  serializeToken,
  touchAccessToken,
} from './tokens';

/** The permission a user needs to create and use personal access tokens. */
export const API_ACCESS_PERMISSION = accessTokens.API_ACCESS_PERMISSION;
const API_DISABLED = 'API access is disabled.';
/** Setting: whether a password change ends the user's API tokens (on by default). */
export const REVOKE_ON_PASSWORD_CHANGE = 'api.revoke_tokens_on_password_change';
const UNAUTHENTICATED = 'Unauthenticated.';

/** Whether the site offers API access (public setting `api.integrated`). */
const apiIntegrated = (kit: Kit) => kit.settings.get<boolean>('api.integrated', false);

/**
 * Authenticates `Authorization: Bearer {id}|{secret}`. A bad token answers 401 at once, never falling back to
 * the cookie (the sessions middleware skips the cookie whenever a Bearer header is present). A good token
 * needs `api.integrated` on and the user's `api.access`, else 403.
 */
function bearerMiddleware(kit: Kit): Middleware {
  return async (ctx, next) => {
    ctx.state.accessToken = null;
    if (!hasBearerToken(ctx)) return next();
    const plain = ctx
      .get('Authorization')
      .replace(/^Bearer\s+/i, '')
      .trim();
    const token = await findAccessToken(kit, plain);
    if (!token) throw new HttpError(401, UNAUTHENTICATED, undefined, { 'WWW-Authenticate': 'Bearer' });
    const user = token.user!;
    delete token.user;
    ctx.state.user = user;
    ctx.state.session = null;
    ctx.state.accessToken = token;
    if (!(await apiIntegrated(kit))) throw new HttpError(403, API_DISABLED);
    if (!(await can(ctx, kit, API_ACCESS_PERMISSION)))
      throw new HttpError(403, 'You do not have permission to do this.');
    await touchAccessToken(ctx, kit, token);
    await next();
  };
}

export interface AccessTokensOptions {
  /**
   * Roles given `api.access` when the permission is first created (once: later changes by an admin stick).
   * None by default; the music site passes `['users']`.
   */
  apiAccessRoles?: string[];
}

/**
 * Personal access tokens, Sanctum-style: `personal_access_tokens` (SHA-256 of the secret only), Bearer
 * authentication without XSRF, token sessions in `GET user-sessions`, and `POST`/`DELETE access-tokens`.
 * Gated by the public setting `api.integrated` (off by default) and the `api.access` permission (no role holds
 * it by default; see `apiAccessRoles`). Install after `sessions`.
 */
export const accessTokensModule = (options: AccessTokensOptions = {}) =>
  defineModule({
    id: 'access-tokens',
    user: {
      relations: {
        /** `GET users/{id}?with=tokens`: token names are the owner's business only. */
        tokens: async (kit, user, { own }) =>
          own
            ? (await PersonalAccessToken.query(kit.knex).where({ user_id: user.id }).orderBy('id')).map(
                serializeToken,
              )
            : [],
      },
    },
    migrations: {
      '001-personal-access-tokens': {
        async up(knex) {
          await knex.schema.createTable('personal_access_tokens', (t) => {
            t.increments('id');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
            t.string('name', 100).notNullable();
            t.string('token', 64).notNullable().unique();
            t.jsonb('abilities');
            t.timestamp('last_used_at', { useTz: true });
            // Where the token was last used from: the token's row in the sessions list.
            t.string('ip_address', 45);
            t.string('user_agent', 500);
            t.timestamp('expires_at', { useTz: true });
            t.timestamps(true, true);
          });
        },
        async down(knex) {
          await knex.schema.dropTable('personal_access_tokens');
        },
      },
    },
    permissions: [{ name: API_ACCESS_PERMISSION, description: 'Create and use personal API access tokens' }],
    settings: {
      'api.integrated': { value: false, public: true },
      // A password change ends the user's tokens (a reset and "log out other sessions" always do). Off keeps
      // them over a change, for sites whose integrations must survive routine password rotation.
      [REVOKE_ON_PASSWORD_CHANGE]: { value: true },
    },
    session: bearerMiddleware,
    routes(router) {
      router.route(accessTokens.create).handle(async ({ body, ctx, kit }) => {
        if (!(await apiIntegrated(kit))) throw new HttpError(403, API_DISABLED);
        const { token, plainTextToken } = await createAccessToken(
          kit,
          ctx.state.user!.id,
          body.tokenName.trim(),
          body.abilities,
        );
        return { token: serializeToken(token), plainTextToken };
      });
      router.route(accessTokens.remove).handle(async ({ params, ctx, kit }) => {
        // Another user's token answers like a missing one: its existence is not revealed.
        const deleted = await PersonalAccessToken.query(kit.knex)
          .where({ id: params.id, user_id: ctx.state.user!.id })
          .delete();
        if (!deleted) throw new HttpError(404, 'Not found.');
        return {};
      });
    },
    async start(kit) {
      const known = await kit.knex('permissions').where({ name: API_ACCESS_PERMISSION }).first('id');
      if (!known) {
        await ensurePermission(kit.knex, API_ACCESS_PERMISSION, 'Create and use personal API access tokens');
        const roles: { id: number }[] = options.apiAccessRoles?.length
          ? await kit.knex('roles').whereIn('name', options.apiAccessRoles).select('id')
          : [];
        for (const role of roles) await grantToRole(kit.knex, role.id, API_ACCESS_PERMISSION);
      }
      addSessionRevoker(kit, async (kit, userId, reason) => {
        if (
          reason === 'password-change' &&
          !(await kit.settings.get<boolean>(REVOKE_ON_PASSWORD_CHANGE, true))
        )
          return null;
        return (trx) => trx('personal_access_tokens').where({ user_id: userId }).delete();
      });
      addSessionSource(kit, async (ctx, kit, userId) => {
        const tokens = await PersonalAccessToken.query(kit.knex)
          .where({ user_id: userId })
          .whereNotNull('last_used_at')
          .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', kit.now()))
          .orderBy('last_used_at', 'desc');
        return tokens.map((token) => ({
          // Negative ids keep token sessions apart from browser sessions, whose ids are positive.
          ...describeSession(
            {
              id: -token.id,
              ip_address: token.ip_address,
              user_agent: token.user_agent,
              last_active: token.last_used_at!,
            } as Session,
            undefined,
          ),
          token: token.name,
          is_current_device: ctx.state.accessToken?.id === token.id,
        }));
      });
    },
  });
