import type { Knex } from 'knex';
import type { Context } from 'koa';
import { HttpError } from '../../http/errors';
import { defineModule, type Kit } from '../../kit';
import {
  ADMIN_PERMISSION,
  grants,
  grantToRole,
  guestRole,
  guestRoleGeneration,
  type PermissionGrant,
  USER_ACCESS_FUNCTION,
  type UserAccess,
  userAccess,
} from './permissions';

/** The roles every install has. */
export const DEFAULT_ROLES = {
  /** Given to every new user. */
  users: 'users',
  /** Stands for visitors who are not logged in. */
  guests: 'guests',
  /** Holds `admin`, which grants every permission. */
  admin: 'admin',
} as const;

/** Creates the default roles and the admin permission when missing; safe to run again. */
export async function seedDefaultRoles(knex: Knex): Promise<void> {
  await knex('roles')
    .insert([
      { name: DEFAULT_ROLES.users, description: 'Every registered user', default: true, guests: false },
      {
        name: DEFAULT_ROLES.guests,
        description: 'Visitors who are not logged in',
        default: false,
        guests: true,
      },
      { name: DEFAULT_ROLES.admin, description: 'Full access', default: false, guests: false },
    ])
    .onConflict('name')
    .ignore();
  const admin: { id: number } = await knex('roles').where({ name: DEFAULT_ROLES.admin }).first('id');
  await grantToRole(knex, admin.id, ADMIN_PERMISSION);
}

/** This request's access, for the user it was loaded for (a login changes the user mid-request). */
const cache = new WeakMap<Context, { userId: number | null; access: Promise<UserAccess> }>();

type GuestRole = Awaited<ReturnType<typeof guestRole>>;
/** The guests role per app, while `kit.config.guestRoleCacheMs` allows reusing it. */
const guestRoles = new WeakMap<Kit, { until: number; generation: number; role: Promise<GuestRole> }>();

/**
 * The guests role with its permissions. Loaded per request unless the app opts into reusing it for
 * `guestRoleCacheMs` (the music site does: its streaming route is a visitor's busiest request).
 */
export function cachedGuestRole(kit: Kit): Promise<GuestRole> {
  const ttl = kit.config.guestRoleCacheMs;
  if (!ttl) return guestRole(kit.knex);
  const now = performance.now();
  const found = guestRoles.get(kit);
  if (found && found.until > now && found.generation === guestRoleGeneration()) return found.role;
  const entry = { until: now + ttl, generation: guestRoleGeneration(), role: guestRole(kit.knex) };
  guestRoles.set(kit, entry);
  // A failed load is not reused.
  entry.role.catch(() => {
    if (guestRoles.get(kit) === entry) guestRoles.delete(kit);
  });
  return entry.role;
}

/**
 * The caller's roles and permissions: the signed-in user's, or for a visitor the guests role's permissions (and
 * no roles). Loaded once per request and user, never kept across requests, so a revocation applies at the next;
 * the one exception is the guests role where the app opts into `guestRoleCacheMs`.
 */
export function requestAccess(ctx: Context, kit: Kit): Promise<UserAccess> {
  const userId: number | null = ctx.state.user?.id ?? null;
  let found = cache.get(ctx);
  if (!found || found.userId !== userId) {
    const access =
      userId !== null
        ? userAccess(kit.knex, userId)
        : cachedGuestRole(kit).then((role) => ({ roles: [], permissions: role?.permissions ?? [] }));
    found = { userId, access };
    cache.set(ctx, found);
  }
  return found.access;
}

/** The caller's permissions (see `requestAccess`). */
export async function requestPermissions(ctx: Context, kit: Kit): Promise<PermissionGrant[]> {
  return (await requestAccess(ctx, kit)).permissions;
}

/**
 * Seeds this request's access with what was loaded together with the user (the login's one statement), so the
 * bootstrap answer that follows does not load it again.
 */
