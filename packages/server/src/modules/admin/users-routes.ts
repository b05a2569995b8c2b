import { admin } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import { listPage } from '../../http/list-endpoint';
import type { BacklineRouter } from '../../http/routes';
import type { Kit } from '../../kit';
import { hashPassword } from '../../security/password-hasher';
import { avatarFromRequest, deleteUserRows } from '../account/account-routes';
import { bootstrapAnswer } from '../auth/login';
import { consumeResetMailLimit, mailResetLink } from '../passwords/index';
import { signIn } from '../sessions/session-store';
import { createUser, isUniqueViolation } from '../users/create-user';
import { User } from '../users/user-model';
import {
  ADMIN_USER_COLUMNS,
  adminUsers,
  assertCanGrant,
  auditedUser,
  findAdminUser,
  isAdmin,
  isSuperAdmin,
  permissionIds,
  rolePermissionNames,
  setUserPermissions,
  setUserRoles,
  type UserRow,
} from './admin-users';
import { recordAudit } from './audit-log';
import { isBanned } from './bans';

const EMAIL_TAKEN = 'The email has already been taken.';

/** The user after a write, read inside the same transaction. */
async function reload(trx: Knex, id: number) {
  const [user] = await adminUsers(trx, [await findAdminUser(trx, id)]);
  return user!;
}

/** Refuses acting on oneself, and on a holder of `admin` unless the caller holds it too. */
async function assertMayActOn(ctx: Context, kit: Kit, targetId: number, what: string): Promise<void> {
  if (ctx.state.user!.id === targetId) throw new HttpError(403, `You cannot ${what} your own account here.`);
  if ((await isSuperAdmin(kit.knex, targetId)) && !(await isSuperAdmin(kit.knex, ctx.state.user!.id)))
    throw new HttpError(403, `You cannot ${what} an administrator.`);
}

/** The end of the day a `YYYY-MM-DD` filter names, as the next day's start. */
const nextDay = (date: string) => new Date(new Date(`${date}T00:00:00.000Z`).getTime() + 86_400_000);

