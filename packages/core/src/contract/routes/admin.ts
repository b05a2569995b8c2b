import * as z from 'zod/mini';
import {
  booleanish,
  boundedString,
  emailField,
  idField,
  idParam,
  newPasswordField,
  optionalString,
} from '../fields';
import { dateFilter, listQuery } from '../list-query';
import { noContent, route } from '../route';
import { BootstrapAnswer } from '../schemas/bootstrap';
import { paginated, timestamp } from '../schemas/common';
import { Restriction, User } from '../schemas/user';

/**
 * The admin area's routes: users (list, create, edit, ban, unban, delete, "log in as"), roles and their
 * permissions, and the audit log. Every route needs its own permission (403 otherwise); `admin` grants all.
 */

/** The permissions behind the admin routes, by what they allow. */
export const ADMIN_ROUTE_PERMISSIONS = {
  access: 'admin.access',
  usersView: 'users.view',
  usersCreate: 'users.create',
  usersUpdate: 'users.update',
  usersDelete: 'users.delete',
  usersImpersonate: 'users.impersonate',
  rolesView: 'roles.view',
  rolesCreate: 'roles.create',
  rolesUpdate: 'roles.update',
  rolesDelete: 'roles.delete',
  logsView: 'logs.view',
} as const;

const P = ADMIN_ROUTE_PERMISSIONS;
const TAG = 'admin';

