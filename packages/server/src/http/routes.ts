import {
  apiPath,
  ErrorBody,
  type HandlerResult,
  type HttpMethod,
  isSchemaResponse,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  type RouteContract,
  tokenAccess,
} from '@backline/core/contract';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { $ZodType, output } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import type { Kit } from '../kit';
import { HttpError, ValidationError, zodFieldErrors } from './errors';
import { IndexedRouter } from './indexed-router';

export type { HttpMethod };

/** What a handler receives: validated input plus the Koa context and the kit. */
export interface RouteInput<C extends RouteContract = RouteContract> {
  body: ParsedBody<C>;
  query: ParsedQuery<C>;
  params: ParsedParams<C>;
  ctx: Context;
  kit: Kit;
}

/**
 * A handler answers the JSON body its contract declares (dates may stay `Date`s: the wire form is their JSON),
 * or `undefined` after setting `ctx.body` itself (streams, redirects, pages).
 */
export type RouteHandler<C extends RouteContract = RouteContract> = (
  input: RouteInput<C>,
) => HandlerResult<C> | undefined | Promise<HandlerResult<C> | undefined>;

/** A route of the contract with the server's handler attached: what modules register. */
export type RouteDefinition<C extends RouteContract = RouteContract> = C & { handler: RouteHandler<C> };

/** A route of the contract waiting for its handler. */
export interface RouteBinding<C extends RouteContract> {
  /** Attaches the handler; its input and answer are typed from the route's schemas. */
  handle(handler: RouteHandler<C>): RouteDefinition<C>;
}

/**
 * Binds a handler to a route of the contract: `implement(auth.login).handle(async ({body}) => …)`. Two steps,
 * so the route's types are fixed before the handler is read: a handler answering `'ok'` for an `'ok' | 'error'`
 * field then type-checks without `as const`.
 */
export function implement<const C extends RouteContract>(contract: C): RouteBinding<C> {
  return { handle: (handler) => ({ ...contract, handler }) };
}

/**
 * Declares a server-only route and its handler in one object (the contract fields and `handler`). Routes
 * browsers call belong in the shared contract instead, and are registered with `implement`.
 */
export function defineRoute<const C extends RouteContract>(
  route: {
    [K in keyof C]: K extends 'handler' ? RouteHandler<NoInfer<Omit<C, 'handler'>>> : C[K];
  },
): RouteDefinition<Omit<C, 'handler'>> {
  // A mapped type rather than `C & { handler }`: TypeScript infers `C` property by property from it, so the
  // context-sensitive handler does not stop inference (with the intersection, `C` fell back to `RouteContract`
  // and the handler's input was `unknown`).
  return route as unknown as RouteDefinition<Omit<C, 'handler'>>;
}

/** Where a route path lands: `auth/…` and `secure/…` at the root, everything else under `/api/v1/`. */
export function routeUrl(path: string): string {
  return `/${apiPath(path)}`;
}

/** What a Bearer request's token was given (`personal_access_tokens.abilities`); `*` is every ability. */
export interface TokenAbilities {
  abilities: readonly string[] | null;
}

export const TOKEN_REFUSED_MESSAGE = 'API access tokens cannot be used here. Sign in to the site instead.';
export const TOKEN_READ_ONLY_MESSAGE = 'This access token can only read.';

/**
 * Enforces a route's `token` flag on a Bearer request (403 in the error shape): `false` routes (token and password
 * management, two-factor, account deletion) refuse every token, so a stolen token cannot lock its owner out or
 * mint successors; `write` routes need a token with the `write` ability. A request without a token passes.
 */
export function checkTokenAccess(ctx: Context, route: Pick<RouteContract, 'method' | 'token'>): void {
  const token = ctx.state.accessToken as TokenAbilities | null | undefined;
  if (!token) return;
  const access = tokenAccess(route);
  if (access === false) throw new HttpError(403, TOKEN_REFUSED_MESSAGE);
  const abilities = token.abilities ?? [];
  if (abilities.includes('*') || abilities.includes(access)) return;
  // `write` implies `read`: a full token holds both, but an older row may list `write` alone.
  if (access === 'read' && abilities.includes('write')) return;
  throw new HttpError(403, TOKEN_READ_ONLY_MESSAGE);
}

/** A guard a module (the permissions module) installs to enforce `auth` and `permission` on routes. */
export type RouteGuard = (ctx: Context, route: RouteDefinition) => Promise<void> | void;

/** Options of the router that serves the registered routes. */
export interface RouterOptions {
  /**
   * Checks every answer against its route's response schema, unknown keys included (and every failure against
   * the error body), and answers 500 naming the difference when one drifts. Test suites turn it on; it costs a
   * parse per answer.
   */
  validateResponses?: boolean;
}

/** Collects module routes and mounts them on one Koa router. */
export class BacklineRouter {
  readonly routes: RouteDefinition[] = [];
  readonly guards: RouteGuard[] = [];
  /**
   * Routes of the contract a module serves through its own middleware (the resumable upload protocol, which
   * must read the raw body before any parser): not mounted here, but listed in the API reference.
   */
  readonly documented: RouteContract[] = [];

