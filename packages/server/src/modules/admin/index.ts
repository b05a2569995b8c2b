import { ADMIN_ROUTE_PERMISSIONS } from '@backline/core/contract';
import { defineModule, type PermissionDefinition } from '../../kit';
import { ensurePermission } from '../permissions/permissions';
import { displayName } from '../users/serialize-user';
import { User } from '../users/user-model';
import { auditLogMigrations } from './audit-log';
import { banMessage, banMiddleware, isBanned } from './bans';
import { logRoutes } from './logs-routes';
import { roleRoutes } from './roles-routes';
import { userRoutes } from './users-routes';

const P = ADMIN_ROUTE_PERMISSIONS;

/** The permissions of the admin area; `admin` (the admin role's) grants every one. */
export const ADMIN_PERMISSION_DEFINITIONS: PermissionDefinition[] = [
  { name: P.access, description: 'Open the admin area' },
  { name: P.usersView, description: 'List and view users in the admin area' },
  { name: P.usersCreate, description: 'Create users' },
  { name: P.usersUpdate, description: 'Edit, ban and unban users, and give them roles' },
  { name: P.usersDelete, description: 'Delete users' },
  { name: P.usersImpersonate, description: 'Log in as a user who is not an admin (audited)' },
  { name: P.rolesView, description: 'List roles and permissions' },
  { name: P.rolesCreate, description: 'Create roles' },
  { name: P.rolesUpdate, description: 'Edit roles and their permissions' },
  { name: P.rolesDelete, description: 'Delete roles (never the guests or default roles)' },
  { name: P.logsView, description: 'Read the audit log' },
];

/**
 * The admin area's server half: users (list, create, edit, ban, unban, delete, "log in as"), roles and
 * permissions, and the audit log with its `recordAudit` helper. Every route needs its own permission. Bans
 * refuse sign-in (through the `signInRefusal` user hook) and the next request of open sessions and tokens.
 * Install after the account modules (its middleware reads the caller they identify); `accounts()` does.
 */
export const adminModule = () =>
  defineModule({
    id: 'admin',
    migrations: auditLogMigrations,
    permissions: ADMIN_PERMISSION_DEFINITIONS,
    session: (kit) => banMiddleware(kit),
    routes(router) {
      userRoutes(router);
      roleRoutes(router);
      logRoutes(router);
    },
    user: {
      signInRefusal: (kit, user) => (isBanned(user, kit.now()) ? banMessage(user) : null),
    },
    async bootstrap(ctx, data, kit) {
      const id = ctx.state.session?.payload?.impersonator_id;
      if (!id || !ctx.state.user) return;
      const impersonator = await User.query(kit.knex).findById(id);
      (data as { impersonator?: unknown }).impersonator = impersonator
        ? { id: impersonator.id, display_name: displayName(impersonator) }
        : null;
    },
    async start(kit) {
      for (const permission of ADMIN_PERMISSION_DEFINITIONS)
        await ensurePermission(kit.knex, permission.name, permission.description);
    },
  });

export {
  type AuditEntry,
  auditLogInstalled,
  changedFields,
  isSecretField,
  REDACTED,
  recordAudit,
} from './audit-log';
export { banMessage, isBanned } from './bans';
