import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { Kit } from '../../kit';
import type { SessionResource } from './describe-session';

/** Lists sessions that are not browser sessions (API tokens, say) for `GET user-sessions`. */
export type SessionSource = (ctx: Context, kit: Kit, userId: number) => Promise<SessionResource[]>;

const sources = new WeakMap<Kit, SessionSource[]>();

/** Adds a source of sessions to an app's `GET user-sessions` (the access-tokens module adds token sessions). */
export function addSessionSource(kit: Kit, source: SessionSource): void {
  const list = sources.get(kit) ?? [];
  list.push(source);
  sources.set(kit, list);
}

/** Every extra session of a user, from all registered sources. */
export async function extraSessions(ctx: Context, kit: Kit, userId: number): Promise<SessionResource[]> {
  const list = sources.get(kit) ?? [];
  return (await Promise.all(list.map((source) => source(ctx, kit, userId)))).flat();
}

/**
 * Why a user's non-browser sessions are being ended: "log out other sessions", a password change, or a password
 * reset. A revoker may treat them differently (the access-tokens module keeps tokens over a password change when
 * `api.revoke_tokens_on_password_change` is off).
 */
export type RevokeReason = 'logout-other' | 'password-change' | 'password-reset';

/**
 * Decides, outside any transaction (settings are read on their own connection, which a single-connection
 * database would deadlock on), what ends a kind of session for a user: answers the step to run inside the
 * caller's transaction (it answers how many ended), or null to keep them.
 */
export type SessionRevoker = (
  kit: Kit,
  userId: number,
  reason: RevokeReason,
) => Promise<((trx: Knex) => Promise<number>) | null>;

const revokers = new WeakMap<Kit, SessionRevoker[]>();

/**
 * Adds what ends a kind of session when the user ends the others or recovers the account. A session listed in
 * `GET user-sessions` must end with them, or a credential made during a compromise outlives the recovery.
 */
export function addSessionRevoker(kit: Kit, revoker: SessionRevoker): void {
  const list = revokers.get(kit) ?? [];
  list.push(revoker);
  revokers.set(kit, list);
}

/**
 * Asks every registered revoker (before the transaction) and answers the step that ends the chosen sessions
 * inside it, with how many ended.
 */
export async function prepareSessionRevocation(
  kit: Kit,
  userId: number,
  reason: RevokeReason,
): Promise<(trx: Knex) => Promise<number>> {
  const steps = (
    await Promise.all((revokers.get(kit) ?? []).map((revoke) => revoke(kit, userId, reason)))
  ).filter((step) => step !== null);
  return async (trx) => {
    let ended = 0;
    for (const step of steps) ended += await step(trx);
    return ended;
  };
}
