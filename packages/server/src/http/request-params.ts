import type { Middleware } from 'koa';

declare module 'koa' {
  interface DefaultState {
    /** The active workspace from the `workspaceId` query parameter; 0 is the default workspace. */
    workspaceId: number;
    /** Relations asked for with `with=a,b` (or repeated `with` parameters). */
    with: string[];
  }
}

/** Parses the `workspaceId` and `with` conventions once, so handlers read them from `ctx.state`. */
export function requestParams(): Middleware {
  return async (ctx, next) => {
    const workspaceId = Number(ctx.query.workspaceId);
    ctx.state.workspaceId = Number.isSafeInteger(workspaceId) && workspaceId > 0 ? workspaceId : 0;
    const raw = ctx.query.with;
    ctx.state.with = (Array.isArray(raw) ? raw : raw ? [raw] : [])
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean);
    await next();
  };
}