export function rememberAccess(ctx: Context, userId: number, access: UserAccess): void {
  cache.set(ctx, { userId, access: Promise.resolve(access) });
}

/**
 * The value a role gives a restriction of a permission the caller holds (`count` of `playlists.create`), or
 * `undefined` when none does: the server's side of `getRestrictionValue` in `@backline/core`.
 */
export async function restrictionValue(
  ctx: Context,
  kit: Kit,
  permission: string,
  restriction: string,
): Promise<unknown> {
  for (const grant of await requestPermissions(ctx, kit)) {
    if (grant.name !== permission) continue;
    const found = grant.restrictions.find((entry) => entry.name === restriction);
    if (found) return found.value;
  }
  return undefined;
}

/** Whether the caller holds a permission (or `admin`). Visitors are checked against the guests role. */
export async function can(ctx: Context, kit: Kit, permission: string): Promise<boolean> {
  return grants(await requestPermissions(ctx, kit), permission);
}

/**
 * Roles and permissions: the tables, the default roles, the route guard behind `auth: true` (401) and
 * `permission: '…'` (403), and the guests role in visitors' bootstrap data. Install after `users`.
 */
export const permissionsModule = () =>
  defineModule({
    id: 'permissions',
    migrations: {
      '001-roles-and-permissions': {
        async up(knex) {
          await knex.schema.createTable('roles', (t) => {
            t.increments('id');
            t.string('name', 100).notNullable().unique();
            t.string('description', 255);
            t.boolean('default').notNullable().defaultTo(false);
            t.boolean('guests').notNullable().defaultTo(false);
            t.timestamps(true, true);
          });
          await knex.schema.createTable('permissions', (t) => {
            t.increments('id');
            t.string('name', 150).notNullable().unique();
            t.string('description', 255);
            t.jsonb('restrictions').notNullable().defaultTo('[]');
            t.timestamps(true, true);
          });
          await knex.schema.createTable('role_permissions', (t) => {
            t.integer('role_id').notNullable().references('roles.id').onDelete('CASCADE');
            t.integer('permission_id').notNullable().references('permissions.id').onDelete('CASCADE');
            t.jsonb('restrictions').notNullable().defaultTo('[]');
            t.primary(['role_id', 'permission_id']);
          });
          await knex.schema.createTable('user_roles', (t) => {
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
            t.integer('role_id').notNullable().references('roles.id').onDelete('CASCADE');
            t.primary(['user_id', 'role_id']);
            t.index('role_id');
          });
          await knex.schema.createTable('user_permissions', (t) => {
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
            t.integer('permission_id').notNullable().references('permissions.id').onDelete('CASCADE');
            t.jsonb('restrictions').notNullable().defaultTo('[]');
            t.primary(['user_id', 'permission_id']);
          });
          await seedDefaultRoles(knex);
        },
        async down(knex) {
          for (const table of ['user_permissions', 'user_roles', 'role_permissions', 'permissions', 'roles'])
            await knex.schema.dropTable(table);
        },
      },
      '002-user-access-function': {
        async up(knex) {
          await knex.raw(USER_ACCESS_FUNCTION);
        },
        async down(knex) {
          await knex.raw('drop function if exists backline_user_access(integer)');
        },
      },
    },
    routes(router, kit) {
      router.guards.push(async (ctx, route) => {
        if (route.auth && !ctx.state.user) throw new HttpError(401, 'Unauthenticated.');
        if (route.permission && !(await can(ctx, kit, route.permission)))
          throw new HttpError(403, 'You do not have permission to do this.');
      });
    },
    async bootstrap(ctx, data, kit) {
      // Visitors act as the guests role; a signed-in user's own permissions travel with `user`.
      if (!ctx.state.user) data.guest_role = await cachedGuestRole(kit);
    },
    async seed(kit) {
      await seedDefaultRoles(kit.knex);
    },
  });
