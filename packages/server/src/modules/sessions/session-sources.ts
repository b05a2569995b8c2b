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
