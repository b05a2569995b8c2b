import Router from '@koa/router';
import type { Context } from 'koa';
import type { output, ZodType } from 'zod';
import type { Kit } from '../kit';
import { HttpError, ValidationError, zodFieldErrors } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler receives: validated input plus the Koa context and the kit. */
export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  ctx: Context;
  kit: Kit;
}

/**
 * A declarative route. `path` is written the way clients call it: `bootstrap-data` lives under
 * `/api/v1/`, while paths starting with `auth/` or `secure/` live at the root, exactly mirroring the
 * client's prefix rule. Input is declared once as zod schemas; failures answer 422 with field errors.
 */
export interface RouteDefinition<
  BS extends ZodType = ZodType,
  QS extends ZodType = ZodType,
  PS extends ZodType = ZodType,
> {
  method: HttpMethod;
  path: string;
  summary?: string;
  body?: BS;
  query?: QS;
  params?: PS;
  /** Requires a signed-in user. */
  auth?: boolean;
  /** Requires this permission (for visitors, checked against the guest role). */
  permission?: string;
  handler(input: RouteInput<output<BS>, output<QS>, output<PS>>): unknown;
}

/** Identity helper that keeps the schema types flowing into the handler. */
export function defineRoute<
  BS extends ZodType = ZodType,
  QS extends ZodType = ZodType,
  PS extends ZodType = ZodType,
>(route: RouteDefinition<BS, QS, PS>): RouteDefinition<BS, QS, PS> {
  return route;
}

/** Where a route path lands: `auth/…` and `secure/…` at the root, everything else under `/api/v1/`. */
export function routeUrl(path: string): string {
  const clean = path.replace(/^\/+/, '');
  return /^(auth|secure)(\/|$)/.test(clean) ? `/${clean}` : `/api/v1/${clean}`;
}

/** A guard a module (the auth module) installs to enforce `auth` and `permission` on routes. */
export type RouteGuard = (ctx: Context, route: RouteDefinition) => Promise<void> | void;

/** Collects module routes and mounts them on one Koa router. */
export class BacklineRouter {
  readonly routes: RouteDefinition[] = [];
  readonly guards: RouteGuard[] = [];

  /** Registers a route. */
  add<BS extends ZodType, QS extends ZodType, PS extends ZodType>(route: RouteDefinition<BS, QS, PS>): this {
    this.routes.push(route as unknown as RouteDefinition);
    return this;
  }

  /** Builds the Koa router that serves every registered route. */
  build(kit: Kit): Router {
    const router = new Router();
    for (const route of this.routes) {
      const url = routeUrl(route.path).replace(/\{(\w+)\}/g, ':$1');
      router.register(url, [route.method], async (ctx) => {
        if (route.auth || route.permission) {
          if (!this.guards.length) throw new HttpError(401, 'Unauthenticated.');
          for (const guard of this.guards) await guard(ctx, route);
        }
        const body = parse(route.body, ctx.request.body ?? {});
        const query = parse(route.query, ctx.query);
        const params = parse(route.params, ctx.params);
        const result = await route.handler({ body, query, params, ctx, kit });
        if (result !== undefined) ctx.body = result;
        else if (ctx.body === undefined) ctx.status = 204;
      });
    }
    return router;
  }
}

function parse(schema: ZodType | undefined, value: unknown): never {
  if (!schema) return value as never;
  return validateInput(schema, value) as never;
}

/**
 * Parses input that can only be described at request time (fields named by a setting, for example) with the
 * same 422 answer as declared schemas.
 */
export function validateInput<S extends ZodType>(schema: S, value: unknown): output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(zodFieldErrors(result.error));
  return result.data;
}
