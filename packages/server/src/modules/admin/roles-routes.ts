import {
  type AdminRole,
  admin,
  type Restriction,
  type RestrictionDefinition,
  restrictionField,
  restrictionValueProblem,
  type Serializable,
} from '@backline/core/contract';
import type { Knex } from 'knex';
import { HttpError, ValidationError } from '../../http/errors';
import { listPage } from '../../http/list-endpoint';
import type { BacklineRouter } from '../../http/routes';
import type { Kit } from '../../kit';
import { isUniqueViolation } from '../users/create-user';
import { assertCanGrant, permissionIds } from './admin-users';
import { recordAudit } from './audit-log';

interface RoleRow {
  id: number;
  name: string;
  description: string | null;
  default: boolean;
  guests: boolean;
  created_at: Date;
  users_count: string | number;
}

const NAME_TAKEN = 'The name has already been taken.';

const asRestrictions = (value: unknown) => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as { name: string; value?: unknown }[]) : [];
};

const roleColumns = (knex: Knex) => [
  'roles.id',
  'roles.name',
  'roles.description',
  'roles.default',
  'roles.guests',
  'roles.created_at',
  knex('user_roles').count('*').whereRaw('user_roles.role_id = roles.id').as('users_count'),
];

/** A page of roles with their permissions, in two queries. */
async function adminRoles(knex: Knex, rows: RoleRow[]): Promise<Serializable<AdminRole>[]> {
  const ids = rows.map((row) => row.id);
  const grants: { role_id: number; name: string; restrictions: unknown }[] = ids.length
    ? await knex('role_permissions as rp')
        .join('permissions as p', 'p.id', 'rp.permission_id')
        .whereIn('rp.role_id', ids)
        .orderBy('p.name')
        .select('rp.role_id', 'p.name', 'rp.restrictions')
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    default: Boolean(row.default),
    guests: Boolean(row.guests),
    users_count: Number(row.users_count),
    created_at: row.created_at,
    permissions: grants
      .filter((grant) => grant.role_id === row.id)
      .map((grant) => ({ name: grant.name, restrictions: asRestrictions(grant.restrictions) })),
  }));
}

async function findRole(knex: Knex, id: number) {
  const row: RoleRow | undefined = await knex('roles').where('roles.id', id).first(roleColumns(knex));
  if (!row) throw new HttpError(404, 'Role not found.');
  const [role] = await adminRoles(knex, [row]);
  return role!;
}

const audited = (role: Serializable<AdminRole>) => ({
  name: role.name,
  description: role.description,
  default: role.default,
  permissions: role.permissions.map((permission) => permission.name),
  // Limits are part of what a role allows, so a changed one shows in the log (`playlists.create.count: 5`).
  restrictions: Object.fromEntries(
    role.permissions.flatMap((permission) =>
      (permission.restrictions ?? []).map((restriction) => [
        `${permission.name}.${restriction.name}`,
        restriction.value,
      ]),
    ),
  ),
});

type PermissionInput = { name: string; restrictions?: { name: string; value?: unknown }[] | undefined };

/**
 * The restrictions each permission understands: what the installed modules declare (`permissions[].restrictions`),
 * else what its `permissions` row says (permissions made outside a module definition).
 */
async function restrictionDefinitions(
  kit: Kit,
  names: string[],
): Promise<Map<string, RestrictionDefinition[]>> {
  const declared = new Map<string, RestrictionDefinition[]>();
  for (const module of kit.modules)
    for (const permission of module.permissions ?? [])
      if (permission.restrictions?.length) declared.set(permission.name, permission.restrictions);
  const rows: { name: string; restrictions: unknown }[] = names.length
    ? await kit.knex('permissions').whereIn('name', names).select('name', 'restrictions')
    : [];
  return new Map(
    rows.map((row) => [row.name, declared.get(row.name) ?? definitionsOf(asRestrictions(row.restrictions))]),
  );
}

/** Restriction definitions from a `permissions` row, whose entries may be bare `{name}` pairs. */
const definitionsOf = (list: { name: string }[]): RestrictionDefinition[] =>
  list.filter((entry) => typeof entry?.name === 'string').map((entry) => ({ ...entry, name: entry.name }));

/**
 * A role's permissions with their restriction values checked against the definitions: an unknown restriction
 * name, the same name twice or a value that does not fit is a 422 under `restrictions.<permission>[.<name>]`
 * (the editor's field for it); an empty value means "no limit" and is dropped.
 */
