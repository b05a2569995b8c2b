import type { Knex } from 'knex';
import type { Restriction } from './models';

/** A permission as users, roles and the browser see it: a name plus this assignment's restriction values. */
export interface PermissionGrant {
  name: string;
  restrictions: Restriction[];
}

/** The permission that grants every other one. */
export const ADMIN_PERMISSION = 'admin';

const asRestrictions = (value: unknown): Restriction[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as Restriction[]) : [];
};

/** A user's roles and effective permissions. */
export interface UserAccess {
  roles: { id: number; name: string }[];
  permissions: PermissionGrant[];
}

/**
 * A user's roles and effective permissions, in one query (bootstrap data and the route guard ask on every
 * request). When two assignments name the same permission, the user's own restrictions win over a role's.
 */
export async function userAccess(knex: Knex, userId: number): Promise<UserAccess> {
  const rows: {
    role_id: number | null;
    role_name: string | null;
    permission: string | null;
    restrictions: unknown;
    direct: boolean;
  }[] = await knex
    .select(
      'r.id as role_id',
      'r.name as role_name',
      'p.name as permission',
      'rp.restrictions',
      knex.raw('false as direct'),
    )
    .from('user_roles as ur')
    .join('roles as r', 'r.id', 'ur.role_id')
    .leftJoin('role_permissions as rp', 'rp.role_id', 'r.id')
    .leftJoin('permissions as p', 'p.id', 'rp.permission_id')
    .where('ur.user_id', userId)
    .unionAll((q) =>
      q
        .select(
          knex.raw('null::integer as role_id'),
          knex.raw('null::varchar as role_name'),
          'p.name as permission',
          'up.restrictions',
          knex.raw('true as direct'),
        )
        .from('user_permissions as up')
        .join('permissions as p', 'p.id', 'up.permission_id')
        .where('up.user_id', userId),
    );
  const roles = new Map<number, string>();
  const grants = new Map<string, PermissionGrant>();
  for (const row of rows.sort((a, b) => Number(b.direct) - Number(a.direct))) {
    if (row.role_id !== null && row.role_name !== null) roles.set(row.role_id, row.role_name);
    if (row.permission && !grants.has(row.permission))
      grants.set(row.permission, { name: row.permission, restrictions: asRestrictions(row.restrictions) });
  }
  return {
    roles: [...roles].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name })),
    permissions: [...grants.values()],
  };
}

/** A user's effective permissions (see `userAccess`). */
export async function userPermissions(knex: Knex, userId: number): Promise<PermissionGrant[]> {
  return (await userAccess(knex, userId)).permissions;
}

/** The guests role with its permissions: what a visitor may do. One query; every visitor's bootstrap asks. */
export async function guestRole(
  knex: Knex,
): Promise<{ id: number; name: string; permissions: PermissionGrant[] } | null> {
  const rows: { id: number; name: string; permission: string | null; restrictions: unknown }[] = await knex(
    'roles as r',
  )
    .leftJoin('role_permissions as rp', 'rp.role_id', 'r.id')
    .leftJoin('permissions as p', 'p.id', 'rp.permission_id')
    .where('r.guests', true)
    .orderBy('r.id')
    .orderBy('p.name')
    .select('r.id', 'r.name', 'p.name as permission', 'rp.restrictions');
  const first = rows[0];
  if (!first) return null;
  return {
    id: first.id,
    name: first.name,
    permissions: rows
      .filter((row) => row.id === first.id && row.permission)
      .map((row) => ({ name: row.permission!, restrictions: asRestrictions(row.restrictions) })),
  };
}

/** True when the list holds the permission, or `admin`, which grants every permission. */
export function grants(permissions: PermissionGrant[], name: string): boolean {
  return permissions.some((p) => p.name === name || p.name === ADMIN_PERMISSION);
}

/** The permission's id, creating the row when it does not exist yet. */
export async function ensurePermission(knex: Knex, name: string, description?: string): Promise<number> {
  await knex('permissions')
    .insert({ name, description: description ?? null, restrictions: JSON.stringify([]) })
    .onConflict('name')
    .ignore();
  const row: { id: number } = await knex('permissions').where({ name }).first('id');
  return row.id;
}

/** Gives a role a permission (with restriction values); idempotent. */
export async function grantToRole(
  knex: Knex,
  roleId: number,
  permission: string,
  restrictions: Restriction[] = [],
): Promise<void> {
  const permissionId = await ensurePermission(knex, permission);
  await knex('role_permissions')
    .insert({ role_id: roleId, permission_id: permissionId, restrictions: JSON.stringify(restrictions) })
    .onConflict(['role_id', 'permission_id'])
    .merge(['restrictions']);
}

/** Gives a user a permission directly (with restriction values); idempotent. */
export async function grantToUser(
  knex: Knex,
  userId: number,
  permission: string,
  restrictions: Restriction[] = [],
): Promise<void> {
  const permissionId = await ensurePermission(knex, permission);
  await knex('user_permissions')
    .insert({ user_id: userId, permission_id: permissionId, restrictions: JSON.stringify(restrictions) })
    .onConflict(['user_id', 'permission_id'])
    .merge(['restrictions']);
}

/** Adds roles to a user by name; idempotent. */
export async function assignRoles(knex: Knex, userId: number, roleNames: string[]): Promise<void> {
  if (!roleNames.length) return;
  const roles: { id: number }[] = await knex('roles').whereIn('name', roleNames).select('id');
  if (!roles.length) return;
  await knex('user_roles')
    .insert(roles.map((role) => ({ user_id: userId, role_id: role.id })))
    .onConflict(['user_id', 'role_id'])
    .ignore();
}

/** Gives a new user every default role. */
export async function assignDefaultRoles(knex: Knex, userId: number): Promise<void> {
  const roles: { id: number }[] = await knex('roles').where({ default: true }).select('id');
  if (!roles.length) return;
  await knex('user_roles')
    .insert(roles.map((role) => ({ user_id: userId, role_id: role.id })))
    .onConflict(['user_id', 'role_id'])
    .ignore();
}
