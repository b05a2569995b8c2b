import type { AdminUser, Serializable } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import type { Kit } from '../../kit';
import { requestPermissions } from '../permissions/index';
import { ADMIN_PERMISSION, forgetGuestRole, grants, userAccess } from '../permissions/permissions';
import { displayName } from '../users/serialize-user';

/** A `users` row as the admin lists read it. */
export interface UserRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  language?: string | null;
  country?: string | null;
  timezone?: string | null;
  email_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
  banned_at: Date | null;
  ban_reason: string | null;
  banned_until: Date | null;
}

/** The columns of `users` the admin area shows (never the password or two-factor secrets). */
export const ADMIN_USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.avatar',
  'users.language',
  'users.country',
  'users.timezone',
  'users.email_verified_at',
  'users.created_at',
  'users.updated_at',
  'users.banned_at',
  'users.ban_reason',
  'users.banned_until',
];

const asRestrictions = (value: unknown) => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as { name: string; value?: unknown }[]) : [];
};

/** A page of users with their roles and direct permissions, in three queries whatever the page size. */
export async function adminUsers(knex: Knex, rows: UserRow[]): Promise<Serializable<AdminUser>[]> {
  const ids = rows.map((row) => row.id);
  const roles: { user_id: number; id: number; name: string }[] = ids.length
    ? await knex('user_roles as ur')
        .join('roles as r', 'r.id', 'ur.role_id')
        .whereIn('ur.user_id', ids)
        .orderBy('r.name')
        .select('ur.user_id', 'r.id', 'r.name')
    : [];
  const permissions: { user_id: number; name: string; restrictions: unknown }[] = ids.length
    ? await knex('user_permissions as up')
        .join('permissions as p', 'p.id', 'up.permission_id')
        .whereIn('up.user_id', ids)
        .orderBy('p.name')
        .select('up.user_id', 'p.name', 'up.restrictions')
    : [];
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: displayName(row),
    avatar: row.avatar,
    email_verified_at: row.email_verified_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    roles: roles.filter((role) => role.user_id === row.id).map(({ id, name }) => ({ id, name })),
    permissions: permissions
      .filter((permission) => permission.user_id === row.id)
      .map((permission) => ({
        name: permission.name,
        restrictions: asRestrictions(permission.restrictions),
      })),
    banned_at: row.banned_at,
    ban_reason: row.ban_reason,
    banned_until: row.banned_until,
  })) as Serializable<AdminUser>[];
}

/** One user for the admin area, or 404. */
export async function findAdminUser(knex: Knex, id: number): Promise<UserRow> {
  const row: UserRow | undefined = await knex('users').where('users.id', id).first(ADMIN_USER_COLUMNS);
  if (!row) throw new HttpError(404, 'User not found.');
  return row;
}

/** Whether a user holds `admin` (every permission) or the admin area's own permission. */
export async function isAdmin(knex: Knex, userId: number): Promise<boolean> {
  const { permissions } = await userAccess(knex, userId);
  return permissions.some(
    (permission) => permission.name === ADMIN_PERMISSION || permission.name === 'admin.access',
  );
}

/** Whether a user holds the `admin` permission itself. */
export async function isSuperAdmin(knex: Knex, userId: number): Promise<boolean> {
  const { permissions } = await userAccess(knex, userId);
  return permissions.some((permission) => permission.name === ADMIN_PERMISSION);
}

/**
 * Refuses to hand out what the caller does not hold: an admin with `users.update` but not `admin` cannot give
 * anyone (themselves included) the `admin` permission or a role carrying a permission they lack.
 */
export async function assertCanGrant(
  ctx: Context,
  kit: Kit,
  names: Iterable<string>,
  field: string,
): Promise<void> {
  const held = await requestPermissions(ctx, kit);
  const missing = [...new Set(names)].filter((name) => !grants(held, name));
  if (missing.length)
    throw new HttpError(403, `You cannot give permissions you do not hold yourself: ${missing.join(', ')}.`, {
      [field]: [`You cannot give permissions you do not hold yourself: ${missing.join(', ')}.`],
    });
}

/** The permission names of the given roles (422 on `field` when a role does not exist). */
export async function rolePermissionNames(knex: Knex, roleIds: number[], field: string): Promise<string[]> {
  if (!roleIds.length) return [];
  const found: { id: number }[] = await knex('roles').whereIn('id', roleIds).select('id');
  if (found.length !== new Set(roleIds).size)
    throw new ValidationError({ [field]: ['The selected role is invalid.'] });
  const rows: { name: string }[] = await knex('role_permissions as rp')
    .join('permissions as p', 'p.id', 'rp.permission_id')
    .whereIn('rp.role_id', roleIds)
    .distinct('p.name');
  return rows.map((row) => row.name);
}

/** Permission ids by name (422 on `field` when one is unknown: only permissions modules define can be given). */
export async function permissionIds(
  knex: Knex,
  names: string[],
  field: string,
): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (!unique.length) return new Map();
  const rows: { id: number; name: string }[] = await knex('permissions')
    .whereIn('name', unique)
    .select('id', 'name');
  if (rows.length !== unique.length) {
    const known = new Set(rows.map((row) => row.name));
    throw new ValidationError({
      [field]: [`Unknown permissions: ${unique.filter((name) => !known.has(name)).join(', ')}.`],
    });
  }
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Replaces a user's roles inside `trx`. */
export async function setUserRoles(trx: Knex.Transaction, userId: number, roleIds: number[]): Promise<void> {
  await trx('user_roles').where({ user_id: userId }).delete();
  const unique = [...new Set(roleIds)];
  if (unique.length) await trx('user_roles').insert(unique.map((role_id) => ({ user_id: userId, role_id })));
  forgetGuestRole();
}

/** Replaces a user's direct permissions inside `trx` (restriction values kept for permissions that stay). */
export async function setUserPermissions(
  trx: Knex.Transaction,
  userId: number,
  ids: Map<string, number>,
): Promise<void> {
  const keep = [...ids.values()];
  const query = trx('user_permissions').where({ user_id: userId });
  if (keep.length) query.whereNotIn('permission_id', keep);
  await query.delete();
  if (keep.length)
    await trx('user_permissions')
      .insert(keep.map((permission_id) => ({ user_id: userId, permission_id, restrictions: '[]' })))
      .onConflict(['user_id', 'permission_id'])
      .ignore();
}

/** The fields of a user the audit log compares. */
export function auditedUser(user: Serializable<AdminUser>): Record<string, unknown> {
  return {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    avatar: user.avatar ?? null,
    email_verified: Boolean(user.email_verified_at),
    roles: user.roles.map((role) => role.name),
    permissions: user.permissions.map((permission) => permission.name),
    banned_at: user.banned_at,
    ban_reason: user.ban_reason,
    banned_until: user.banned_until,
  };
}