async function checkedPermissions(kit: Kit, permissions: PermissionInput[]): Promise<PermissionInput[]> {
  const definitions = await restrictionDefinitions(
    kit,
    permissions.map((permission) => permission.name),
  );
  const errors: Record<string, string[]> = {};
  const checked = permissions.map((permission) => {
    const known = definitions.get(permission.name) ?? [];
    const seen = new Set<string>();
    const restrictions: Restriction[] = [];
    for (const restriction of permission.restrictions ?? []) {
      const definition = known.find((entry) => entry.name === restriction.name);
      if (!definition || seen.has(restriction.name)) {
        errors[restrictionField(permission.name)] = [
          definition
            ? `The restriction "${restriction.name}" is given twice.`
            : `${permission.name} has no restriction named "${restriction.name}".`,
        ];
        continue;
      }
      seen.add(restriction.name);
      const value = restriction.value;
      if (value === undefined || value === null || value === '') continue;
      const problem = restrictionValueProblem(definition, value);
      if (problem) {
        errors[restrictionField(permission.name, restriction.name)] = [
          problem.message.replace(/:(min|max)/g, (_, key: string) => String(problem.values?.[key])),
        ];
        continue;
      }
      restrictions.push({ name: restriction.name, value });
    }
    return { name: permission.name, restrictions };
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return checked;
}

/** Replaces a role's permissions inside `trx`. */
async function setRolePermissions(trx: Knex.Transaction, roleId: number, permissions: PermissionInput[]) {
  const ids = await permissionIds(
    trx,
    permissions.map((permission) => permission.name),
    'permissions',
  );
  await trx('role_permissions').where({ role_id: roleId }).delete();
  if (permissions.length)
    await trx('role_permissions').insert(
      permissions.map((permission) => ({
        role_id: roleId,
        permission_id: ids.get(permission.name)!,
        restrictions: JSON.stringify(permission.restrictions ?? []),
      })),
    );
}

/** Roles: list, create, edit, delete, and the permissions a role can be given. */
export function roleRoutes(router: BacklineRouter): void {
  router.route(admin.listRoles).handle(async ({ query, kit }) =>
    listPage({
      base: kit.knex('roles').select(roleColumns(kit.knex)),
      input: query,
      orderBy: { id: 'roles.id', name: 'roles.name', created_at: 'roles.created_at' },
      defaultOrder: ['roles.id', 'asc'],
      idColumn: 'roles.id',
      search: ['roles.name', 'roles.description'],
      serialize: (rows) => adminRoles(kit.knex, rows as unknown as RoleRow[]),
    }),
  );

  router.route(admin.listPermissions).handle(async ({ kit }) => {
    const rows: { id: number; name: string; description: string | null }[] = await kit
      .knex('permissions')
      .orderBy('name')
      .select('id', 'name', 'description');
    const definitions = await restrictionDefinitions(
      kit,
      rows.map((row) => row.name),
    );
    return {
      permissions: rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        group: row.name.split('.')[0]!,
        restrictions: definitions.get(row.name) ?? [],
      })),
    };
  });

  router.route(admin.createRole).handle(async ({ body, ctx, kit }) => {
    const permissions = await checkedPermissions(kit, body.permissions ?? []);
    await assertCanGrant(
      ctx,
      kit,
      permissions.map((permission) => permission.name),
      'permissions',
    );
    const now = kit.now();
    const role = await kit.knex.transaction(async (trx) => {
      let id: number;
      try {
        const [row] = await trx('roles')
          .insert({
            name: body.name,
            description: body.description ?? null,
            default: body.default ?? false,
            guests: false,
            created_at: now,
            updated_at: now,
          })
          .returning('id');
        id = (row as { id: number }).id;
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ name: [NAME_TAKEN] });
        throw error;
      }
      await setRolePermissions(trx, id, permissions);
      const created = await findRole(trx, id);
      await recordAudit(trx, ctx, kit, {
        action: 'role.create',
        target_type: 'role',
        target_id: id,
        before: null,
        after: audited(created),
      });
      return created;
    });
    return { role };
  });

  router.route(admin.updateRole).handle(async ({ params, body, ctx, kit }) => {
    const before = await findRole(kit.knex, params.id);
    const permissions = body.permissions ? await checkedPermissions(kit, body.permissions) : null;
    if (permissions) {
      const added = permissions.filter(
        (permission) => !before.permissions.some((held) => held.name === permission.name),
      );
      await assertCanGrant(
        ctx,
        kit,
        added.map((permission) => permission.name),
        'permissions',
      );
    }
    const now = kit.now();
    const role = await kit.knex.transaction(async (trx) => {
      const patch: Record<string, unknown> = { updated_at: now };
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description;
      // The guests role stands for visitors: it is never given to new users.
      if (body.default !== undefined && !before.guests) patch.default = body.default;
      try {
        await trx('roles').where({ id: params.id }).update(patch);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ name: [NAME_TAKEN] });
        throw error;
      }
      if (permissions) await setRolePermissions(trx, params.id, permissions);
      const after = await findRole(trx, params.id);
      await recordAudit(trx, ctx, kit, {
        action: 'role.update',
        target_type: 'role',
        target_id: params.id,
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
    // Users' access is read per request; only a reused guests role needs forgetting, on every instance.
    await kit.bus.invalidate('guest-role');
    return { role };
  });

  router.route(admin.deleteRole).handle(async ({ params, ctx, kit }) => {
    const role = await findRole(kit.knex, params.id);
    if (role.guests || role.default)
      throw new HttpError(403, 'The guests role and default roles cannot be deleted.');
    await kit.knex.transaction(async (trx) => {
      await recordAudit(trx, ctx, kit, {
        action: 'role.delete',
        target_type: 'role',
        target_id: role.id,
        before: audited(role),
        after: null,
      });
      await trx('roles').where({ id: role.id }).delete();
    });
    return undefined;
  });
}
