import type { Serializable, User as WireUser } from '@backline/core/contract';
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
 * Serialises a user with roles, permissions and subscriptions. Recovery codes are a second way past
 * two-factor, so they are only included when `recoveryCodes` is given (the caller decides: the owner, with a
 * freshly confirmed password). `access` is the user's roles and permissions when the caller loaded them in this
 * request.
 */
export async function serializeUser(
  kit: Kit,
  user: User,
  options: { recoveryCodes?: string[]; access?: UserAccess } = {},
): Promise<UserResource> {
  // Access the caller loaded with the user in this request (a login) is not loaded again.
  const { roles, permissions } = options.access ?? (await userAccess(kit.knex, user.id));
  return {
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
    two_factor_confirmed_at: user.two_factor_confirmed_at,
    two_factor_recovery_codes: options.recoveryCodes ?? [],
  };
}