  /** Lists routes a module serves as middleware, so the API reference and the route walk include them. */
  document(...contracts: RouteContract[]): this {
    this.documented.push(...contracts);
    return this;
  }

  /** Registers a route. */
  add<C extends RouteContract>(route: RouteDefinition<C>): this {
    this.routes.push(route as unknown as RouteDefinition);
    return this;
  }

  /** Registers a route of the contract: `router.route(auth.login).handle(async ({ body, ctx, kit }) => …)`. */
  route<const C extends RouteContract>(contract: C): RouteBinding<C> {
    return {
      handle: (handler) => {
        const definition = implement(contract).handle(handler);
        this.add(definition);
        return definition;
      },
    };
  }

  /** Builds the Koa router that serves every registered route. */
  build(kit: Kit, options: RouterOptions = {}): Router {
    const router = new IndexedRouter();
    for (const route of this.routes) {
      const url = routeUrl(route.path).replace(/\{(\w+)\}/g, ':$1');
      router.register(url, [route.method], async (ctx) => {
        checkTokenAccess(ctx, route);
        if (route.auth || route.permission) {
          if (!this.guards.length) throw new HttpError(401, 'Unauthenticated.');
          for (const guard of this.guards) await guard(ctx, route);
        }
        const params = parse(route.params, ctx.params);
        const query = parse(route.query, ctx.query);
        // Multipart and raw bodies are streams the handler reads itself (and checks against `route.body` then).
        const body =
          route.bodyType === 'multipart' || route.bodyType === 'raw'
            ? undefined
            : parse(route.body, ctx.request.body ?? {});
        const result = await route.handler({ body, query, params, ctx, kit } as RouteInput);
        if (result !== undefined) {
          ctx.body = result;
          if (route.status && ctx.status === 200) ctx.status = route.status;
        } else if (ctx.body === undefined) ctx.status = 204;
        // Thrown failures always leave in the error shape; what a handler answered itself is checked here.
        if (options.validateResponses) checkAnswer(ctx, route);
      });
    }
    return router;
  }
}

function parse(schema: $ZodType | undefined, value: unknown): never {
  if (!schema) return value as never;
  return validateInput(schema, value) as never;
}

/**
 * Parses input that can only be described at request time (fields named by a setting, for example) with the
 * same 422 answer as declared schemas.
 */
export function validateInput<S extends $ZodType>(schema: S, value: unknown): output<S> {
  const result = safeParse(schema, value);
  if (!result.success) throw new ValidationError(zodFieldErrors(result.error));
  return result.data;
}

/**
 * A drift between what a handler answered and what its contract declares. Only raised while responses are
 * checked (tests), where a 500 naming the difference is what the failing test should print.
 */
export class ContractDriftError extends HttpError {
  constructor(route: RouteContract, detail: string) {
    super(500, `${route.method} ${route.path} answered outside its contract: ${detail}`);
    this.name = 'ContractDriftError';
  }
}

function checkAnswer(ctx: Context, route: RouteDefinition): void {
  if (ctx.status >= 400) {
    checkError(route, ctx.status, ctx.body);
    return;
  }
  if (ctx.status >= 300) return;
  const spec = route.response;
  if (!isSchemaResponse(spec)) {
    if (spec.kind === 'none' && ctx.body !== undefined && ctx.body !== null && ctx.status !== 204)
      throw new ContractDriftError(route, `declared no content, answered ${ctx.status} with a body`);
    return;
  }
  // The wire form is what the browser receives: dates as strings, undefined fields gone. A handler may have
  // written the JSON text itself.
  const wire =
    ctx.body === undefined
      ? undefined
      : typeof ctx.body === 'string' && ctx.response.is('json')
        ? JSON.parse(ctx.body)
        : JSON.parse(JSON.stringify(ctx.body));
  const result = safeParse(spec, wire);
  if (!result.success)
    throw new ContractDriftError(route, JSON.stringify(zodFieldErrors(result.error)).slice(0, 2000));
  // zod objects drop keys they do not declare, so an answer carrying more than its contract (a column a
  // handler forgot to leave out) still parses. What the parse dropped is what the contract does not know.
  const unknown = unknownKeys(wire, result.data);
  if (unknown.length)
    throw new ContractDriftError(
      route,
      `fields the contract does not declare: ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ` (${unknown.length} in all)` : ''}`,
    );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The paths (`user.password`, `pagination.data[0].email`) of the keys in `wire` that its parsed form `parsed`
 * lacks. Records and loose objects keep every key, so only keys an object schema did not declare are found. A
 * value the schema transformed into another shape is not compared.
 */
export function unknownKeys(wire: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(wire) && Array.isArray(parsed))
    return wire.flatMap((item, index) => unknownKeys(item, parsed[index], `${path}[${index}]`));
  if (!isPlainObject(wire) || !isPlainObject(parsed)) return [];
  return Object.keys(wire).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? unknownKeys(wire[key], parsed[key], at) : [at];
  });
}

function checkError(route: RouteDefinition, status: number, body: unknown): void {
  const wire = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  const result = safeParse(ErrorBody, wire);
  if (!result.success)
    throw new ContractDriftError(route, `error ${status} is not the error shape: ${JSON.stringify(wire)}`);
}
