import type { $ZodType, input, output } from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response that is not JSON (a file, a page, an image), described by its content type. */
export interface RawResponse {
  readonly kind: 'raw';
  readonly contentType: string;
  readonly description?: string;
}

/** A response without a body (204). */
export interface NoContent {
  readonly kind: 'none';
}

/** What a route answers on success: a zod schema of the JSON body, a raw body, or nothing. */
export type ResponseSpec = $ZodType | RawResponse | NoContent;

/**
 * What an API token may do on a route. `read` routes accept every token, `write` routes only tokens with
 * the write ability, and `false` routes refuse tokens outright (token management, password and two-factor
 * changes: a stolen token must not be able to lock its owner out).
 */
export type TokenAccess = 'read' | 'write' | false;

/**
 * One route of the wire contract, declared once and read by both sides: the server registers, validates and
 * documents it, and the browser calls it with typed input and output.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  /**
   * Written the way clients call it, with `{name}` placeholders: `users/{id}` serves `/api/v1/users/{id}`, while
   * paths starting with `auth` or `secure` serve at the site root (the prefix rule in `wire.ts`).
   */
  readonly path: string;
  /** One line for the API reference. */
  readonly summary: string;
  readonly description?: string;
  /** The group the route is listed under in the API reference; the module's name. */
  readonly tag: string;
  readonly params?: $ZodType;
  readonly query?: $ZodType;
  readonly body?: $ZodType;
  /**
   * How the body travels: JSON (default), a multipart form whose file part is named by `file` (the `body`
   * schema then describes the other fields), or raw bytes (the resumable upload protocol).
   */
  readonly bodyType?: 'json' | 'multipart' | 'raw';
  readonly response: ResponseSpec;
  /** The success status; 200 by default, 204 for `noContent()`. */
  readonly status?: number;
  /** Requires a signed-in user (401 otherwise). */
  readonly auth?: boolean;
  /** Requires this permission (403 otherwise; for visitors, checked against the guest role). */
  readonly permission?: string;
  /** What API tokens may do here; by default GET routes are `read` and the rest `write`. */
  readonly token?: TokenAccess;
  /**
   * Error statuses the route answers beyond the implied ones (422 for input with a schema, 401 for `auth`,
   * 403 for `permission`, 419 for unsafe methods, 429 for rate-limited routes).
   */
  readonly errors?: readonly number[];
  /** The route is rate limited (it can answer 429 with `Retry-After`). */
  readonly rateLimited?: boolean;
}

/** Declares a route of the contract; the `const` parameter keeps every schema's exact type. */
export function route<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** A raw (non-JSON) response of the given content type. */
export function raw(contentType: string, description?: string): RawResponse {
  return { kind: 'raw', contentType, description };
}

/** A response without a body: 204 No Content. */
export const noContent: NoContent = { kind: 'none' };

/** True when the response spec is a zod schema of a JSON body. */
export function isSchemaResponse(spec: ResponseSpec): spec is $ZodType {
  return !('kind' in spec && (spec.kind === 'raw' || spec.kind === 'none'));
}

/** The token access a route grants: its own setting, else `read` for GET and `write` for the rest. */
export function tokenAccess(contract: Pick<RouteContract, 'method' | 'token'>): TokenAccess {
  return contract.token ?? (contract.method === 'GET' ? 'read' : 'write');
}

type Part<K extends string, S> = S extends $ZodType
  ? Record<string, never> extends input<S>
    ? { [P in K]?: input<S> }
    : { [P in K]: input<S> }
  : { [P in K]?: never };

/** What a caller passes to `http.call(route, input)`: params, query and body as the schemas accept them. */
export type CallInput<C extends RouteContract> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  (C['bodyType'] extends 'multipart' | 'raw' ? { body: FormData | Blob } : Part<'body', C['body']>) & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** Overrides the client's retry count for this call. */
    retries?: number;
  };

/** What a route answers on the wire (JSON as sent; an encoded value stays encoded). */
export type CallOutput<C extends RouteContract> = C['response'] extends $ZodType
  ? input<C['response']>
  : C['response'] extends NoContent
    ? undefined
    : unknown;

/** The body a route accepts, as the caller sends it. */
export type BodyOf<C extends RouteContract> = C['body'] extends $ZodType ? input<C['body']> : never;

/** What a route answers on the wire; the same as `CallOutput`. */
export type AnswerOf<C extends RouteContract> = CallOutput<C>;

/** True when every field of the input is optional, so `http.call(route)` may omit it. */
export type InputOptional<C extends RouteContract> =
  Record<string, never> extends Omit<CallInput<C>, 'signal' | 'headers' | 'retries'> ? true : false;

/** What the server hands a handler: the parsed (output) form of each schema. */
export type ParsedParams<C extends RouteContract> = C['params'] extends $ZodType
  ? output<C['params']>
  : Record<string, string>;
export type ParsedQuery<C extends RouteContract> = C['query'] extends $ZodType
  ? output<C['query']>
  : Record<string, unknown>;
export type ParsedBody<C extends RouteContract> = C['body'] extends $ZodType ? output<C['body']> : unknown;

/** What a handler may return: the JSON body the contract declares (before serialisation). */
export type HandlerResult<C extends RouteContract> = C['response'] extends $ZodType
  ? Serializable<input<C['response']>>
  : undefined;

/**
 * The server-side form of a wire value: anything whose JSON is the wire value. Dates serialise to ISO
 * strings, so a handler may return a `Date` where the contract declares a timestamp string.
 */
export type Serializable<T> = T extends string
  ? T | (string extends T ? Date : never)
  : T extends readonly (infer E)[]
    ? readonly Serializable<E>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T;

/**
 * Fills `{name}` placeholders from params (each value URL-encoded). A missing param is a programming error,
 * so it throws rather than calling a wrong URL.
 */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The placeholder names of a path (`users/{id}/avatar` → `['id']`). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}
