import type { Serializable, User as WireUser } from '@backline/core/contract';
import type { Context } from 'koa';
import type { Kit } from '../../kit';
import { type UserAccess, userAccess } from '../permissions/permissions';
import type { User } from './user-model';

/** The user as a handler answers it: the contract's `User` before serialisation (dates may be `Date`s). */
export type UserResource = Serializable<WireUser>;

/** First and last name, or the part of the address before the @. */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email.split('@')[0]!;
}

/**
 * Serialises a user with roles, permissions and subscriptions, plus what each installed module adds through its
 * `user.serialize` hook. `ctx` is the request the user is shown to: hooks add fields only the owner may see (the
 * two-factor recovery codes, with a freshly confirmed password) when it is the user's own request, so callers
 * that answer someone else, or that must not reveal secrets, leave it out. `access` is the user's roles and
 * permissions when the caller loaded them in this request.
 */
export async function serializeUser(
  kit: Kit,
  user: User,
  options: { ctx?: Context; access?: UserAccess } = {},
): Promise<UserResource> {
  // Access the caller loaded with the user in this request (a login) is not loaded again.
  const { roles, permissions } = options.access ?? (await userAccess(kit.knex, user.id));
  const resource: UserResource = {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: displayName(user),
    avatar: user.avatar,
    language: user.language,
    country: user.country,
    timezone: user.timezone,
    email_verified_at: user.email_verified_at,
    created_at: user.created_at,
    updated_at: user.updated_at,
    roles,
    permissions,
    // Billing is another module's; until it contributes, nobody is subscribed.
    subscriptions: [],
  };
  const view = { ctx: options.ctx, own: options.ctx?.state.user?.id === user.id };
  for (const module of kit.modules)
    if (module.user?.serialize) Object.assign(resource, await module.user.serialize(kit, user, view));
  return resource;
}
