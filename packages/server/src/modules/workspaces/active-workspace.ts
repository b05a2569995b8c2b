import type { workspaces } from '@backline/core/contract';
import { ACTIVE_WORKSPACE_COOKIE, WORKSPACE_PARAM } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context, Middleware } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import type { Kit } from '../../kit';

type WorkspaceRole = workspaces.WorkspaceRole;

/** The workspace a request acts in: the Default one (id 0, the user's own) or a team workspace and the role held. */
export interface ActiveWorkspace {
  id: number;
  role: WorkspaceRole;
  /** True for the Default workspace (id 0): product data with no workspace belongs there. */
  default: boolean;
}

const DEFAULT: ActiveWorkspace = Object.freeze({ id: 0, role: 'owner', default: true });

export const NOT_A_MEMBER_MESSAGE = 'You are not a member of this workspace.';

/**
 * The workspace the request acts in, as the workspaces middleware resolved it: product modules scope their data
 * by `activeWorkspace(ctx).id` (0 is the Default workspace). Without the workspaces module, always the Default.
 */
export function activeWorkspace(ctx: Context): ActiveWorkspace {
  return (ctx.state.workspace as ActiveWorkspace | undefined) ?? DEFAULT;
}

/** The role a user holds in a workspace, or null when they are not a member. */
export async function workspaceRole(
  knex: Knex,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceRole | null> {
  const row = await knex('workspace_members')
    .where({ workspace_id: workspaceId, user_id: userId })
    .first('role');
  return (row?.role as WorkspaceRole | undefined) ?? null;
}

/** Resets the cookie to the Default workspace (the browser reads it, so it is not httpOnly). */
function resetCookie(ctx: Context, kit: Kit): void {
  ctx.cookies.set(ACTIVE_WORKSPACE_COOKIE, '0', {
    httpOnly: false,
    sameSite: 'lax',
    secure: ctx.secure || kit.config.secureCookies,
    overwrite: true,
    path: '/',
  });
}

/**
 * Resolves the active workspace of every request into `ctx.state.workspace`. The `workspaceId` query parameter
 * (the client adds it to GET, POST and PUT from the `activeWorkspaceId` cookie) names it; without one the cookie
 * does. A workspace the signed-in user is not a member of is refused with 403 when asked for by parameter, so no
 * route can act in another team's space; the cookie is reset to the Default workspace in the same answer, so a
 * removed member's next request works again. A stale cookie alone falls back to the Default workspace. Visitors
 * have no workspace: theirs is always the Default.
 */
export function workspaceMiddleware(kit: Kit): Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user as { id: number } | undefined;
    const fromQuery = ctx.query[WORKSPACE_PARAM];
    const raw = Array.isArray(fromQuery) ? fromQuery[0] : fromQuery;
    const cookie = raw === undefined ? ctx.cookies.get(ACTIVE_WORKSPACE_COOKIE) : undefined;
    const value = raw ?? cookie;
    ctx.state.workspace = DEFAULT;
    if (!user || value === undefined || value === '' || value === '0') return next();
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
      if (raw === undefined) return next();
      throw new ValidationError({ [WORKSPACE_PARAM]: ['The workspace id must be a whole number.'] });
    }
    const id = Number(value);
    const role = await workspaceRole(kit.knex, id, user.id);
    if (!role) {
      if (raw === undefined) {
        resetCookie(ctx, kit);
        return next();
      }
      if (ctx.cookies.get(ACTIVE_WORKSPACE_COOKIE) === value) resetCookie(ctx, kit);
      throw new HttpError(403, NOT_A_MEMBER_MESSAGE);
    }
    ctx.state.workspace = { id, role, default: false } satisfies ActiveWorkspace;
    return next();
  };
}

/** Sets the active workspace cookie in an answer (joining makes the joined workspace active). */
export function setActiveWorkspaceCookie(ctx: Context, kit: Kit, id: number): void {
  ctx.cookies.set(ACTIVE_WORKSPACE_COOKIE, String(id), {
    httpOnly: false,
    sameSite: 'lax',
    secure: ctx.secure || kit.config.secureCookies,
    overwrite: true,
    path: '/',
    maxAge: 7 * 24 * 3600 * 1000,
  });
}
