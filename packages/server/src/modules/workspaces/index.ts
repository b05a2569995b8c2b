import { randomBytes } from 'node:crypto';
import { workspaces as contract } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import { siteUrl } from '../../http/site-url';
import { defineModule, type Kit } from '../../kit';
import { renderActionMail } from '../../mail/templates';
import { notify } from '../notifications/notify';
import { registerNotificationType } from '../notifications/types';
import { displayName } from '../users/serialize-user';
import {
  NOT_A_MEMBER_MESSAGE,
  setActiveWorkspaceCookie,
  workspaceMiddleware,
  workspaceRole,
} from './active-workspace';

export {
  type ActiveWorkspace,
  activeWorkspace,
  NOT_A_MEMBER_MESSAGE,
  workspaceMiddleware,
  workspaceRole,
} from './active-workspace';

type WorkspaceRole = contract.WorkspaceRole;

/** The notification a workspace invitation sends: in the app only by default (the invite mail always goes). */
export const WORKSPACE_INVITE_TYPE = {
  id: contract.WORKSPACE_INVITE_NOTIFICATION,
  group: 'Workspaces',
  name: 'Someone invites me to a workspace',
  channels: ['database'],
} as const;

/** Invites one user may send an hour: an invite is a mail to any address, so it is bounded like one. */
export const WORKSPACE_INVITE_LIMIT = {
  points: 100,
  duration: 3600,
  message: 'Too many invitations. Please try again later.',
  field: 'emails',
};

/** The invite is gone (revoked, declined, used, or never sent to this user). */
export const INVITE_GONE_MESSAGE = 'This invite is no longer valid';
const FORBIDDEN = 'You do not have permission to do this.';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface WorkspaceRow {
  id: number;
  name: string;
  owner_id: number | null;
  created_at: Date;
}

interface InviteRow {
  id: string;
  workspace_id: number;
  email: string;
  role: 'admin' | 'member';
  invited_by: number | null;
  notified_user_id: number | null;
  created_at: Date;
}

