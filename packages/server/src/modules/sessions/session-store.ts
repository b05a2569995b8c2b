import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context, Middleware } from 'koa';
import { HttpError } from '../../http/errors';
import type { Kit } from '../../kit';
import { pooledQuery } from '../users/pooled-query';
import { User } from '../users/user-model';
import { Session, type SessionPayload } from './session-model';

declare module 'koa' {
  interface DefaultState {
    /** The signed-in user, or null for a visitor (set by the sessions module). */
    user?: User | null;
    /** This browser's session row, if it has one. */
    session?: Session | null;
  }
}

/** The session cookie: HttpOnly, SameSite=Lax, Secure under https. */
export const SESSION_COOKIE = 'backline_session';
/** "Stay signed in for a month". */
export const REMEMBER_MS = 30 * 24 * 3600 * 1000;
/** `last_active` is written at most this often. */
export const ACTIVITY_INTERVAL_MS = 60 * 1000;
/** Idle lifetime of a session without "remember me", in minutes (setting `session.lifetime`). */
export const DEFAULT_SESSION_LIFETIME_MINUTES = 120;

// 32 random bytes: 256 bits, base64url without padding.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The columns a new session is written with (all but its id). */
const SESSION_COLUMNS = [
  'token_hash',
  'user_id',
  'ip_address',
  'user_agent',
  'payload',
  'remember',
  'last_active',
  'expires_at',
  'created_at',
] as const;
const INSERT_SESSION = `insert into sessions (${SESSION_COLUMNS.join(', ')})
  values (${SESSION_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;

/** The SHA-256 a token is stored as: a leaked table holds nothing a browser could present. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function idleLifetimeMs(kit: Kit): Promise<number> {
  const minutes = Number(await kit.settings.get('session.lifetime', DEFAULT_SESSION_LIFETIME_MINUTES));
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_SESSION_LIFETIME_MINUTES) * 60_000;
}

function setCookie(ctx: Context, kit: Kit, value: string | null, maxAge?: number): void {
  const secure = ctx.secure || kit.config.secureCookies;
  // Behind a TLS proxy Koa may not know the request was https; the configured https base URL says it was.
  if (secure && !ctx.secure) ctx.cookies.secure = true;
  ctx.cookies.set(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    overwrite: true,
    ...(value === null ? { maxAge: 0, expires: new Date(0) } : maxAge ? { maxAge } : {}),
  });
}

/**
 * Starts a fresh session for this browser, ending the one it had: the id changes whenever privilege does
 * (login, two-factor completion, password change), so a planted or stolen earlier id is worthless.
 */
export async function startSession(
  ctx: Context,
  kit: Kit,
  options: { userId: number | null; remember?: boolean; payload?: SessionPayload; lifetimeMs?: number },
): Promise<Session> {
  const now = kit.now();
  const remember = options.remember ?? false;
  const lifetime = options.lifetimeMs ?? (remember ? REMEMBER_MS : await idleLifetimeMs(kit));
  const token = randomBytes(32).toString('base64url');
  const row = {
    token_hash: hashSessionToken(token),
    user_id: options.userId,
    ip_address: ctx.ip || null,
    user_agent: ctx.get('User-Agent').slice(0, 500) || null,
    payload: options.payload ?? {},
    remember,
    last_active: now,
    expires_at: new Date(now.getTime() + lifetime),
    created_at: now,
  };
  const previous = ctx.state.session;
  const values = { ...row, payload: JSON.stringify(row.payload) };
  // Ending the old session and starting the new one commit together, so the browser is never left with neither.
  const [inserted] = previous
    ? await kit.knex.transaction(async (trx) => {
        await trx('sessions').where({ id: previous.id }).delete();
        return trx('sessions').insert(values).returning<{ id: number }[]>('id');
      })
    : // Every login runs this: one statement past knex, answering only the id (every other column is known here).
      await pooledQuery<{ id: number }>(
        kit.knex,
        INSERT_SESSION,
        SESSION_COLUMNS.map((column) => values[column]),
      );
  const session = Object.assign(new Session(), row, { id: inserted!.id });
  // A remembered session gets a 30-day cookie; any other dies with the browser (and idles out server-side).
  setCookie(ctx, kit, token, remember ? REMEMBER_MS : undefined);
  ctx.state.session = session;
  return session;
}

/** Signs a user in on this browser with a new session id. */
export async function signIn(
  ctx: Context,
  kit: Kit,
  user: User,
  options: { remember?: boolean; payload?: SessionPayload } = {},
): Promise<Session> {
  // A module may refuse the sign-in (a ban); the refusal's message is the answer, and no session starts.
  for (const module of kit.modules) {
    const refusal = await module.user?.signInRefusal?.(kit, user);
    if (refusal) throw new HttpError(403, refusal);
  }
  const session = await startSession(ctx, kit, { userId: user.id, ...options });
  ctx.state.user = user;
  return session;
}

/** Ends this browser's session: the row is deleted, so the old cookie opens nothing even if replayed. */
export async function signOut(ctx: Context, kit: Kit): Promise<void> {
  if (ctx.state.session) await Session.query(kit.knex).deleteById(ctx.state.session.id);
  setCookie(ctx, kit, null);
  ctx.state.session = null;
  ctx.state.user = null;
}

/** Ends every session of a user except `keepId` (this browser's); answers how many ended. */
export async function endOtherSessions(
  kit: Kit,
  userId: number,
  keepId?: number,
  trx: Knex = kit.knex,
): Promise<number> {
  const query = Session.query(trx).where({ user_id: userId });
  if (keepId !== undefined) query.whereNot({ id: keepId });
  return query.delete();
}

/** Merges into this session's payload. */
export async function updateSessionPayload(ctx: Context, kit: Kit, patch: SessionPayload): Promise<void> {
  const session = ctx.state.session;
  if (!session) return;
  const payload = { ...session.payload, ...patch };
  for (const key of Object.keys(patch) as (keyof SessionPayload)[])
    if (patch[key] === undefined) delete payload[key];
  await Session.query(kit.knex).findById(session.id).patch({ payload });
  session.payload = payload;
}

/**
 * Reads the session cookie and sets `ctx.state.user` and `ctx.state.session`. An unknown, expired or
 * malformed cookie is cleared. Activity is written at most once a minute, which also slides the idle expiry
 * of sessions without "remember me".
 */
export function sessionMiddleware(kit: Kit): Middleware {
  return async (ctx, next) => {
    ctx.state.user = null;
    ctx.state.session = null;
    // A request that presents a Bearer token is authenticated by that token alone (the access-tokens module):
    // the cookie session is never read, so a bad token cannot fall back to the browser's session.
    const token = hasBearerToken(ctx) ? undefined : ctx.cookies.get(SESSION_COOKIE);
    if (token) await resume(ctx, kit, token);
    await next();
  };
}

/** Whether the request carries `Authorization: Bearer …`. */
export const hasBearerToken = (ctx: Context) => /^Bearer\s/i.test(ctx.get('Authorization'));

async function resume(ctx: Context, kit: Kit, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return setCookie(ctx, kit, null);
  const found = await findSession(kit, hashSessionToken(token));
  const now = kit.now();
  if (!found || found.session.expires_at.getTime() <= now.getTime()) {
    if (found) await Session.query(kit.knex).deleteById(found.session.id);
    return setCookie(ctx, kit, null);
  }
  const { session, user } = found;
  if (session.user_id !== null && !user) return setCookie(ctx, kit, null);
  if (now.getTime() - session.last_active.getTime() >= ACTIVITY_INTERVAL_MS) {
    const patch: Partial<Session> = { last_active: now, ip_address: ctx.ip || null };
    if (user && !session.remember) patch.expires_at = new Date(now.getTime() + (await idleLifetimeMs(kit)));
    await Session.query(kit.knex).findById(session.id).patch(patch);
    Object.assign(session, patch);
  }
  ctx.state.session = session;
  ctx.state.user = user;
}

/** The session columns under names of their own, so they cannot collide with the user's `u.*`. */
const RESUME_SESSION = `select ${['id', ...SESSION_COLUMNS].map((column) => `s.${column} as "session.${column}"`).join(', ')}, u.*
  from sessions as s left join users as u on u.id = s.user_id
  where s.token_hash = $1`;

/**
 * The session with this token hash and its user, in one statement. Every request with a cookie pays for it,
 * so it runs past objection's graph join and knex's builder (about 0.3 ms of CPU less, docs/benchmarks.md).
 */
async function findSession(
  kit: Kit,
  tokenHash: string,
): Promise<{ session: Session; user: User | null } | undefined> {
  const [row] = await pooledQuery(kit.knex, RESUME_SESSION, [tokenHash]);
  if (!row) return undefined;
  const sessionColumns: Record<string, unknown> = {};
  const userColumns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (name.startsWith('session.')) sessionColumns[name.slice('session.'.length)] = value;
    else userColumns[name] = value;
  }
  return {
    session: Session.fromDatabaseJson(sessionColumns),
    // A left join without a match (a visitor's session, or a user deleted since) answers null columns.
    user: userColumns.id == null ? null : User.fromDatabaseJson(userColumns),
  };
}

/** Deletes expired sessions; the sessions module runs it on start and every hour. */
export async function pruneSessions(kit: Kit): Promise<number> {
  return Session.query(kit.knex).where('expires_at', '<=', kit.now()).delete();
}
