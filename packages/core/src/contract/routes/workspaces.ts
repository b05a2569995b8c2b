import * as z from 'zod/mini';
import { boundedString, emailField, idParam } from '../fields';
import { noContent, route } from '../route';
import { timestamp } from '../schemas/common';

/**
 * Workspaces: a team's shared space. Members hold a role within it (owner, admin, member); invitations go out by
 * email and as a notification; the active workspace travels as the `workspaceId` query parameter (from the
 * `activeWorkspaceId` cookie) and the server refuses one the caller is not a member of with 403.
 */

/** The roles within a workspace, strongest first. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** The roles an invite or a role change may give: ownership is never handed out this way. */
export const ASSIGNABLE_WORKSPACE_ROLES = ['admin', 'member'] as const;
/** How many addresses one invite call may carry. */
export const WORKSPACE_INVITE_MAX = 20;
/** The notification type of a workspace invitation (its data carries `inviteId`). */
export const WORKSPACE_INVITE_NOTIFICATION = 'workspace.invite';

/** A workspace as lists carry it. The default workspace (id 0) is the user's own and has one member. */
export const Workspace = z.object({
  id: z.number(),
  name: z.string(),
  members_count: z.number(),
  default: z.optional(z.boolean()),
  owner_id: z.optional(z.nullable(z.number())),
  /** The caller's role in it. */
  role: z.optional(z.enum(WORKSPACE_ROLES)),
});
export type Workspace = z.infer<typeof Workspace>;

/** The default workspace: id 0, name Default, default true, 1 member (spec). */
export const DEFAULT_WORKSPACE: Workspace = {
  id: 0,
  name: 'Default',
  default: true,
  members_count: 1,
  owner_id: null,
  role: 'owner',
};

export const WorkspaceMember = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  joined_at: timestamp,
});
export type WorkspaceMember = z.infer<typeof WorkspaceMember>;

export const WorkspaceInvite = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_WORKSPACE_ROLES),
  created_at: timestamp,
});
export type WorkspaceInvite = z.infer<typeof WorkspaceInvite>;

/** One workspace in full: its members and, for owners and admins, the open invites. */
export const WorkspaceDetails = z.extend(Workspace, {
  members: z.array(WorkspaceMember),
  invites: z.array(WorkspaceInvite),
});
export type WorkspaceDetails = z.infer<typeof WorkspaceDetails>;

const inviteIdParam = z.string().check(z.regex(/^[A-Za-z0-9_-]{10,64}$/, 'The invite id is not valid.'));
const workspaceName = boundedString('name', 100);
const assignableRole = z.enum(ASSIGNABLE_WORKSPACE_ROLES, {
  error: 'The selected role is invalid.',
});

/** `GET me/workspaces`: the Default workspace, then every workspace the user belongs to. */
export const list = route({
  method: 'GET',
  path: 'me/workspaces',
  tag: 'workspaces',
  summary: "The signed-in user's workspaces, the Default one first",
  auth: true,
  response: z.object({ workspaces: z.array(Workspace) }),
});

/** `POST workspace`: creates a workspace owned by the caller (who is its first member). */
export const create = route({
  method: 'POST',
  path: 'workspace',
  tag: 'workspaces',
  summary: 'Create a workspace',
  auth: true,
  body: z.object({ name: workspaceName }),
  response: z.object({ workspace: Workspace }),
});

/** `GET workspace/join/{inviteId}`: the invited user joins; the answer's `workspace.id` becomes active. */
export const join = route({
  method: 'GET',
  path: 'workspace/join/{inviteId}',
  tag: 'workspaces',
  summary: 'Join a workspace by invitation',
  auth: true,
  params: z.object({ inviteId: inviteIdParam }),
  response: z.object({ workspace: Workspace }),
  errors: [404],
});

/** `DELETE workspace/invite/{inviteId}`: the invited user declines. */
export const decline = route({
  method: 'DELETE',
  path: 'workspace/invite/{inviteId}',
  tag: 'workspaces',
  summary: 'Decline a workspace invitation',
  auth: true,
  params: z.object({ inviteId: inviteIdParam }),
  response: z.object({}),
  errors: [404],
});

/** `GET workspace/{id}`: a workspace with its members (and invites, for owners and admins); members only. */
export const show = route({
  method: 'GET',
  path: 'workspace/{id}',
  tag: 'workspaces',
  summary: 'A workspace with its members',
  auth: true,
  params: z.object({ id: idParam() }),
  response: z.object({ workspace: WorkspaceDetails }),
  errors: [403, 404],
});

/** `PUT workspace/{id}`: renames a workspace (owner or admin). */
export const update = route({
  method: 'PUT',
  path: 'workspace/{id}',
  tag: 'workspaces',
  summary: 'Rename a workspace',
  auth: true,
  params: z.object({ id: idParam() }),
  body: z.object({ name: workspaceName }),
  response: z.object({ workspace: Workspace }),
  errors: [403, 404],
});

/** `DELETE workspace/{id}`: deletes a workspace with its memberships and invites (owner only). */
export const remove = route({
  method: 'DELETE',
  path: 'workspace/{id}',
  tag: 'workspaces',
  summary: 'Delete a workspace',
  auth: true,
  params: z.object({ id: idParam() }),
  response: noContent,
  errors: [403, 404],
});

/** `POST workspace/{id}/invite`: invites addresses (owner or admin); each gets a mail, members a notification. */
export const invite = route({
  method: 'POST',
  path: 'workspace/{id}/invite',
  tag: 'workspaces',
  summary: 'Invite people to a workspace by email',
  auth: true,
  rateLimited: true,
  params: z.object({ id: idParam() }),
  body: z.object({
    emails: z
      .array(emailField, { error: 'The emails field is required.' })
      .check(
        z.minLength(1, 'The emails field is required.'),
        z.maxLength(
          WORKSPACE_INVITE_MAX,
          `The emails field must not have more than ${WORKSPACE_INVITE_MAX} items.`,
        ),
      ),
    role: z._default(z.optional(assignableRole), 'member'),
  }),
  response: z.object({ invites: z.array(WorkspaceInvite) }),
  errors: [403, 404],
});

/** `DELETE workspace/{id}/invite/{inviteId}`: revokes an open invite (owner or admin). */
export const revokeInvite = route({
  method: 'DELETE',
  path: 'workspace/{id}/invite/{inviteId}',
  tag: 'workspaces',
  summary: 'Revoke a workspace invitation',
  auth: true,
  params: z.object({ id: idParam(), inviteId: inviteIdParam }),
  response: noContent,
  errors: [403, 404],
});

/** `PUT workspace/{id}/member/{userId}`: changes a member's role (owner, or an admin for non-owners). */
export const changeRole = route({
  method: 'PUT',
  path: 'workspace/{id}/member/{userId}',
  tag: 'workspaces',
  summary: "Change a member's role",
  auth: true,
  params: z.object({ id: idParam(), userId: idParam('user id') }),
  body: z.object({ role: assignableRole }),
  response: z.object({ member: WorkspaceMember }),
  errors: [403, 404],
});

/**
 * `DELETE workspace/{id}/member/{userId}`: removes a member (owner or admin), or leaves when `userId` is the
 * caller's own id. The owner cannot leave: they delete the workspace instead.
 */
export const removeMember = route({
  method: 'DELETE',
  path: 'workspace/{id}/member/{userId}',
  tag: 'workspaces',
  summary: 'Remove a member, or leave a workspace',
  auth: true,
  params: z.object({ id: idParam(), userId: idParam('user id') }),
  response: noContent,
  errors: [403, 404],
});