/** Users: list, show, create, edit, ban, unban, delete (one or many), give a role, and "log in as". */
export function userRoutes(router: BacklineRouter): void {
  router.route(admin.listUsers).handle(async ({ query, kit }) => {
    const now = kit.now();
    return listPage({
      base: kit.knex('users').select(ADMIN_USER_COLUMNS),
      input: query,
      orderBy: {
        id: 'users.id',
        email: 'users.email',
        first_name: 'users.first_name',
        last_name: 'users.last_name',
        created_at: 'users.created_at',
        email_verified_at: 'users.email_verified_at',
        banned_at: 'users.banned_at',
      },
      defaultOrder: ['users.created_at', 'desc'],
      idColumn: 'users.id',
      search: ['users.email', 'users.first_name', 'users.last_name'],
      filters: {
        role: (q, role) =>
          q.whereExists((sub) =>
            sub
              .from('user_roles')
              .whereRaw('user_roles.user_id = users.id')
              .where('user_roles.role_id', role),
          ),
        status: (q, status) => {
          if (status === 'unverified') q.whereNull('users.email_verified_at');
          else if (status === 'banned')
            q.whereNotNull('users.banned_at').where((w) =>
              w.whereNull('users.banned_until').orWhere('users.banned_until', '>', now),
            );
          else q.where((w) => w.whereNull('users.banned_at').orWhere('users.banned_until', '<=', now));
        },
        created_from: (q, date) => q.where('users.created_at', '>=', new Date(`${date}T00:00:00.000Z`)),
        created_to: (q, date) => q.where('users.created_at', '<', nextDay(date)),
      },
      serialize: (rows) => adminUsers(kit.knex, rows as unknown as UserRow[]),
    });
  });

  router
    .route(admin.showUser)
    .handle(async ({ params, kit }) => ({ user: await reload(kit.knex, params.id) }));

  router.route(admin.createUser).handle(async ({ body, ctx, kit }) => {
    const roleNames = body.roles ? await rolePermissionNames(kit.knex, body.roles, 'roles') : [];
    await assertCanGrant(ctx, kit, [...roleNames, ...(body.permissions ?? [])], 'roles');
    const permissions = await permissionIds(kit.knex, body.permissions ?? [], 'permissions');
    const passwordHash = await hashPassword(body.password);
    const now = kit.now();
    const user = await kit.knex.transaction(async (trx) => {
      let created: User;
      try {
        created = await createUser(trx, {
          email: body.email,
          passwordHash,
          first_name: body.first_name ?? null,
          last_name: body.last_name ?? null,
          emailVerifiedAt: body.email_verified ? now : null,
          now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ email: [EMAIL_TAKEN] });
        throw error;
      }
      if (body.roles) await setUserRoles(trx, created.id, body.roles);
      if (body.permissions) await setUserPermissions(trx, created.id, permissions);
      const answer = await reload(trx, created.id);
      await recordAudit(trx, ctx, kit, {
        action: 'user.create',
        target_type: 'user',
        target_id: created.id,
        before: null,
        after: auditedUser(answer),
      });
      return answer;
    });
    return { user };
  });

  router.route(admin.updateUser).handle(async ({ params, body, ctx, kit }) => {
    const before = await reload(kit.knex, params.id);
    if (body.roles) {
      // Only roles being added need the caller to hold their permissions; keeping what the user has is fine.
      const added = body.roles.filter((id) => !before.roles.some((role) => role.id === id));
      await rolePermissionNames(kit.knex, body.roles, 'roles'); // every listed role exists (422 otherwise)
      await assertCanGrant(ctx, kit, await rolePermissionNames(kit.knex, added, 'roles'), 'roles');
    }
    if (body.permissions) {
      const added = body.permissions.filter((name) => !before.permissions.some((held) => held.name === name));
      await assertCanGrant(ctx, kit, added, 'permissions');
    }
    const permissions = body.permissions
      ? await permissionIds(kit.knex, body.permissions, 'permissions')
      : null;
    const now = kit.now();
    const user = await kit.knex.transaction(async (trx) => {
      const patch: Record<string, unknown> = {};
      if (body.email !== undefined) patch.email = body.email;
      if (body.first_name !== undefined) patch.first_name = body.first_name;
      if (body.last_name !== undefined) patch.last_name = body.last_name;
      if (body.email_verified !== undefined)
        patch.email_verified_at = body.email_verified ? (before.email_verified_at ?? now) : null;
      if (Object.keys(patch).length) {
        try {
          await trx('users')
            .where({ id: params.id })
            .update({ ...patch, updated_at: now });
        } catch (error) {
          if (isUniqueViolation(error)) throw new ValidationError({ email: [EMAIL_TAKEN] });
          throw error;
        }
      }
      if (body.roles) await setUserRoles(trx, params.id, body.roles);
      if (permissions) await setUserPermissions(trx, params.id, permissions);
      const after = await reload(trx, params.id);
      await recordAudit(trx, ctx, kit, {
        action: 'user.update',
        target_type: 'user',
        target_id: params.id,
        before: auditedUser(before),
        after: auditedUser(after),
      });
      return after;
    });
    return { user };
  });

  /** Sets or clears a user's avatar in one audited transaction. */
  const setAvatar = async (ctx: Context, kit: Kit, id: number, avatar: string | null) => {
    const before = await reload(kit.knex, id);
    const now = kit.now();
    return kit.knex.transaction(async (trx) => {
      await trx('users').where({ id }).update({ avatar, updated_at: now });
      const after = await reload(trx, id);
      await recordAudit(trx, ctx, kit, {
        action: avatar ? 'user.avatar.update' : 'user.avatar.remove',
        target_type: 'user',
        target_id: id,
        before: auditedUser(before),
        after: auditedUser(after),
      });
      return after;
    });
  };

  router.route(admin.uploadUserAvatar).handle(async ({ params, ctx, kit }) => {
    const target = await User.query(kit.knex).findById(params.id);
    if (!target) throw new HttpError(404, 'User not found.');
    // The account page's own rules (images only, 2 MB, stored as the user's file entry).
    const avatar = await avatarFromRequest(ctx, kit, target);
    return { user: await setAvatar(ctx, kit, params.id, avatar) };
  });

  router.route(admin.removeUserAvatar).handle(async ({ params, ctx, kit }) => ({
    user: await setAvatar(ctx, kit, params.id, null),
  }));

  router.route(admin.sendPasswordReset).handle(async ({ params, ctx, kit }) => {
    const target = await User.query(kit.knex).findById(params.id);
    if (!target) throw new HttpError(404, 'User not found.');
    if (!kit.modules.some((module) => module.id === 'passwords'))
      throw new HttpError(503, 'Password resets are not installed on this site.');
    // The forgot-password limit for the address: an admin cannot flood an inbox either.
    await consumeResetMailLimit(kit, target.email);
    try {
      // The token and its audit row commit only once the mail is handed over: a failed mail leaves neither.
      // The row records that a link was sent, never the link or its token.
      await kit.knex.transaction(async (trx) => {
        await mailResetLink(ctx, kit, target, trx);
        await recordAudit(trx, ctx, kit, {
          action: 'user.password-reset.send',
          target_type: 'user',
          target_id: target.id,
        });
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      kit.log.error('Could not send a password reset link', error);
      throw new HttpError(503, 'The password reset link could not be sent. Check the mail settings.');
    }
    return { message: 'Password reset link sent' };
  });

  router.route(admin.banUser).handle(async ({ params, body, ctx, kit }) => {
    const before = await reload(kit.knex, params.id);
    await assertMayActOn(ctx, kit, params.id, 'ban');
    const now = kit.now();
    const until = body.until ? new Date(body.until) : null;
    if (until && until.getTime() <= now.getTime())
      throw new ValidationError({ until: ['The ban must end in the future.'] });
    const user = await kit.knex.transaction(async (trx) => {
      await trx('users')
        .where({ id: params.id })
        .update({ banned_at: now, ban_reason: body.reason, banned_until: until, updated_at: now });
      const after = await reload(trx, params.id);
      await recordAudit(trx, ctx, kit, {
        action: 'user.ban',
        target_type: 'user',
        target_id: params.id,
        before: auditedUser(before),
        after: auditedUser(after),
      });
      return after;
    });
    return { user };
  });

  router.route(admin.unbanUser).handle(async ({ params, ctx, kit }) => {
    const before = await reload(kit.knex, params.id);
    const now = kit.now();
    const user = await kit.knex.transaction(async (trx) => {
      await trx('users')
        .where({ id: params.id })
        .update({ banned_at: null, ban_reason: null, banned_until: null, updated_at: now });
      const after = await reload(trx, params.id);
      await recordAudit(trx, ctx, kit, {
        action: 'user.unban',
        target_type: 'user',
        target_id: params.id,
        before: auditedUser(before),
        after: auditedUser(after),
      });
      return after;
    });
    return { user };
  });

  const deleteUsers = async (ctx: Context, kit: Kit, ids: number[]) => {
    const users = await adminUsers(
      kit.knex,
      await kit.knex('users').whereIn('id', ids).select(ADMIN_USER_COLUMNS),
    );
    if (users.length !== new Set(ids).size) throw new HttpError(404, 'User not found.');
    for (const user of users) await assertMayActOn(ctx, kit, user.id, 'delete');
    await kit.knex.transaction(async (trx) => {
      for (const user of users) {
        await recordAudit(trx, ctx, kit, {
          action: 'user.delete',
          target_type: 'user',
          target_id: user.id,
          before: auditedUser(user),
          after: null,
        });
        await deleteUserRows(kit, user.id, trx);
      }
    });
    return users.length;
  };

  router.route(admin.deleteUser).handle(async ({ params, ctx, kit }) => {
    await deleteUsers(ctx, kit, [params.id]);
    return undefined;
  });

  router.route(admin.bulkDeleteUsers).handle(async ({ body, ctx, kit }) => ({
    deleted: await deleteUsers(ctx, kit, body.ids),
  }));

  router.route(admin.assignRole).handle(async ({ body, ctx, kit }) => {
    const names = await rolePermissionNames(kit.knex, [body.role], 'role');
    await assertCanGrant(ctx, kit, names, 'role');
    const ids = [...new Set(body.ids)];
    const found: { id: number }[] = await kit.knex('users').whereIn('id', ids).select('id');
    if (found.length !== ids.length) throw new HttpError(404, 'User not found.');
    const role: { name: string } = await kit.knex('roles').where({ id: body.role }).first('name');
    await kit.knex.transaction(async (trx) => {
      const had: { user_id: number }[] = await trx('user_roles')
        .whereIn('user_id', ids)
        .where({ role_id: body.role })
        .select('user_id');
      const adding = ids.filter((id) => !had.some((row) => row.user_id === id));
      if (adding.length)
        await trx('user_roles').insert(adding.map((user_id) => ({ user_id, role_id: body.role })));
      for (const id of adding)
        await recordAudit(trx, ctx, kit, {
          action: 'user.assign-role',
          target_type: 'user',
          target_id: id,
          before: { role: null },
          after: { role: role.name },
        });
    });
    return { updated: ids.length };
  });

  router.route(admin.impersonate).handle(async ({ params, ctx, kit }) => {
    const me = ctx.state.user!;
    const target = await User.query(kit.knex).findById(params.id);
    if (!target) throw new HttpError(404, 'User not found.');
    if (target.id === me.id) throw new HttpError(403, 'You are already logged in as this user.');
    // Support staff may step into a listener's account, never into another admin's (and so never gain more).
    if (await isAdmin(kit.knex, target.id)) throw new HttpError(403, 'You cannot log in as another admin.');
    if (isBanned(target, kit.now())) throw new HttpError(403, 'You cannot log in as a banned user.');
    await recordAudit(kit.knex, ctx, kit, {
      action: 'user.impersonate',
      target_type: 'user',
      target_id: target.id,
    });
    // A new session for the user, remembering the admin for the way back; the admin's session ends with it.
    await signIn(ctx, kit, target, { payload: { impersonator_id: me.id } });
    return { bootstrapData: await bootstrapAnswer(ctx, kit) };
  });

  router.route(admin.stopImpersonating).handle(async ({ ctx, kit }) => {
    const impersonatorId = ctx.state.session?.payload?.impersonator_id;
    if (!impersonatorId) throw new HttpError(403, 'You are not logged in as another user.');
    const impersonated = ctx.state.user!.id;
    const original = await User.query(kit.knex).findById(impersonatorId);
    if (!original) throw new HttpError(403, 'Your own account no longer exists.');
    await recordAudit(kit.knex, ctx, kit, {
      action: 'user.impersonate.stop',
      target_type: 'user',
      target_id: impersonated,
    });
    await signIn(ctx, kit, original);
    return { bootstrapData: await bootstrapAnswer(ctx, kit) };
  });
}