/** A user as the admin area lists it: the account fields plus its roles, direct permissions and ban. */
export const AdminUser = z.looseObject({
  ...User.shape,
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  permissions: z.array(z.object({ name: z.string(), restrictions: z.optional(z.array(Restriction)) })),
  banned_at: z.nullable(timestamp),
  ban_reason: z.nullable(z.string()),
  banned_until: z.nullable(timestamp),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** A role with its permissions (restriction values included) and how many users hold it. */
export const AdminRole = z.object({
  id: z.number(),
  name: z.string(),
  description: z.nullable(z.string()),
  /** Given to every new user; cannot be deleted. */
  default: z.boolean(),
  /** Stands for visitors; cannot be deleted. */
  guests: z.boolean(),
  users_count: z.number(),
  permissions: z.array(z.object({ name: z.string(), restrictions: z.optional(z.array(Restriction)) })),
  created_at: z.optional(timestamp),
});
export type AdminRole = z.infer<typeof AdminRole>;

/** The kinds of value a restriction takes: a whole number (a limit, the default), a switch, or a short text. */
export const RESTRICTION_TYPES = ['number', 'boolean', 'text'] as const;
export type RestrictionType = (typeof RESTRICTION_TYPES)[number];

/**
 * A restriction a permission understands (`{name: 'count', type: 'number', min: 0}`): each role or user holding
 * the permission may give it a value, read by permission name and restriction name. No value means no limit.
 */
export const RestrictionDefinition = z.object({
  name: z.string(),
  /** `number` when left out. */
  type: z.optional(z.enum(RESTRICTION_TYPES)),
  description: z.optional(z.nullable(z.string())),
  /** Bounds of a number (inclusive); numbers are at least 0 unless `min` says otherwise. */
  min: z.optional(z.number()),
  max: z.optional(z.number()),
});
export type RestrictionDefinition = z.infer<typeof RestrictionDefinition>;

/** The longest text a `text` restriction holds. */
export const RESTRICTION_TEXT_MAX = 255;

/**
 * Why a restriction value is refused, or null when it fits its definition (empty values are checked by the
 * caller: they mean "no limit" and are dropped). Both ends use it: the roles editor before saving, the server
 * on every write.
 */
export function restrictionValueProblem(
  definition: RestrictionDefinition,
  value: unknown,
): { message: string; values?: Record<string, number> } | null {
  const type = definition.type ?? 'number';
  if (type === 'boolean')
    return typeof value === 'boolean' ? null : { message: 'The value must be true or false.' };
  if (type === 'text')
    return typeof value === 'string' && value.length <= RESTRICTION_TEXT_MAX
      ? null
      : {
          message: 'The value must be a text of at most :max characters.',
          values: { max: RESTRICTION_TEXT_MAX },
        };
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    return { message: 'The value must be a whole number.' };
  const min = definition.min ?? 0;
  if (value < min) return { message: 'The value must be at least :min.', values: { min } };
  if (definition.max !== undefined && value > definition.max)
    return { message: 'The value must be at most :max.', values: { max: definition.max } };
  return null;
}

/** The form-field key a restriction's value errors are answered under: `restrictions.<permission>.<restriction>`. */
export const restrictionField = (permission: string, restriction?: string): string =>
  restriction === undefined ? `restrictions.${permission}` : `restrictions.${permission}.${restriction}`;

/** A permission the installed modules define, for the permissions editor (grouped by `group`, its module). */
export const PermissionInfo = z.object({
  id: z.number(),
  name: z.string(),
  description: z.nullable(z.string()),
  /** The part of the name before the first dot: `users` for `users.view`. */
  group: z.string(),
  /** The restrictions it understands; a role holding it may give each a value. */
  restrictions: z.array(RestrictionDefinition),
});
export type PermissionInfo = z.infer<typeof PermissionInfo>;

/** One row of the audit log: who did what to which record, the changed fields, where from and when. */
export const AuditLogEntry = z.object({
  id: z.number(),
  user_id: z.nullable(z.number()),
  user: z.nullable(z.object({ id: z.number(), email: z.string(), display_name: z.optional(z.string()) })),
  /** The admin behind an impersonated session, when there was one. */
  impersonator_id: z.nullable(z.number()),
  action: z.string(),
  target_type: z.nullable(z.string()),
  target_id: z.nullable(z.number()),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  ip_address: z.nullable(z.string()),
  created_at: timestamp,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

const id = z.object({ id: idParam() });
const roleIds = z.optional(z.array(idField('role')).check(z.maxLength(100)));
const permissionNames = z.optional(
  z.array(z.string().check(z.minLength(1), z.maxLength(150))).check(z.maxLength(500)),
);
const userAnswer = z.object({ user: AdminUser });
const roleAnswer = z.object({ role: AdminRole });

// Users

/** The columns a user list may be sorted by. */
export const USER_ORDER_BY = [
  'id',
  'email',
  'first_name',
  'last_name',
  'created_at',
  'email_verified_at',
  'banned_at',
] as const;
/** What the status filter of the user list accepts. */
export const USER_STATUSES = ['active', 'banned', 'unverified'] as const;

/** `GET admin/users`: a page of users, searched by name or email, filtered by role, status and sign-up date. */
export const listUsers = route({
  method: 'GET',
  path: 'admin/users',
  tag: TAG,
  summary: 'List users',
  permission: P.usersView,
  query: listQuery(USER_ORDER_BY, {
    role: z.optional(idParam('role')),
    status: z.optional(z.enum(USER_STATUSES, { error: 'The status must be active, banned or unverified.' })),
    created_from: dateFilter,
    created_to: dateFilter,
  }),
  response: paginated(AdminUser),
});

/** `GET admin/users/{id}` */
export const showUser = route({
  method: 'GET',
  path: 'admin/users/{id}',
  tag: TAG,
  summary: 'One user, for the admin area',
  permission: P.usersView,
  params: id,
  response: userAnswer,
  errors: [404],
});

/** `POST admin/users`: creates a user with roles (the default roles when none are given). */
export const createUser = route({
  method: 'POST',
  path: 'admin/users',
  tag: TAG,
  summary: 'Create a user',
  permission: P.usersCreate,
  body: z.object({
    email: emailField,
    password: newPasswordField(),
    first_name: optionalString('first name', 100),
    last_name: optionalString('last name', 100),
    roles: roleIds,
    permissions: permissionNames,
    email_verified: z.optional(booleanish),
  }),
  response: userAnswer,
  status: 201,
});

/** `PUT admin/users/{id}`: name, email, roles, direct permissions and the email-verified flag. */
export const updateUser = route({
  method: 'PUT',
  path: 'admin/users/{id}',
  tag: TAG,
  summary: 'Update a user',
  permission: P.usersUpdate,
  params: id,
  body: z.object({
    email: z.optional(emailField),
    first_name: optionalString('first name', 100),
    last_name: optionalString('last name', 100),
    roles: roleIds,
    permissions: permissionNames,
    email_verified: z.optional(booleanish),
  }),
  response: userAnswer,
  errors: [404],
});

/**
 * `POST admin/users/{id}/avatar`: sets a user's avatar the way the account page sets one's own (`users/{id}/avatar`:
 * a multipart `file`, an image of at most 2 MB, or the `url` of an image uploaded here); audited.
 */
export const uploadUserAvatar = route({
  method: 'POST',
  path: 'admin/users/{id}/avatar',
  tag: TAG,
  summary:
    "Set a user's avatar: multipart `file` (an image, at most 2 MB) or the `url` of an image uploaded here",
  permission: P.usersUpdate,
  params: id,
  bodyType: 'multipart',
  body: z.object({ url: z.optional(z.string()) }),
  response: userAnswer,
  errors: [404, 413, 503],
});

/** `DELETE admin/users/{id}/avatar`: removes a user's avatar; audited. */
export const removeUserAvatar = route({
  method: 'DELETE',
  path: 'admin/users/{id}/avatar',
  tag: TAG,
  summary: "Remove a user's avatar",
  permission: P.usersUpdate,
  params: id,
  response: userAnswer,
  errors: [404],
});

/**
 * `POST admin/users/{id}/password-reset`: mails the user the same single-use reset link "Forgot password" does
 * (earlier links stop working). Shares forgot-password's limit per address (429); audited, without the link.
 */
export const sendPasswordReset = route({
  method: 'POST',
  path: 'admin/users/{id}/password-reset',
  tag: TAG,
  summary: 'Mail a user a password reset link',
  permission: P.usersUpdate,
  params: id,
  response: z.object({ message: z.string() }),
  errors: [404, 503],
  rateLimited: true,
});

/**
 * `POST admin/users/{id}/ban`: with a reason and an optional end; the user's sessions and API tokens are
 * refused from their next request, and logging in answers the ban message.
 */
export const banUser = route({
  method: 'POST',
  path: 'admin/users/{id}/ban',
  tag: TAG,
  summary: 'Ban a user',
  permission: P.usersUpdate,
  params: id,
  body: z.object({
    reason: boundedString('reason', 255),
    until: z.optional(z.nullable(timestamp)),
  }),
  response: userAnswer,
  errors: [403, 404],
});

/** `POST admin/users/{id}/unban` */
export const unbanUser = route({
  method: 'POST',
  path: 'admin/users/{id}/unban',
  tag: TAG,
  summary: 'Lift a ban',
  permission: P.usersUpdate,
  params: id,
  response: userAnswer,
  errors: [404],
});

/** `DELETE admin/users/{id}`: the same deletion as deleting one's own account, in one transaction. */
export const deleteUser = route({
  method: 'DELETE',
  path: 'admin/users/{id}',
  tag: TAG,
  summary: 'Delete a user',
  permission: P.usersDelete,
  params: id,
  response: noContent,
  errors: [403, 404],
});

/** `POST admin/users/bulk-delete`: deletes the listed users (never the caller). */
export const bulkDeleteUsers = route({
  method: 'POST',
  path: 'admin/users/bulk-delete',
  tag: TAG,
  summary: 'Delete several users',
  permission: P.usersDelete,
  body: z.object({ ids: z.array(idField()).check(z.minLength(1), z.maxLength(100)) }),
  response: z.object({ deleted: z.number() }),
  errors: [403],
});

/** `POST admin/users/assign-role`: gives the listed users one role. */
export const assignRole = route({
  method: 'POST',
  path: 'admin/users/assign-role',
  tag: TAG,
  summary: 'Give several users a role',
  permission: P.usersUpdate,
  body: z.object({ ids: z.array(idField()).check(z.minLength(1), z.maxLength(100)), role: idField('role') }),
  response: z.object({ updated: z.number() }),
  errors: [404],
});

/**
 * `POST admin/users/{id}/impersonate`: "log in as" the user (never another admin). This browser's session
 * becomes the user's, remembering the admin so `admin/impersonation/stop` can return; both are audited.
 */
export const impersonate = route({
  method: 'POST',
  path: 'admin/users/{id}/impersonate',
  tag: TAG,
  summary: 'Log in as a user',
  permission: P.usersImpersonate,
  params: id,
  response: BootstrapAnswer,
  errors: [403, 404],
  token: false,
});

/** `POST admin/impersonation/stop`: back to the admin's own account ("Return to my account"). */
export const stopImpersonating = route({
  method: 'POST',
  path: 'admin/impersonation/stop',
  tag: TAG,
  summary: 'Return to your own account after logging in as a user',
  auth: true,
  response: BootstrapAnswer,
  errors: [403],
  token: false,
});

// Roles and permissions

export const ROLE_ORDER_BY = ['id', 'name', 'created_at'] as const;

const roleBody = {
  name: boundedString('name', 100),
  description: optionalString('description', 255),
  default: z.optional(booleanish),
  permissions: z.optional(
    z
      .array(
        z.object({
          name: z.string().check(z.minLength(1), z.maxLength(150)),
          restrictions: z.optional(z.array(Restriction).check(z.maxLength(20))),
        }),
      )
      .check(z.maxLength(500)),
  ),
};

/** `GET admin/roles` */
export const listRoles = route({
  method: 'GET',
  path: 'admin/roles',
  tag: TAG,
  summary: 'List roles',
  permission: P.rolesView,
  query: listQuery(ROLE_ORDER_BY),
  response: paginated(AdminRole),
});

/** `POST admin/roles` */
export const createRole = route({
  method: 'POST',
  path: 'admin/roles',
  tag: TAG,
  summary: 'Create a role',
  permission: P.rolesCreate,
  body: z.object(roleBody),
  response: roleAnswer,
  status: 201,
});

/** `PUT admin/roles/{id}`: takes effect on the next request of the role's users. */
export const updateRole = route({
  method: 'PUT',
  path: 'admin/roles/{id}',
  tag: TAG,
  summary: 'Update a role',
  permission: P.rolesUpdate,
  params: id,
  body: z.object({ ...roleBody, name: z.optional(boundedString('name', 100)) }),
  response: roleAnswer,
  errors: [404],
});

/** `DELETE admin/roles/{id}`: the guests role and default roles cannot be deleted (403). */
export const deleteRole = route({
  method: 'DELETE',
  path: 'admin/roles/{id}',
  tag: TAG,
  summary: 'Delete a role',
  permission: P.rolesDelete,
  params: id,
  response: noContent,
  errors: [403, 404],
});

/** `GET admin/permissions`: every permission the installed modules define, for the permissions editor. */
export const listPermissions = route({
  method: 'GET',
  path: 'admin/permissions',
  tag: TAG,
  summary: 'List the permissions a role or user can be given',
  permission: P.rolesView,
  response: z.object({ permissions: z.array(PermissionInfo) }),
});

// The audit log

export const LOG_ORDER_BY = ['id', 'created_at', 'action'] as const;

/** `GET admin/logs`: the audit log, newest first, filtered by action, actor, target type and date. */
export const listLogs = route({
  method: 'GET',
  path: 'admin/logs',
  tag: TAG,
  summary: 'The audit log',
  permission: P.logsView,
  query: listQuery(LOG_ORDER_BY, {
    action: z.optional(z.string().check(z.maxLength(100))),
    user_id: z.optional(idParam('user')),
    target_type: z.optional(z.string().check(z.maxLength(50))),
    created_from: dateFilter,
    created_to: dateFilter,
  }),
  response: paginated(AuditLogEntry),
});
