import { METHOD_OVERRIDE_HEADER, METHOD_OVERRIDE_PARAM } from '@backline/core/contract';
import type { Middleware } from 'koa';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Clients send PUT, PATCH and DELETE as POST with `X-HTTP-Method-Override` or `_method`. Only a POST may
 * be overridden, so a GET (or a link) can never turn into a write.
 */
export function methodOverride(): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'POST') {
      const requested = (
        ctx.get(METHOD_OVERRIDE_HEADER) || String(ctx.query[METHOD_OVERRIDE_PARAM] ?? '')
      ).toUpperCase();
      if (OVERRIDABLE.has(requested)) ctx.method = requested;
    }
    await next();
  };
}