async function membersCount(knex: Knex, workspaceId: number): Promise<number> {
  const row = await knex('workspace_members')
    .where({ workspace_id: workspaceId })
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

async function serializeWorkspace(knex: Knex, row: WorkspaceRow, role?: WorkspaceRole | null) {
  return {
    id: row.id,
    name: row.name,
    owner_id: row.owner_id,
    members_count: await membersCount(knex, row.id),
    ...(role ? { role } : {}),
  };
}

/** The workspace and the caller's role in it: 404 when it does not exist, 403 when they are not a member. */
async function membership(kit: Kit, ctx: Context, id: number) {
  const workspace: WorkspaceRow | undefined = await kit.knex('workspaces').where({ id }).first();
  if (!workspace) throw new HttpError(404, 'Not found.');
  const role = await workspaceRole(kit.knex, id, ctx.state.user!.id);
  if (!role) throw new HttpError(403, NOT_A_MEMBER_MESSAGE);
  return { workspace, role };
}

const canManage = (role: WorkspaceRole) => role === 'owner' || role === 'admin';

/** The invite id: 24 random bytes, URL-safe; it is the capability a mailed link and a notification carry. */
const newInviteId = () => randomBytes(24).toString('base64url');

const notificationsInstalled = (kit: Kit) => kit.modules.some((module) => module.id === 'notifications');

/** The invite notification: the inviter, the workspace, and Join / Decline, which the client runs by `inviteId`. */
function inviteNotification(invite: InviteRow, inviter: string, workspace: string) {
  return {
    type: WORKSPACE_INVITE_TYPE.id,
    data: {
      image: null,
      lines: [
        {
          type: 'primary',
          content: `<b>${escapeHtml(inviter)}</b> invited you to join <b>${escapeHtml(workspace)}</b>`,
        },
      ],
      mainAction: null,
      buttonActions: [
        { action: 'join', label: 'Join' },
        { action: 'decline', label: 'Decline' },
      ],
      inviteId: invite.id,
    },
  };
}

/**
 * Sends one invite: a mail to the address (a sign-in link for an existing account, the workspace register screen
 * for an unknown one) and, for an existing account, the invitation notification.
 */
async function deliverInvite(
  kit: Kit,
  ctx: Context,
  invite: InviteRow,
  inviter: string,
  workspace: string,
): Promise<void> {
  const siteName = await kit.settings.get<string>('branding.site_name', 'Backline');
  const user = await kit.knex('users').whereRaw('lower(email) = ?', [invite.email]).first('id');
  const email = encodeURIComponent(invite.email);
  const url = user
    ? siteUrl(ctx, kit, `/workspace/join/login?email=${email}`)
    : siteUrl(ctx, kit, `/workspace/join/register?email=${email}`);
  const closing = user
    ? 'To join your team on {siteName}, login to your account'.replace('{siteName}', siteName)
    : 'To join your team on :siteName, create an account'.replace(':siteName', siteName);
  const mail = renderActionMail({
    siteName,
    subject: `${inviter} invited you to join ${workspace}`,
    lines: [`${inviter} invited you to join the ${workspace} workspace on ${siteName}.`, `${closing}.`],
    action: { label: 'Join workspace', url },
    outro: ['If you were not expecting this invitation, you can ignore this message.'],
  });
  await kit.mail.send({ to: invite.email, ...mail });
  if (user) await notifyInvitee(kit, invite, user.id, inviter, workspace);
}

async function notifyInvitee(
  kit: Kit,
  invite: InviteRow,
  userId: number,
  inviter: string,
  workspace: string,
) {
  if (!notificationsInstalled(kit)) return;
  await notify(kit, userId, inviteNotification(invite, inviter, workspace));
  await kit.knex('workspace_invites').where({ id: invite.id }).update({ notified_user_id: userId });
}

/**
 * Someone invited before they had an account signs up through the register link: their invites become
 * notifications the first time their bootstrap data is built.
 */
async function deliverPendingInvites(kit: Kit, user: { id: number; email: string }): Promise<void> {
  if (!notificationsInstalled(kit)) return;
  const pending: (InviteRow & { workspace_name: string; inviter_id: number | null })[] = await kit
    .knex('workspace_invites as i')
    .join('workspaces as w', 'w.id', 'i.workspace_id')
    .where('i.email', user.email.toLowerCase())
    .whereNull('i.notified_user_id')
    .select('i.*', 'w.name as workspace_name', 'i.invited_by as inviter_id');
  for (const invite of pending) {
    const inviter = invite.inviter_id
      ? await kit.knex('users').where({ id: invite.inviter_id }).first('first_name', 'last_name', 'email')
      : null;
    await notifyInvitee(
      kit,
      invite,
      user.id,
      inviter ? displayName(inviter) : 'Someone',
      invite.workspace_name,
    );
  }
}

async function memberList(knex: Knex, workspaceId: number) {
  const rows = await knex('workspace_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.workspace_id', workspaceId)
    .orderBy([{ column: 'm.created_at' }, { column: 'm.id' }])
    .select('u.id', 'u.first_name', 'u.last_name', 'u.email', 'm.role', 'm.created_at');
  return rows.map((row) => ({
    id: row.id as number,
    display_name: displayName(row),
    email: row.email as string,
    role: row.role as WorkspaceRole,
    joined_at: row.created_at as Date,
  }));
}

/**
 * Workspaces: teams with members and roles (owner, admin, member), invitations by email and notification, join
 * and decline, and the active workspace of every request (`activeWorkspace(ctx)`, from the `workspaceId` query
 * parameter or the `activeWorkspaceId` cookie; a workspace the user is not a member of answers 403). Install it
 * right after `accounts()` so its middleware runs before other modules' middleware and routes; with
 * `notificationsModule()` invitations also arrive as notifications.
 */
export const workspacesModule = () =>
  defineModule({
    id: 'workspaces',
    migrations: {
      '001-workspaces': {
        async up(knex) {
          await knex.schema.createTable('workspaces', (t) => {
            t.increments('id');
            t.string('name', 100).notNullable();
            t.integer('owner_id').references('users.id').onDelete('CASCADE').index();
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.timestamp('updated_at', { useTz: true }).notNullable();
          });
          await knex.schema.createTable('workspace_members', (t) => {
            t.increments('id');
            t.integer('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
            t.string('role', 20).notNullable();
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.unique(['workspace_id', 'user_id']);
          });
          await knex.schema.createTable('workspace_invites', (t) => {
            t.string('id', 64).primary();
            t.integer('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
            // Stored normalised (lower case): the invitee is whoever signs in with this address.
            t.string('email', 255).notNullable().index();
            t.string('role', 20).notNullable();
            t.integer('invited_by').references('users.id').onDelete('SET NULL');
            t.integer('notified_user_id').references('users.id').onDelete('SET NULL');
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.unique(['workspace_id', 'email']);
          });
        },
        async down(knex) {
          await knex.schema.dropTable('workspace_invites');
          await knex.schema.dropTable('workspace_members');
          await knex.schema.dropTable('workspaces');
        },
      },
    },
    middleware: [],
    session(kit) {
      // Not a session of its own: it runs right after the session modules (so it knows the user), before the
      // XSRF check and every module's middleware and route, so nothing reads data of a workspace unchecked.
      const resolve = workspaceMiddleware(kit);
      return resolve;
    },
    start(kit) {
      registerNotificationType(kit, WORKSPACE_INVITE_TYPE);
    },
    async bootstrap(ctx, _data, kit) {
      const user = ctx.state.user as { id: number; email: string } | undefined;
      if (user) await deliverPendingInvites(kit, user);
    },
    routes(router) {
      router.route(contract.list).handle(async ({ ctx, kit }) => {
        const rows: (WorkspaceRow & { role: WorkspaceRole })[] = await kit
          .knex('workspaces as w')
          .join('workspace_members as m', 'm.workspace_id', 'w.id')
          .where('m.user_id', ctx.state.user!.id)
          .orderBy('w.id')
          .select('w.*', 'm.role');
        return {
          workspaces: [
            contract.DEFAULT_WORKSPACE,
            ...(await Promise.all(rows.map((row) => serializeWorkspace(kit.knex, row, row.role)))),
          ],
        };
      });

      router.route(contract.create).handle(async ({ body, ctx, kit }) => {
        const now = kit.now();
        const row = await kit.knex.transaction(async (trx) => {
          const [created]: WorkspaceRow[] = await trx('workspaces')
            .insert({ name: body.name, owner_id: ctx.state.user!.id, created_at: now, updated_at: now })
            .returning('*');
          await trx('workspace_members').insert({
            workspace_id: created!.id,
            user_id: ctx.state.user!.id,
            role: 'owner',
            created_at: now,
          });
          return created!;
        });
        return { workspace: await serializeWorkspace(kit.knex, row, 'owner') };
      });

      // Registered before `workspace/{id}`: the literal segments must win over the id placeholder.
      router.route(contract.join).handle(async ({ params, ctx, kit }) => {
        const user = ctx.state.user!;
        const invite: InviteRow | undefined = await kit
          .knex('workspace_invites')
          .where({ id: params.inviteId, email: user.email.toLowerCase() })
          .first();
        if (!invite) throw new HttpError(404, INVITE_GONE_MESSAGE);
        const workspace: WorkspaceRow = await kit.knex.transaction(async (trx) => {
          await trx('workspace_members')
            .insert({
              workspace_id: invite.workspace_id,
              user_id: user.id,
              role: invite.role,
              created_at: kit.now(),
            })
            .onConflict(['workspace_id', 'user_id'])
            .ignore();
          await trx('workspace_invites').where({ id: invite.id }).delete();
          return trx('workspaces').where({ id: invite.workspace_id }).first();
        });
        setActiveWorkspaceCookie(ctx, kit, workspace.id);
        const role = await workspaceRole(kit.knex, workspace.id, user.id);
        return { workspace: await serializeWorkspace(kit.knex, workspace, role) };
      });

      router.route(contract.decline).handle(async ({ params, ctx, kit }) => {
        const deleted = await kit
          .knex('workspace_invites')
          .where({ id: params.inviteId, email: ctx.state.user!.email.toLowerCase() })
          .delete();
        if (!deleted) throw new HttpError(404, INVITE_GONE_MESSAGE);
        return {};
      });

      router.route(contract.show).handle(async ({ params, ctx, kit }) => {
        const { workspace, role } = await membership(kit, ctx, params.id);
        const invites: InviteRow[] = canManage(role)
          ? await kit.knex('workspace_invites').where({ workspace_id: workspace.id }).orderBy('created_at')
          : [];
        return {
          workspace: {
            ...(await serializeWorkspace(kit.knex, workspace, role)),
            members: await memberList(kit.knex, workspace.id),
            invites: invites.map((i) => ({
              id: i.id,
              email: i.email,
              role: i.role,
              created_at: i.created_at,
            })),
          },
        };
      });

      router.route(contract.update).handle(async ({ params, body, ctx, kit }) => {
        const { workspace, role } = await membership(kit, ctx, params.id);
        if (!canManage(role)) throw new HttpError(403, FORBIDDEN);
        await kit
          .knex('workspaces')
          .where({ id: workspace.id })
          .update({ name: body.name, updated_at: kit.now() });
        return { workspace: await serializeWorkspace(kit.knex, { ...workspace, name: body.name }, role) };
      });

      router.route(contract.remove).handle(async ({ params, ctx, kit }) => {
        const { workspace, role } = await membership(kit, ctx, params.id);
        if (role !== 'owner') throw new HttpError(403, 'Only the owner can delete this workspace.');
        // Members and invites cascade with the row; one statement, so nothing is left half-deleted.
        await kit.knex('workspaces').where({ id: workspace.id }).delete();
        return undefined;
      });

      router.route(contract.invite).handle(async ({ params, body, ctx, kit }) => {
        const { workspace, role } = await membership(kit, ctx, params.id);
        if (!canManage(role)) throw new HttpError(403, FORBIDDEN);
        await kit.rateLimits.consume('workspace-invite', String(ctx.state.user!.id), WORKSPACE_INVITE_LIMIT);
        const emails = [...new Set(body.emails)];
        const members = new Set(
          (
            await kit
              .knex('workspace_members as m')
              .join('users as u', 'u.id', 'm.user_id')
              .where('m.workspace_id', workspace.id)
              .select('u.email')
          ).map((row: { email: string }) => row.email.toLowerCase()),
        );
        const errors: Record<string, string[]> = {};
        body.emails.forEach((email, index) => {
          if (members.has(email))
            errors[`emails.${index}`] = [`${email} is already a member of this workspace.`];
        });
        if (Object.keys(errors).length) throw new ValidationError(errors);
        const now = kit.now();
        // Inviting an address again replaces its open invite: the old link and notification stop working.
        const invites: InviteRow[] = await kit.knex.transaction(async (trx) => {
          await trx('workspace_invites')
            .where({ workspace_id: workspace.id })
            .whereIn('email', emails)
            .delete();
          return trx('workspace_invites')
            .insert(
              emails.map((email) => ({
                id: newInviteId(),
                workspace_id: workspace.id,
                email,
                role: body.role,
                invited_by: ctx.state.user!.id,
                created_at: now,
              })),
            )
            .returning('*');
        });
        const inviter = displayName(ctx.state.user!);
        for (const invite of invites) await deliverInvite(kit, ctx, invite, inviter, workspace.name);
        return {
          invites: invites.map((i) => ({ id: i.id, email: i.email, role: i.role, created_at: i.created_at })),
        };
      });

      router.route(contract.revokeInvite).handle(async ({ params, ctx, kit }) => {
        const { workspace, role } = await membership(kit, ctx, params.id);
        if (!canManage(role)) throw new HttpError(403, FORBIDDEN);
        const deleted = await kit
          .knex('workspace_invites')
          .where({ id: params.inviteId, workspace_id: workspace.id })
          .delete();
        if (!deleted) throw new HttpError(404, 'Not found.');
        return undefined;
      });

      router.route(contract.changeRole).handle(async ({ params, body, ctx, kit }) => {
        const { workspace, role } = await membership(kit, ctx, params.id);
        if (!canManage(role)) throw new HttpError(403, FORBIDDEN);
        const target = await workspaceRole(kit.knex, workspace.id, params.userId);
        if (!target) throw new HttpError(404, 'Not found.');
        if (target === 'owner') throw new HttpError(403, "The owner's role cannot be changed.");
        await kit
          .knex('workspace_members')
          .where({ workspace_id: workspace.id, user_id: params.userId })
          .update({ role: body.role });
        const member = (await memberList(kit.knex, workspace.id)).find((m) => m.id === params.userId)!;
        return { member };
      });

      router.route(contract.removeMember).handle(async ({ params, ctx, kit }) => {
        const { workspace, role } = await membership(kit, ctx, params.id);
        const self = params.userId === ctx.state.user!.id;
        const target = self ? role : await workspaceRole(kit.knex, workspace.id, params.userId);
        if (!target) throw new HttpError(404, 'Not found.');
        if (target === 'owner')
          throw new HttpError(
            403,
            self ? 'The owner cannot leave the workspace. Delete it instead.' : "The owner can't be removed.",
          );
        // Anyone may leave; removing someone else takes the owner, or an admin removing a plain member.
        if (!self && !(role === 'owner' || (role === 'admin' && target === 'member')))
          throw new HttpError(403, FORBIDDEN);
        await kit
          .knex('workspace_members')
          .where({ workspace_id: workspace.id, user_id: params.userId })
          .delete();
        return undefined;
      });
    },
  });
