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
 * `backline_user_access(for_user)`: the roles (`[[id, name], …]`) and permission grants (`[[name, restrictions],
 * …]`, the user's own first, then by name) of a user, as two JSON columns `access_roles` and `access_grants`.
 * Every login and every signed-in request asks for them. A PL/pgSQL function keeps its query plans for the
 * connection, so the four-table query is not planned again on every call, and planning was most of its cost
 * (measured hot: PostgreSQL's time 0.15 → 0.04 ms, PGlite's 0.6 → 0.25 ms; docs/benchmarks.md). It reads the
 * tables at every call, so nothing outlives a revocation. Changing it takes a new migration that replaces it.
 */
export const USER_ACCESS_FUNCTION = `create or replace function backline_user_access(
    for_user integer, out access_roles json, out access_grants json
  ) language plpgsql stable as $fn$
begin
  select json_agg(json_build_array(r.id, r.name)) into access_roles
    from user_roles as ur join roles as r on r.id = ur.role_id
    where ur.user_id = for_user;
  select json_agg(json_build_array(p.name, g.restrictions) order by g.direct desc, p.name) into access_grants
    from (
      select up.permission_id, up.restrictions, true as direct from user_permissions as up
        where up.user_id = for_user
      union all
      select rp.permission_id, rp.restrictions, false as direct from user_roles as ur
        join role_permissions as rp on rp.role_id = ur.role_id
        where ur.user_id = for_user
    ) as g
    join permissions as p on p.id = g.permission_id;
end
$fn$`;

/**
 * Reads the two columns of `backline_user_access`. When two assignments name the same permission, the first
 * wins: the user's own restrictions over a role's.
 */
export function accessFromColumns(row: { access_roles?: unknown; access_grants?: unknown }): UserAccess {
  const roles = (asList(row.access_roles) as [number, string][])
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.id - b.id);
  const grants = new Map<string, PermissionGrant>();
  for (const [name, restrictions] of asList(row.access_grants) as [string, unknown][])
    if (!grants.has(name)) grants.set(name, { name, restrictions: asRestrictions(restrictions) });
  return { roles, permissions: [...grants.values()] };
}

const asList = (value: unknown): unknown[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed : [];
};

/**
 * A user's roles and effective permissions, in one query (bootstrap data and the route guard ask on every
 * request). Never cached across requests: a revoked permission must stop working at once, in every process.
 */
export async function userAccess(knex: Knex, userId: number): Promise<UserAccess> {
  const row = await knex
    .select('access_roles', 'access_grants')
    .from(knex.raw('backline_user_access(?)', [userId]))
    .first();
  return accessFromColumns(row ?? {});
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

let guestGeneration = 0;

/** Counts `forgetGuestRole` calls: a reused guests role loaded before the last one is stale. */
export const guestRoleGeneration = () => guestGeneration;

/**
 * Forgets every reused guests role in this process (see the `guestRoleCacheMs` option), so the next visitor's
 * request loads it again. `grantToRole` calls it; so must any other code that changes roles or their
 * permissions while an app reuses the guests role.
 */
export function forgetGuestRole(): void {
  guestGeneration++;
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
  forgetGuestRole();
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
