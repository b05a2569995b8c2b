import { createHash, randomBytes } from 'node:crypto';
import type { GrantSession } from 'grant';
import type { Context } from 'koa';
import type { Kit } from '../../kit';
import { SOCIAL_PREFIX, type SocialService } from './providers';

/** The cookie that ties a popup's return from the provider to the browser that started it. */
export const SOCIAL_FLOW_COOKIE = 'backline_social';
/** How long a started sign-in may take at the provider. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60 * 1000;
export const SOCIAL_FLOWS_TABLE = 'social_auth_flows';

/** Why the popup was opened: to sign in, or to link a provider to the signed-in user. */
export type SocialMode = 'login' | 'connect';

/** A started OAuth round trip: grant's own state (state, PKCE verifier, nonce) plus who started it. */
export interface SocialFlow {
  service: SocialService;
  mode: SocialMode;
  userId: number | null;
  grant: GrantSession;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

function setCookie(ctx: Context, kit: Kit, value: string | null): void {
  const secure = ctx.secure || kit.config.secureCookies;
  if (secure && !ctx.secure) ctx.cookies.secure = true;
  ctx.cookies.set(SOCIAL_FLOW_COOKIE, value, {
    httpOnly: true,
    // Lax: the provider sends the popup back with a top-level GET, which Lax cookies accompany.
    sameSite: 'lax',
    secure,
    path: SOCIAL_PREFIX,
    overwrite: true,
    ...(value === null ? { maxAge: 0, expires: new Date(0) } : { maxAge: SOCIAL_FLOW_TTL_MS }),
  });
}

/**
 * Keeps grant's state on the server and gives the browser an opaque 256-bit token for it (stored as its
 * SHA-256, like session tokens). The state never travels in a cookie, so it cannot be read or altered there,
 * and `takeFlow` deletes the row as it reads it, so a callback can be answered once only.
 */
export async function saveFlow(ctx: Context, kit: Kit, flow: SocialFlow): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = kit.now();
  // Stale rows of abandoned popups go as new ones arrive; no timer needed.
  await kit.knex(SOCIAL_FLOWS_TABLE).where('expires_at', '<=', now).delete();
  await kit.knex(SOCIAL_FLOWS_TABLE).insert({
    token_hash: hash(token),
    service: flow.service,
    mode: flow.mode,
    user_id: flow.userId,
    grant: JSON.stringify(flow.grant),
    expires_at: new Date(now.getTime() + SOCIAL_FLOW_TTL_MS),
    created_at: now,
  });
  setCookie(ctx, kit, token);
}

/** Reads and deletes this browser's flow in one statement; null when there is none, or it expired. */
export async function takeFlow(ctx: Context, kit: Kit): Promise<SocialFlow | null> {
  const token = ctx.cookies.get(SOCIAL_FLOW_COOKIE);
  if (!token) return null;
  setCookie(ctx, kit, null);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await kit
    .knex(SOCIAL_FLOWS_TABLE)
    .where({ token_hash: hash(token) })
    .delete()
    .returning('*');
  if (!row || new Date(row.expires_at).getTime() <= kit.now().getTime()) return null;
  const grant = typeof row.grant === 'string' ? JSON.parse(row.grant) : row.grant;
  return { service: row.service, mode: row.mode, userId: row.user_id ?? null, grant };
}
